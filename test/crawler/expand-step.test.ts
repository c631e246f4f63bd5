import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { join } from 'node:path';
import { runCli, tempDataDir } from '../helpers/cli';
import { openRepository } from '../../storage/open';
import { startExpandSite, FIXTURE, type ExpandSite } from './fixtures/expand-site';

type Doc = Record<string, unknown>;

async function stored(dataDir: string, collection: 'reviews' | 'commodities' | 'categories' | 'news'): Promise<Doc[]> {
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), readOnly: true });
  try {
    return (await repo.find(collection, {})) as unknown as Doc[];
  } finally {
    await repo.close();
  }
}

/** Crawls the given fixture paths (and nothing they link to) in `mode`; returns the data folder and the CLI's output. */
async function crawl(site: ExpandSite, paths: string[], mode = 'browser', extra: string[] = []): Promise<{ dataDir: string; stdout: string; log: string[] }> {
  const dataDir = tempDataDir();
  const before = site.log.length;
  const urls = paths.map((p) => new URL(p, site.url).href).join(',');
  const res = await runCli(['--task', 'expand', '--urls', urls, '--mode', mode, '--max-depth', '0', '--concurrency', '2', ...extra], { CRAWLER_DATA_DIR: dataDir });
  expect(res.code, res.stderr).toBe(0);
  return { dataDir, stdout: res.stdout, log: site.log.slice(before) };
}

describe('the expand step of rendered pages (real Chromium)', () => {
  let site: ExpandSite;

  beforeAll(async () => {
    site = await startExpandSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('stores the reviews a product page loads by XHR after load and behind 查看更多评价', async () => {
    const { dataDir, stdout, log } = await crawl(site, ['/item/1001.html']);
    const reviews = await stored(dataDir, 'reviews');
    const texts = reviews.map((r) => String(r.content));
    for (const r of FIXTURE.REVIEWS) expect(texts.some((t) => t.includes(r.text)), `${r.text} in ${texts.join(' | ')}`).toBe(true);
    expect(log.filter((p) => p.startsWith('/api/reviews/1001'))).toEqual(['/api/reviews/1001?page=1', '/api/reviews/1001?page=2']);
    expect(stdout).toMatch(/Expanded: 1 "more" clicks on 1 pages/);
  }, 120_000);

  it('stores the goods a category page shows only after Load more (no pagination links), not waiting for another origin', async () => {
    const { dataDir, log } = await crawl(site, ['/list/phones.html']);
    const names = (await stored(dataDir, 'commodities')).map((c) => String(c.name));
    // All 24 goods: 8 in the HTML, 16 behind two clicks — each click also pings a tracker on
    // another origin that never answers, which the step does not wait for.
    for (const p of FIXTURE.PHONES) expect(names.some((n) => n.includes(p.name)), `${p.name} in ${names.length} names`).toBe(true);
    expect(log.filter((p) => p.startsWith('/api/list/phones'))).toEqual(['/api/list/phones?page=2', '/api/list/phones?page=3']);
  }, 120_000);

  it('reveals level-3 categories that a menu injects on hover', async () => {
    const { dataDir, stdout } = await crawl(site, ['/']);
    const cats = await stored(dataDir, 'categories');
    const level3 = cats.filter((c) => c.level === 3).map((c) => String(c.name));
    const leaves = FIXTURE.MENU.flatMap((t) => t.subs.flatMap((s) => s.leaves));
    for (const leaf of leaves) expect(level3, `${leaf} at level 3`).toContain(leaf);
    const phone = cats.find((c) => c.name === '安卓手机');
    expect(phone?.path).toEqual(['手机数码', '手机', '安卓手机']);
    expect(stdout).toMatch(/3 menu items hovered on 1 pages/);
  }, 120_000);

  it('never follows a "more" link to another URL, and blocks a "more" button whose script leaves the page', async () => {
    const { dataDir, log } = await crawl(site, ['/item/1002.html']);
    expect(log).not.toContain('/item/1002/reviews.html');
    expect(log).not.toContain('/leave.html');
    expect(log.some((p) => p.startsWith('/cart.html'))).toBe(false);
    // The page read is still the product page, with its own reviews.
    const goods = await stored(dataDir, 'commodities');
    expect(goods.map((c) => [new URL(String(c.url)).pathname, c.price])).toEqual([['/item/1002.html', 3299]]);
    expect((await stored(dataDir, 'reviews')).length).toBe(2);
  }, 120_000);

  it('stops a Load more that never runs out at the click cap', async () => {
    const started = Date.now();
    const { dataDir, stdout, log } = await crawl(site, ['/list/endless.html']);
    expect(log.filter((p) => p.startsWith('/api/list/endless')).length).toBe(5);
    expect((await stored(dataDir, 'commodities')).length).toBe(4 + 5);
    expect(stdout).toMatch(/Expanded: 5 "more" clicks on 1 pages/);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('expands the pages adaptive mode renders', async () => {
    // Its price is written in by script: adaptive mode renders it, and the step then clicks 查看更多评价.
    // Without replay's trial fetches of the data requests (test/crawler/replay.test.ts): the requests counted are the browser's.
    const { dataDir, log } = await crawl(site, ['/item/1003.html'], 'adaptive', ['--no-replay']);
    expect(log.filter((p) => p.startsWith('/api/reviews/1003'))).toEqual(['/api/reviews/1003?page=1', '/api/reviews/1003?page=2']);
    const texts = (await stored(dataDir, 'reviews')).map((r) => String(r.content));
    for (const r of FIXTURE.REVIEWS) expect(texts.some((t) => t.includes(r.text)), `${r.text} in ${texts.join(' | ')}`).toBe(true);
  }, 120_000);
});
