import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright';
import { findChromium } from '../../src/crawler/fetching/browser-path';
import { CHROMIUM_ARGS } from '../../src/crawler/fetching/browser-path';
import { NavigationGuard, isPrivateAddress } from '../../src/crawler/fetching/navigation-guard';
import { inScope } from '../../src/crawler/links/scope';

/**
 * Server-side request forgery through the browser: a public site's page asks the crawler's
 * Chromium for loopback addresses (an image, an iframe, a fetch). The "public" shop is
 * shop.test, which Chromium is told to resolve to 127.0.0.1 (and which Node cannot resolve,
 * so the guard takes it for a public host, as it would a real shop).
 */
describe('the browser guard against requests into private networks (real Chromium)', { timeout: 120_000 }, () => {
  let browser: Browser;
  let shop: http.Server;
  let inside: http.Server;
  const shopHits: string[] = [];
  const insideHits: string[] = [];
  let shopPort = 0;
  let insidePort = 0;

  beforeAll(async () => {
    inside = http.createServer((req, res) => {
      insideHits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<p>router admin</p>');
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    insidePort = (inside.address() as AddressInfo).port;
    shop = http.createServer((req, res) => {
      shopHits.push(req.url ?? '');
      if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end();
      const loopback = `http://127.0.0.1:${insidePort}`;
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><html><body><h1>Shop</h1><img src="/logo.png"><img src="${loopback}/secret.png"><iframe src="${loopback}/admin"></iframe>` +
          `<script>fetch('${loopback}/api').catch(() => {}); window.done = true;</script></body></html>`,
      );
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    shopPort = (shop.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: findChromium()!, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP shop.test 127.0.0.1'] });
  });
  afterAll(async () => {
    await browser?.close();
    shop?.closeAllConnections();
    inside?.closeAllConnections();
    await new Promise((r) => shop?.close(r));
    await new Promise((r) => inside?.close(r));
  });

  async function visit(startUrl: string, pageUrl: string): Promise<void> {
    const starts = [new URL(startUrl)];
    const guard = new NavigationGuard({ checkRedirect: async () => undefined }, [startUrl], (u) => inScope(u, starts, 'same-site'));
    const page = await browser.newPage();
    try {
      await guard.attach(page);
      guard.expect(page, pageUrl);
      await page.goto(pageUrl, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
    } finally {
      await page.close();
    }
  }

  it('knows private and loopback addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860::8888', '100.128.0.1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('blocks every request of a public site\'s page to a loopback address outside the scope; the page itself loads', async () => {
    const url = `http://shop.test:${shopPort}/`;
    await visit(url, url);
    expect(shopHits).toContain('/logo.png');
    expect(insideHits).toEqual([]);
  });

  it('restricts nothing when the task itself crawls a private or loopback site', async () => {
    const url = `http://127.0.0.1:${shopPort}/`;
    await visit(url, url);
    expect(insideHits.length).toBeGreaterThan(0);
  });
});
