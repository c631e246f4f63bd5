import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';

let site: DemoSite;
let browser: Browser;
beforeAll(async () => {
  site = await startDemoSite({ products: 40, newsPerLanguage: 2 });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
});
afterAll(async () => { await browser?.close(); await site?.close(); });

describe('demo site in a real browser', () => {
  it('renders price, original price and reviews from the JSON API in both layouts, and loads image, CSS and webfont', async () => {
    for (const layout of ['jd', 'tb'] as const) {
      const p = site.catalog.products.find((x) => x.layout === layout && x.salePrice !== null && x.reviews.length > 0)!;
      const page = await browser.newPage();
      await page.goto(new URL(p.url, site.url).href, { waitUntil: 'networkidle' });
      const text = (await page.textContent('body'))!;
      expect(text, p.id).toContain(p.salePrice!.toFixed(2));
      expect(text).toContain(`¥${p.price.toFixed(2)}`);
      expect(await page.$$eval('s, del', (els) => els.map((e) => e.textContent))).toContain(`¥${p.price.toFixed(2)}`);
      for (const r of p.reviews) expect(text).toContain(r.content);
      await page.close();
      const paths = site.requestLog().map((e) => e.path);
      expect(paths).toContain(`/api/products/${p.id}`);
      expect(paths).toContain(p.image);
    }
    const paths = site.requestLog().map((e) => e.path);
    expect(paths).toContain('/static/site.css');
    expect(paths.some((x) => x.startsWith('/static/fonts/'))).toBe(true);
  });

  it('the slow trap page parses but never fires "load" (a subresource never completes)', async () => {
    const page = await browser.newPage();
    const url = new URL('/trap/slow.html', site.url).href;
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 5000 });
    expect(await page.textContent('h1')).toBe('限时秒杀专场');
    await expect(page.goto(url, { waitUntil: 'load', timeout: 800 })).rejects.toThrow(/Timeout/);
    await page.close();
  });
});
