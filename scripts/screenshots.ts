/**
 * Screenshots of the dashboard's main screens for the README, taken in a real Chromium from a
 * fresh data folder: the demo site is crawled three times from the dashboard's own form (prices
 * change between runs, so commodities have a price history), and one slower browser-mode crawl
 * is caught while it runs.
 *
 *     npx tsx scripts/screenshots.ts [--out docs]
 *
 * Chinese text needs a CJK font on the machine (e.g. `apt-get install fonts-wqy-microhei` or
 * `fonts-noto-cjk`); without one Chromium draws boxes, and this script says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../src/crawler/fetching/browser-path';
import { startDemoSite } from '../src/demo-site/server';

const outDir = resolve(process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1]! : 'docs');
process.env.CRAWLER_DATA_DIR = mkdtempSync(join(tmpdir(), 'ui-shots-'));
const { startUiServer } = await import('../src/ui/server');

try {
  if (!execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim()) process.stderr.write('warning: no CJK font installed; Chinese text will show as boxes\n');
} catch {
  /* no fontconfig: let Chromium decide */
}

const demo = await startDemoSite({ products: 80, newsPerLanguage: 6 });
const ui = await startUiServer({ port: 0 });
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
mkdirSync(outDir, { recursive: true });
const shot = async (p: Page, name: string, fullPage = false) => {
  await p.screenshot({ path: join(outDir, name), fullPage });
  process.stdout.write(`wrote ${join(outDir, name)}\n`);
};

async function create(name: string, urls: string, mode: string, maxPages: string, schedule = ''): Promise<void> {
  await page.goto(`${ui.url}#/tasks`);
  const form = page.getByRole('form', { name: 'new task' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Start URLs or aliases').fill(urls);
  await form.getByLabel('Mode').selectOption(mode);
  await form.getByLabel('Max pages').fill(maxPages);
  if (schedule) await form.getByLabel('Schedule (cron)').fill(schedule);
  await form.getByRole('button', { name: 'Create and start' }).click();
  await page.waitForURL(new RegExp(`#/tasks/${name}$`));
}

async function untilStatus(status: string): Promise<void> {
  await page.waitForFunction((s) => document.querySelector('h1 .badge')?.textContent === s, status, { timeout: 300_000, polling: 500 });
  if (status !== 'running') await page.getByText(/exited with code/).waitFor({ timeout: 60_000 });
}

try {
  // Three runs of one task; the shop changes its prices in between.
  for (let run = 0; run < 3; run++) {
    if (run) demo.mutate({ priceChangeRatio: 0.6, removeRatio: 0, seed: 100 + run });
    await create('electronics', demo.url, 'http', '150', run === 0 ? '0 */6 * * *' : '');
    await untilStatus('finished');
  }
  await create('news-zh', `${demo.url}news/`, 'http', '30');
  await untilStatus('finished');

  // A running task, caught mid-crawl in browser mode.
  await create('demo-browser', demo.url, 'browser', '400');
  await page.waitForFunction(() => Number(document.querySelector('[data-stat="pagesDone"]')?.textContent?.replace(/,/g, '') ?? 0) >= 25, null, { timeout: 300_000, polling: 500 });
  await page.waitForTimeout(1500);
  await shot(page, 'dashboard-running-task.png');

  await page.goto(`${ui.url}#/tasks`);
  await page.waitForSelector('table.tasks tbody tr td a');
  await page.waitForTimeout(800);
  await shot(page, 'dashboard-tasks.png');

  await page.goto(`${ui.url}#/tasks/demo-browser`);
  await page.getByRole('button', { name: 'Stop' }).click();
  await untilStatus('stopped');

  await page.goto(`${ui.url}#/tables/commodities?${new URLSearchParams({ filter: '{"salePrice": {"$lt": 1000}}', sort: '-salePrice' })}`);
  await page.waitForSelector('table.records tbody tr');
  await shot(page, 'dashboard-commodities.png');

  // A commodity whose price moved twice.
  await page.goto(`${ui.url}#/tables/commodities?${new URLSearchParams({ filter: '{"priceHistory.2": {"$exists": true}}' })}`);
  await page.locator('table.records td.title a').first().click();
  await page.locator('.chart canvas').waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'dashboard-price-history.png');

  await page.goto(`${ui.url}#/tables/news?${new URLSearchParams({ filter: '{"url": {"$regex": "/news/zh/\\\\d+\\\\.html$"}}' })}`);
  await page.locator('table.records td.title a').first().click();
  await page.getByLabel('facts').waitFor();
  await shot(page, 'dashboard-news.png');

  await page.goto(`${ui.url}#/tables/categories?view=tree`);
  await page.getByLabel('Task').selectOption({ label: 'electronics' });
  await page.getByLabel('category tree').waitFor();
  await page.waitForTimeout(500);
  await shot(page, 'dashboard-categories.png');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
  await phone.goto(`${ui.url}#/tables/commodities`);
  await phone.waitForSelector('table.records tbody tr');
  await shot(phone, 'dashboard-phone.png');
} finally {
  await browser.close();
  await ui.close();
  await demo.close();
}
