import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../src/crawler/fetching/browser-path';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, tempDataDir } from '../helpers/cli';
import { HOSTILE_NAME, HOSTILE_REVIEW, HOSTILE_TITLE, startFixtureSite, type FixtureSite } from './fixture-site';

/**
 * The dashboard in a real Chromium, driven as a user drives it: tasks are created from the page
 * (the crawl runs as the CLI's child process), watched, paused, resumed and stopped; records
 * are filtered and opened. HTTP mode and small page limits keep each crawl to seconds.
 */
const dataDir = tempDataDir();
process.env.CRAWLER_DATA_DIR = dataDir;
const { startUiServer } = await import('../../src/ui/server');
const { openRepository } = await import('../../storage/open');

let ui: Awaited<ReturnType<typeof startUiServer>>;
let demo: DemoSite;
let fixture: FixtureSite;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  [demo, fixture] = await Promise.all([startDemoSite({ products: 30, newsPerLanguage: 2 }), startFixtureSite()]);
  ui = await startUiServer({ port: 0 });
  browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // A CSP violation shows as a console error: the page must need none of what the policy forbids.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) pageErrors.push(m.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await Promise.all([demo?.close(), fixture?.close()]);
});

async function createTask(fields: { name: string; urls: string; mode?: string; maxPages?: string }): Promise<void> {
  await page.goto(`${ui.url}#/tasks`);
  const form = page.getByRole('form', { name: 'new task' });
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Start URLs or aliases').fill(fields.urls);
  await form.getByLabel('Mode').selectOption(fields.mode ?? 'http');
  if (fields.maxPages) await form.getByLabel('Max pages').fill(fields.maxPages);
  await form.getByRole('button', { name: 'Create and start' }).click();
  await page.waitForURL(new RegExp(`#/tasks/${fields.name}$`));
}

const statusBadge = () => page.locator('h1 .badge');
const stat = async (name: string) => Number((await page.locator(`[data-stat="${name}"]`).textContent())!.replace(/,/g, ''));

