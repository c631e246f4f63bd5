import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openRepository } from '../../storage/open';
import { findChromium } from '../../src/crawler/fetching/browser-path';
import { BrowserRenderer } from '../../src/crawler/fetching/browser-renderer';
import { runCli, tempDataDir } from '../helpers/cli';

/**
 * A shop item whose price arrives by an XHR whose path holds ".gif" (/api/giftcards.gifts/…)
 * and whose picture and web font are real media. Media blocking must drop the picture and the
 * font, never the data request. Its icon is fetched by the browser itself, outside the page's
 * requests, and must be blocked too (a host that said Retry-After got it anyway).
 */
function startGiftShop(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    if (path.startsWith('/api/giftcards.gifts/price')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ sku: 'GC-50', price: '48.50', currency: 'USD' }));
    } else if (path === '/pic/card.png' || path === '/pic/icon.png?v=2') {
      res.setHeader('content-type', 'image/png');
      res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
    } else if (path === '/fonts/face.woff2') {
      res.setHeader('content-type', 'font/woff2');
      res.end('wOF2');
    } else if (path === '/item/50.htm') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Gift card 50 - Gift Shop</title><link rel="icon" href="/pic/icon.png?v=2">
<style>@font-face { font-family: Face; src: url(/fonts/face.woff2); } h1 { font-family: Face; }</style></head>
<body><h1>Gift card 50</h1><img src="/pic/card.png" alt="Gift card 50">
<p>SKU: GC-50</p><div class="price">Price: <span id="p">…</span></div><button class="add-to-cart">Add to cart</button>
<script>fetch('/api/giftcards.gifts/price?id=50').then((r) => r.json()).then((d) => { document.getElementById('p').textContent = '$' + d.price; });</script>
</body></html>`);
    } else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    const port = typeof a === 'object' && a ? a.port : 0;
    resolve({ url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) });
  }));
}

describe('media blocking keeps a page\'s own data requests (real Chromium)', { timeout: 120_000 }, () => {
  let site: Awaited<ReturnType<typeof startGiftShop>>;
  beforeAll(async () => {
    site = await startGiftShop();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('adaptive mode\'s renderer: the price XHR under /api/giftcards.gifts/ arrives, the picture and the font are not fetched', async () => {
    const renderer = new BrowserRenderer({ chromiumPath: findChromium() ?? '', timeoutSecs: 30, concurrency: 1 });
    try {
      site.hits.length = 0;
      const page = await renderer.render(`${site.url}/item/50.htm`);
      expect(page.html).toContain('$48.50');
      expect(page.xhr.length).toBeGreaterThan(0);
      expect(site.hits).toContain('/api/giftcards.gifts/price?id=50');
      expect(site.hits).not.toContain('/pic/card.png');
      expect(site.hits).not.toContain('/fonts/face.woff2');
      expect(site.hits).not.toContain('/pic/icon.png?v=2');
    } finally {
      await renderer.close();
    }
  });

  it('browser mode stores the price the XHR brought and fetches no media', async () => {
    site.hits.length = 0;
    const dataDir = tempDataDir();
    const run = await runCli(['--task', 'gift', '--urls', `${site.url}/item/50.htm`, '--mode', 'browser', '--max-pages', '1'], { CRAWLER_DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
    try {
      const rows = await repo.find('commodities', {});
      expect(rows.map((r) => r.price)).toEqual([48.5]);
    } finally {
      await repo.close();
    }
    expect(site.hits).toContain('/api/giftcards.gifts/price?id=50');
    expect(site.hits.filter((h) => h.startsWith('/pic/') || h === '/fonts/face.woff2' || h === '/favicon.ico')).toEqual([]);
  });
});
