import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../src/crawler/fetching/browser-path';
import { PageCapture } from '../../src/crawler/fetching/page-capture';

/**
 * A shop page that loads its price from its own origin once, and beacons to an analytics
 * host (another port: another origin) every 10 ms for as long as it is open.
 */
describe('waiting for a page\'s own data requests (real Chromium)', { timeout: 120_000 }, () => {
  let browser: Browser;
  let shop: http.Server;
  let tracker: http.Server;
  let shopUrl = '';

  beforeAll(async () => {
    tracker = http.createServer((_req, res) => void res.writeHead(204, { 'access-control-allow-origin': '*' }).end());
    await new Promise<void>((r) => tracker.listen(0, '127.0.0.1', r));
    const trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
    shop = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/price')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"19.90"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><p id="p">…</p><script>
fetch('/api/price').then((r) => r.json()).then((d) => { document.getElementById('p').textContent = d.price; });
setInterval(() => fetch('${trackerUrl}/beacon?t=' + Date.now()), 10);
</script>`);
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/item/1.htm`;
    browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => shop?.close(r));
    await new Promise((r) => tracker?.close(r));
  });

  it('settles on the page\'s own fetches while another origin keeps beaconing, and has the price', async () => {
    const page = await browser.newPage();
    const capture = new PageCapture(page);
    await page.goto(shopUrl, { waitUntil: 'domcontentloaded' });
    const deadlineMs = 60_000;
    const t0 = Date.now();
    await capture.settle(deadlineMs, { ownOriginOnly: true });
    // Before, the beacons' count kept the wait going until the deadline on every such page.
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(capture.json.map((j) => j.body)).toContainEqual({ price: '19.90' });
    expect(await page.textContent('#p')).toBe('19.90');
    capture.detach();
    await page.close();
  });
});