describe('dashboard in Chromium', () => {
  it('creates a task on the demo site from the page, shows it live and finished, with records per table in the list', async () => {
    await createTask({ name: 'demo-ui', urls: demo.url, maxPages: '40' });
    await expect.poll(() => statusBadge().textContent(), { timeout: 90_000, interval: 500 }).toBe('finished');
    expect(await stat('pagesDone')).toBe(40);
    await expect.poll(() => page.getByText('exited with code 0').count(), { timeout: 10_000 }).toBe(1);
    const byType = page.getByLabel('pages by type');
    expect(await byType.textContent()).toMatch(/listing/);

    await page.goto(`${ui.url}#/tasks`);
    const row = page.locator('table.tasks tbody tr', { hasText: 'demo-ui' });
    await expect.poll(() => row.locator('td[data-label="Status"]').textContent()).toMatch(/finished/);
    const repo = await openRepository({ readOnly: true });
    const [t] = (await repo.listTasks()).filter((x) => x.name === 'demo-ui');
    await repo.close();
    expect(t!.counts.commodities).toBeGreaterThan(0);
    expect(await row.locator('td[data-label="commodities"]').textContent()).toBe(String(t!.counts.commodities));
    expect(await row.locator('td[data-label="Pages done"]').textContent()).toBe('40');
  });

  it('filters commodities by price with the query syntax, sorts, and exports what is shown', async () => {
    const repo = await openRepository({ readOnly: true });
    const all = await repo.count('commodities', {});
    const cheap = await repo.count('commodities', { price: { $lt: 1000 } });
    await repo.close();
    expect(cheap).toBeGreaterThan(0);
    expect(cheap).toBeLessThan(all);

    await page.goto(`${ui.url}#/tables/commodities`);
    await page.getByLabel(/Filter/).fill('{"price": {"$lt": 1000}}');
    await page.getByLabel('Sort').fill('-price');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.bar .count').textContent()).toBe(`1–${cheap} of ${cheap}`);
    const prices = (await page.locator('table.records td[data-label="price"]').allTextContents()).map(Number);
    expect(prices).toHaveLength(cheap);
    expect(prices.every((p) => p < 1000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // The CSV link exports those records (filter, sort and columns as shown), as `export` writes CSV.
    const href = await page.getByRole('link', { name: 'CSV' }).last().getAttribute('href');
    const bytes = await page.evaluate(async (h) => [...new Uint8Array(await (await fetch(h!)).arrayBuffer())], href);
    const csv = Buffer.from(bytes).toString('utf8');
    expect(csv.startsWith('\uFEFF'), 'UTF-8 BOM for spreadsheets').toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('_id,name,price,salePrice,currency,rating,reviewCount,url');
    expect(lines).toHaveLength(cheap + 1);

    // A bad filter gets the query command's own message.
    await page.getByLabel(/Filter/).fill('{"price": {"$where": "1"}}');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/\$where runs code and is not accepted/);
  });

  it('opens a commodity: its price history is drawn as a chart', async () => {
    // A second run after the shop changed its prices gives the commodities a price history.
    demo.mutate({ priceChangeRatio: 1, removeRatio: 0, seed: 7 });
    await createTask({ name: 'demo-ui', urls: demo.url, maxPages: '40' });
    await expect.poll(() => statusBadge().textContent(), { timeout: 90_000, interval: 500 }).toBe('finished');
    const repo = await openRepository({ readOnly: true });
    const [c] = await repo.find('commodities', { 'priceHistory.1': { $exists: true } }, { limit: 1 });
    await repo.close();
    expect(c, 'a commodity whose price changed').toBeTruthy();

    await page.goto(`${ui.url}#/tables/commodities`);
    await page.getByLabel(/Filter/).fill(JSON.stringify({ url: c!.url }));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('table.records td.title a').first().click();
    await page.waitForURL(/#\/record\/commodities\//);
    expect(await page.locator('h1').textContent()).toBe(c!.name);
    const chart = page.getByLabel('price history chart');
    await chart.locator('canvas').waitFor();
    expect(await chart.textContent()).toMatch(/Price history.*price/);
    const box = await chart.locator('canvas').boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    // The drawn series: some pixels carry the price line's colour (#2563eb).
    const blue = await chart.locator('canvas').evaluate((el) => {
      const cv = el as HTMLCanvasElement;
      const data = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - 0x25) < 30 && Math.abs(data[i + 1]! - 0x63) < 30 && Math.abs(data[i + 2]! - 0xeb) < 30) n++;
      return n;
    });
    expect(blue).toBeGreaterThan(50);
  });

  it('pauses and resumes a running task from its page, then stops it', async () => {
    await createTask({ name: 'slow-ui', urls: `${fixture.url}slow/1`, maxPages: '300' });
    await expect.poll(() => stat('pagesDone').catch(() => 0), { timeout: 60_000, interval: 300 }).toBeGreaterThanOrEqual(3);
    expect(await statusBadge().textContent()).toBe('running');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/running → paused/);
    await expect.poll(() => statusBadge().textContent()).toBe('paused');
    // The crawl obeys within about a second; pages in flight finish.
    await new Promise((r) => setTimeout(r, 3_000));
    const atPause = fixture.log.length;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(fixture.log.length, 'no page fetched while paused').toBe(atPause);
    expect(ui.launcher.isRunning('slow-ui')).toBe(true);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => statusBadge().textContent()).toBe('running');
    await expect.poll(() => fixture.log.length, { timeout: 30_000 }).toBeGreaterThan(atPause + 2);
    // Live progress follows by itself (no reload): pages done grows past the paused count.
    const seen = await stat('pagesDone');
    await expect.poll(() => stat('pagesDone'), { timeout: 30_000 }).toBeGreaterThan(seen);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => statusBadge().textContent(), { timeout: 30_000 }).toBe('stopped');
    const run = await ui.launcher.waitFor('slow-ui');
    expect(run!.exitCode).toBe(130);
    expect(run!.output).toMatch(/Task slow-ui interrupted \(resume with --resume\)/);
    await expect.poll(() => page.getByRole('button', { name: 'Continue (--resume)' }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('shows hostile crawled text as text (commodity, its reviews, news): no element, no script, no dialog', async () => {
    const crawl = await runCli(['--task', 'hostile', '--urls', `${fixture.url}hostile/`, '--mode', 'http', '--max-pages', '5'], { CRAWLER_DATA_DIR: dataDir });
    expect(crawl.code, crawl.stderr).toBe(0);
    await page.goto(`${ui.url}#/tables/commodities`);
    await page.getByLabel(/Filter/).fill(JSON.stringify({ sku: 'X-1' }));
    await page.getByRole('button', { name: 'Apply' }).click();
    const cell = page.locator('table.records td.title a').first();
    await expect.poll(() => cell.textContent()).toBe(HOSTILE_NAME);
    expect(await page.locator('table.records img').count()).toBe(0);
    await cell.click();
    await page.waitForURL(/#\/record\/commodities\//);
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_NAME);
    expect(await page.locator('.reviews li p').first().textContent()).toBe(HOSTILE_REVIEW);
    expect(await page.locator('main img, main script, .reviews p *').count()).toBe(0);

    await page.goto(`${ui.url}#/tables/news`);
    await page.getByLabel(/Filter/).fill('{"keywords": "华为"}');
    await page.getByRole('button', { name: 'Apply' }).click();
    const title = page.locator('table.records td.title a').first();
    await expect.poll(() => title.textContent()).toBe(HOSTILE_TITLE);
    await title.click();
    await page.waitForURL(/#\/record\/news\//);
    const facts = page.getByLabel('facts');
    // The time keeps the page's own offset; author and keywords are text beside the article.
    expect(await facts.textContent()).toContain('2026-11-20 10:30:00+08:00');
    expect(await facts.textContent()).toMatch(/Author张三/);
    expect(await facts.locator('.pill', { hasText: '华为' }).count()).toBe(1);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.locator('.news-layout .text').textContent()).toMatch(/华为今天在深圳举行新品发布会/);

    // The task's failed page is listed under its reason, with its URL.
    await page.goto(`${ui.url}#/tasks/hostile`);
    const failure = page.locator('.failures details', { hasText: 'http-404' });
    await failure.locator('summary').click();
    expect(await failure.textContent()).toContain(`${fixture.url}hostile/gone.html`);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
