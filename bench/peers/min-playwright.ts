/**
 * The browser limit of this machine: one Chromium, one context, N reused tabs, no framework.
 * Each tab loads a page (until `load`), reads its HTML and its links; images, fonts and media
 * are blocked through CDP (as our crawler does by default). BFS queue + Set for dedup.
 *   tsx bench/peers/min-playwright.ts --url URL --max-pages N --concurrency C [--seconds S]
 */
import { chromium, type Page } from 'playwright';
import { peerArgs, printResult, sameOrigin } from './peer-args';
import { runBfsPool } from './bfs-pool';

const BLOCKED = ['*.png', '*.jpg', '*.jpeg', '*.gif', '*.webp', '*.svg', '*.ico', '*.woff', '*.woff2', '*.ttf', '*.mp4', '*.webm', '*.mp3'];

const args = peerArgs();
const origin = new URL(args.url).origin;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'], headless: true, handleSIGINT: false });
const context = await browser.newContext();
const tabs: Page[] = [];
for (let i = 0; i < args.concurrency; i++) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: BLOCKED });
  tabs.push(page);
}

const r = await runBfsPool({
  start: args.url,
  maxPages: args.maxPages,
  concurrency: args.concurrency,
  deadline: Date.now() + args.seconds * 1000,
  async visit(url, worker) {
    const page = tabs[worker]!;
    const res = await page.goto(url, { waitUntil: 'load', timeout: 20_000 });
    if (!res || !res.ok()) throw new Error(`HTTP ${res?.status()}`);
    await page.content();
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    const base = page.url();
    return hrefs.map((h) => sameOrigin(h, base, origin)).filter((h): h is string => h !== null);
  },
});
await browser.close();
printResult(r);
