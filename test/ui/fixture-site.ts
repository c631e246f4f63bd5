import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small hand-written site for the dashboard tests, on 127.0.0.1:
 * - /hostile/            a shop page linking a product and an article whose names are HTML/script
 * - /hostile/p/1.html    a product (JSON-LD) named `<img src=x onerror=alert(1)>`
 * - /hostile/news/1.html an article titled `<script>alert(2)</script> …`, by 张三
 * - /hostile/gone.html  a 404 (a failed page, with its reason and URL)
 * - a review of the product reading `… <script>alert(3)</script><b>加粗</b>`
 * - /slow/<n>            a page answered after SLOW_MS, linking /slow/<n+1> … /slow/<n+3>: a crawl
 *                        that keeps running long enough to be paused, resumed and stopped
 */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
export const HOSTILE_TITLE = '<script>alert(2)</script> 华为发布会';
export const HOSTILE_REVIEW = '很好用 <script>alert(3)</script><b>加粗</b>';
const SLOW_MS = 700;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>${head}</head><body>${body}</body></html>`;
}

function product(): string {
  const ld = { '@context': 'https://schema.org', '@type': 'Product', name: HOSTILE_NAME, sku: 'X-1', offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'CNY', availability: 'https://schema.org/InStock' },
    review: [{ '@type': 'Review', author: { '@type': 'Person', name: '李四' }, reviewBody: HOSTILE_REVIEW, datePublished: '2026-11-21', reviewRating: { '@type': 'Rating', ratingValue: 5 } }],
  };
  // JSON-LD must not close its script element: escape "<" inside the JSON.
  const json = JSON.stringify(ld).replace(/</g, '\\u003c');
  return page(HOSTILE_NAME, `<h1>${esc(HOSTILE_NAME)}</h1><p class="price">¥12.50</p><button>加入购物车</button><p>${'商品详情。'.repeat(20)}</p>`, `<script type="application/ld+json">${json}</script>`);
}

function article(): string {
  const text = Array.from({ length: 8 }, (_, i) => `<p>第${i + 1}段：华为今天在深圳举行新品发布会，发布了多款手机和平板电脑，现场观众反应热烈，业内人士认为这将影响今年的市场格局。</p>`).join('');
  const head = `<meta property="og:type" content="article"><meta name="author" content="张三"><meta property="article:published_time" content="2026-11-20T10:30:00+08:00">`;
  return page(HOSTILE_TITLE, `<article><h1>${esc(HOSTILE_TITLE)}</h1><p class="byline">作者：张三 2026-11-20 10:30</p>${text}</article>`, head);
}

export interface FixtureSite {
  url: string;
  /** Paths served, in order. */
  log: string[];
  close(): Promise<void>;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const log: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    log.push(path);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/robots.txt') return send(404, 'none');
    if (path === '/hostile/') return send(200, page('店铺', `<h1>店铺</h1><a href="/hostile/p/1.html">${esc(HOSTILE_NAME)}</a> <a href="/hostile/news/1.html">${esc(HOSTILE_TITLE)}</a> <a href="/hostile/gone.html">已下架</a>`));
    if (path === '/hostile/p/1.html') return send(200, product());
    if (path === '/hostile/news/1.html') return send(200, article());
    const slow = /^\/slow\/(\d+)$/.exec(path);
    if (slow) {
      const n = Number(slow[1]);
      const t = setTimeout(() => {
        timers.delete(t);
        send(200, page(`page ${n}`, `<h1>page ${n}</h1>${[1, 2, 3].map((k) => `<a href="/slow/${n + k}">next ${n + k}</a>`).join(' ')}`));
      }, SLOW_MS);
      timers.add(t);
      return;
    }
    send(404, page('not found', '<h1>not found</h1>'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
