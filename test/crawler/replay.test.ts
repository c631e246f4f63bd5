import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir, type CliResult } from '../helpers/cli';
import { startReplaySite, type ReplaySite } from './fixtures/replay-site';
import { itemReplayLine } from '../helpers/replay-summary';

type Row = Record<string, unknown>;

/** A crawl as a user runs it, and the commodities it stored. */
async function crawl(args: string[]): Promise<{ run: CliResult; commodities: Row[] }> {
  const dataDir = tempDataDir();
  const run = await runCli(['--concurrency', '3', ...args], { CRAWLER_DATA_DIR: dataDir });
  expect(run.code, run.stderr).toBe(0);
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  try {
    return { run, commodities: await repo.find('commodities', {}) };
  } finally {
    await repo.close();
  }
}


const itemId = (c: Row) => Number(/\/item\/(\d+)\.htm$/.exec(String(c.url))?.[1] ?? NaN);

describe('adaptive mode replays the data requests it learned from rendered pages (real Chromium)', { timeout: 300_000 }, () => {
  let site: ReplaySite;
  let adaptive: { run: CliResult; commodities: Row[] };
  let browser: { run: CliResult; commodities: Row[] };

  beforeAll(async () => {
    site = await startReplaySite({ count: 30 });
    adaptive = await crawl(['--task', 'replay', '--urls', site.url, '--mode', 'adaptive', '--replay-check-every', '8']);
    browser = await crawl(['--task', 'browser', '--urls', site.url, '--mode', 'browser']);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('renders the first pages of a template, then reads the rest over HTTP with their data requests replayed', () => {
    const line = itemReplayLine(adaptive.run.stdout);
    expect(line, adaptive.run.stdout).not.toBeNull();
    expect(line!.rendered).toBeGreaterThanOrEqual(3);
    expect(line!.replayed).toBeGreaterThanOrEqual(15);
    expect(line!.rechecks).toBeGreaterThanOrEqual(1);
    expect(line!.mismatches, adaptive.run.stderr.split('\n').filter((l) => /go back/.test(l)).join('\n')).toBe(0);
    // Replayed requests reach the server from the crawler itself, not from a browser.
    expect(site.log.some((r) => r.path.startsWith('/api/price') && !r.browser)).toBe(true);
  });

  it('stores the same commodities from replayed pages as browser mode (names, prices, review counts)', () => {
    expect(itemReplayLine(adaptive.run.stdout)?.replayed).toBeGreaterThan(0);
    const key = (rows: Row[]) => rows.filter((c) => Number.isFinite(itemId(c))).map((c) => JSON.stringify([itemId(c), c.name, c.price, c.salePrice ?? null, c.reviewCount ?? null])).sort();
    // A render that times out on a loaded machine loses one page's price in either mode: at most one row may differ.
    const a = new Set(key(adaptive.commodities));
    const b = new Set(key(browser.commodities));
    expect(b.size).toBeGreaterThanOrEqual(29);
    const differ = [...a].filter((x) => !b.has(x)).length + [...b].filter((x) => !a.has(x)).length;
    expect(differ, `adaptive ${[...a].join(' ')}\nbrowser ${[...b].join(' ')}`).toBeLessThanOrEqual(1);
    for (const c of adaptive.commodities.filter((c) => Number.isFinite(itemId(c)))) expect(c.price).toBe(site.price(itemId(c), 1));
  });

  it('never replays a POST or a request to another origin', () => {
    // Replay ran in this crawl (data requests from the crawler itself)…
    expect(site.log.some((r) => r.path.startsWith('/api/rate') && !r.browser)).toBe(true);
    // …and the page's POST was never sent by it, neither as a POST nor as a GET to its URL.
    expect(site.log.filter((r) => r.path.startsWith('/api/track') && !r.browser)).toEqual([]);
    const posts = site.log.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.filter((r) => !r.browser)).toEqual([]);
    const other = site.log.filter((r) => r.origin === 'other');
    expect(other.length).toBeGreaterThan(0);
    expect(other.filter((r) => !r.browser)).toEqual([]);
  });

  it('--no-replay renders every item page', async () => {
    const off = await crawl(['--task', 'noreplay', '--urls', site.url, '--mode', 'adaptive', '--no-replay', '--max-pages', '12']);
    expect(off.run.stdout).not.toMatch(/Replay by page template/);
    expect(off.commodities.filter((c) => Number.isFinite(itemId(c))).every((c) => c.price === site.price(itemId(c), 1))).toBe(true);
  });
});

describe('a site that moves its data API midway (real Chromium)', { timeout: 300_000 }, () => {
  let site: ReplaySite;
  let adaptive: { run: CliResult; commodities: Row[] };

  beforeAll(async () => {
    site = await startReplaySite({ count: 30, switchAfter: 14 });
    adaptive = await crawl(['--task', 'moved', '--urls', site.url, '--mode', 'adaptive', '--concurrency', '1']);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('sends the template back to rendering, says why, and stores no record from the stale rule', () => {
    expect(adaptive.run.stderr).toMatch(/item\/\*\.htm go back to rendering: /);
    const items = adaptive.commodities.filter((c) => Number.isFinite(itemId(c)));
    expect(items.length).toBeGreaterThanOrEqual(29);
    const stale: string[] = [];
    for (const c of items) {
      const versions = site.served.get(itemId(c))!;
      // A page served only after the move must carry the moved API's price, never the old URL's.
      if (versions.has(2) && !versions.has(1) && c.price !== site.price(itemId(c), 2)) stale.push(`${String(c.url)}: ${String(c.price)}`);
    }
    expect(stale).toEqual([]);
    // Replay worked before the move, and was learned again for the new API after it.
    const line = itemReplayLine(adaptive.run.stdout)!;
    expect(line.replayed).toBeGreaterThan(0);
    expect(site.log.some((r) => r.path.startsWith('/api/v2/') && !r.browser)).toBe(true);
  });
});
