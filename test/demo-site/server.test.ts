import iconv from 'iconv-lite';
import { parseHtml } from '../../extractors/parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';

let site: DemoSite;
beforeAll(async () => { site = await startDemoSite(); });
afterAll(async () => { await site.close(); });

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(new URL(path, site.url), init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};
const utf8 = (b: Buffer) => new TextDecoder('utf-8', { fatal: true }).decode(b);
const isGbkPath = (p: string) => site.catalog.gbkPages.includes(p);

describe('demo site over HTTP', () => {
  it('serves >= 300 product pages reachable from the home page through category listings', async () => {
    // Independent of linkGraph(): follow category and product links found in the served HTML.
    const seen = new Set<string>(['/']);
    const queue = ['/'];
    const products = new Set<string>();
    while (queue.length) {
      const path = queue.shift()!;
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(200);
      for (const m of utf8(bytes).matchAll(/href="([^"#]*)"/g)) {
        const u = new URL(m[1]!.replace(/&amp;/g, '&'), new URL(path, site.url));
        if (u.origin !== new URL(site.url).origin || !/^\/(c|p)\//.test(u.pathname)) continue;
        const href = u.pathname + u.search;
        if (href.startsWith('/p/')) products.add(href);
        else if (!seen.has(href)) { seen.add(href); queue.push(href); }
      }
    }
    expect(products.size).toBe(site.catalog.products.length);
    expect(products.size).toBeGreaterThanOrEqual(300);
    expect([...seen].some((p) => p.includes('?page=2'))).toBe(true);
  });

  it('listing pages show server-rendered prices and struck-through list prices for items on sale', async () => {
    const leaf = site.catalog.categories.find((c) => c.level === 3)!;
    const html = utf8((await get(leaf.url)).bytes);
    const items = site.catalog.products.filter((p) => p.categoryId === leaf.id).slice(0, 20);
    expect(html).toContain('下一页');
    for (const p of items) {
      const shown = (p.salePrice ?? p.price).toFixed(2).replace(/\.00$/, '');
      expect(html.replace(/,/g, ''), p.id).toContain(shown);
    }
    expect(html).toMatch(/<del>|<s class|old-price/);
  });

  it('product HTML has name/brand/SKU but no price; the JSON API has the prices', async () => {
    const sample = ['json-ld', 'microdata', 'plain'].map((k) => site.catalog.products.find((p) => p.markup === k && p.salePrice !== null)!);
    for (const p of sample) {
      const html = utf8((await get(p.url)).bytes);
      const doc = parseHtml(html, new URL(p.url, site.url).href);
      expect(doc.body.textContent).toContain(p.name);
      expect(html).toContain(p.sku);
      expect(html).toContain(p.brand);
      for (const n of [p.price, p.salePrice!]) {
        expect(html, `${p.id} leaks ${n}`).not.toContain(n.toFixed(2));
        expect(html).not.toContain(n.toLocaleString('en-US', { minimumFractionDigits: 2 }));
      }
      expect(html).not.toMatch(/"offers"|itemprop="price"/);
      if (p.markup === 'json-ld') {
        const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
        expect(ld).toMatchObject({ '@type': 'Product', name: p.name, sku: p.sku });
      }
      if (p.markup === 'microdata') expect(doc.querySelector('[itemtype="https://schema.org/Product"] [itemprop="sku"]')!.textContent).toBe(p.sku);
      const api = await (await fetch(new URL(`/api/products/${p.id}`, site.url))).json();
      expect(Number(api.price)).toBe(p.price);
      expect(Number(api.promoPrice)).toBe(p.salePrice);
      expect(api.comments).toHaveLength(p.reviews.length);
    }
  });

  it('shop pages and Chinese articles are real GBK bytes, declared in header, meta, or not at all', async () => {
    const declared = new Set<string>();
    const pages = [...site.catalog.shops.slice(0, 4).map((s) => s.url), ...site.catalog.news.filter((n) => n.language === 'zh').slice(0, 4).map((n) => n.url)];
    for (const path of pages) {
      expect(isGbkPath(path)).toBe(true);
      const { res, bytes } = await get(path);
      expect(() => utf8(bytes), path).toThrow();
      const text = iconv.decode(bytes, 'gbk');
      const expected = site.catalog.shops.find((s) => s.url === path)?.name ?? site.catalog.news.find((n) => n.url === path)!.paragraphs[0]!;
      expect(text).toContain(expected);
      // iconv-lite writes "?" for characters GBK cannot encode; only query strings may have one.
      expect(text.replace(/href="[^"]*"/g, '')).not.toContain('?');
      const header = /charset=gbk/i.test(res.headers.get('content-type')!);
      const meta = /<meta charset="gbk">|charset=gb2312"/i.test(text);
      declared.add(header ? 'header' : meta ? 'meta' : 'none');
    }
    expect(declared).toEqual(new Set(['header', 'meta', 'none']));
    const shop = site.catalog.shops[0]!;
    expect(iconv.decode((await get(shop.url)).bytes, 'gbk')).toContain(`共 ${shop.goodsCount} 件商品`);
  });

  it('robots.txt disallows the cart and account areas that pages link to, and those pages exist', async () => {
    const { res, bytes } = await get('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = bytes.toString('utf8');
    for (const d of site.disallowed) expect(robots).toContain(`Disallow: ${d}`);
    expect(site.disallowed).toEqual(expect.arrayContaining(['/cart/', '/account/']));
    const home = utf8((await get('/')).bytes);
    expect(home).toMatch(/href="\/cart\//);
    expect(home).toMatch(/href="\/account\//);
    expect((await get('/cart/')).res.status).toBe(200);
    expect((await get('/account/login')).res.status).toBe(200);
  });

  it('answers 304 to matching If-None-Match / If-Modified-Since on products, their API and articles', async () => {
    const p = site.catalog.products[5]!;
    const article = site.catalog.news.find((n) => n.language === 'en')!;
    for (const path of [p.url, `/api/products/${p.id}`, article.url]) {
      const first = await get(path);
      const etag = first.res.headers.get('etag')!;
      const lastModified = first.res.headers.get('last-modified')!;
      expect(etag, path).toMatch(/^"/);
      const byTag = await get(path, { headers: { 'if-none-match': etag } });
      expect(byTag.res.status, path).toBe(304);
      expect(byTag.bytes.length).toBe(0);
      expect((await get(path, { headers: { 'if-modified-since': lastModified } })).res.status).toBe(304);
      expect((await get(path, { headers: { 'if-none-match': '"stale"' } })).res.status).toBe(200);
      expect((await get(path, { headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 86_400_000).toUTCString() } })).res.status).toBe(200);
    }
  });

  it('linkGraph() matches the links in the served HTML (checked with a DOM parser on a sample)', async () => {
    const graph = site.linkGraph();
    expect([...graph.keys()].filter((u) => u.includes('/p/')).length).toBe(site.catalog.products.length);
    const keys = [...graph.keys()];
    const pick = (re: RegExp, n: number) => keys.filter((k) => re.test(new URL(k).pathname + new URL(k).search)).slice(0, n);
    const sample = [site.url, ...pick(/^\/c\//, 4), ...pick(/\?page=2/, 2), ...pick(/^\/p\//, 3), ...pick(/^\/shop\//, 2), ...pick(/^\/news\//, 4), ...pick(/^\/cart\//, 1)];
    for (const url of sample) {
      const { bytes } = await get(url);
      const path = new URL(url).pathname + new URL(url).search;
      const text = isGbkPath(path) ? iconv.decode(bytes, 'gbk') : utf8(bytes);
      const doc = parseHtml(text, url);
      const hrefs = [...doc.querySelectorAll('a[href]')]
        .map((a) => new URL(a.getAttribute('href')!, url))
        .filter((u) => u.origin === new URL(site.url).origin)
        .map((u) => { u.hash = ''; return u.href; });
      expect(new Set(graph.get(url)), url).toEqual(new Set(hrefs));
    }
    // Every link target is itself a key (the graph is closed).
    for (const targets of graph.values()) for (const t of targets) expect(graph.has(t)).toBe(true);
  });

  it('logs every request with method, path and status', async () => {
    const before = site.requestLog().length;
    await get('/img/100001.png');
    await get('/no/such/page');
    const log = site.requestLog().slice(before);
    expect(log.map((e) => [e.method, e.path, e.status])).toEqual([['GET', '/img/100001.png', 200], ['GET', '/no/such/page', 404]]);
  });
});
