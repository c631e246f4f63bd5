import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir, type CliResult } from '../helpers/cli';
import { startXhrShopSite, type XhrShopSite } from './fixtures/xhr-shop-site';
import { itemReplayLine } from '../helpers/replay-summary';

type Row = Record<string, unknown>;

/** A crawl as a user runs it, and the commodity and review tables it stored. */
async function crawl(args: string[]): Promise<{ run: CliResult; commodities: Row[]; reviews: Row[] }> {
  const dataDir = tempDataDir();
  const run = await runCli(['--concurrency', '3', ...args], { CRAWLER_DATA_DIR: dataDir });
  expect(run.code, run.stderr).toBe(0);
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  try {
    return { run, commodities: await repo.find('commodities', {}), reviews: await repo.find('reviews', {}) };
  } finally {
    await repo.close();
  }
}

const itemRows = (rows: Row[]) => rows.filter((c) => /\/item\/\d+\.htm$/.test(String(c.url)));
const commodityKey = (c: Row) => JSON.stringify([c.url, c.name, c.price, c.salePrice ?? null, c.availability ?? null, c.reviewCount ?? null]);
const reviewKey = (r: Row) => JSON.stringify([r.url, r.author, r.rating, r.content]);

function difference(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const x of a) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const y of b) {
    const n = left.get(y) ?? 0;
    if (n > 0) left.set(y, n - 1);
    else out.push(`+ ${y}`);
  }
  for (const [x, n] of left) for (let i = 0; i < n; i++) out.push(`- ${x}`);
  return out;
}

describe('replay on a shop whose stock and reviews arrive by XHR (real Chromium)', { timeout: 300_000 }, () => {
  let site: XhrShopSite;
  let adaptive: Awaited<ReturnType<typeof crawl>>;
  let browser: Awaited<ReturnType<typeof crawl>>;

  beforeAll(async () => {
    site = await startXhrShopSite({ count: 24 });
    adaptive = await crawl(['--task', 'xhr-replay', '--urls', site.url, '--mode', 'adaptive', '--replay-check-every', '6']);
    browser = await crawl(['--task', 'xhr-browser', '--urls', site.url, '--mode', 'browser']);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('trusts the learned data requests: most item pages are read over HTTP, and no re-check disagrees', () => {
    const m = itemReplayLine(adaptive.run.stdout);
    const why = adaptive.run.stderr.split('\n').filter((l) => /replay:/.test(l)).join('\n');
    expect(m, `${adaptive.run.stdout}\n${why}`).not.toBeNull();
    expect(m!.replayed, why).toBeGreaterThanOrEqual(12);
    expect(m!.mismatches, why).toBe(0);
    expect(site.log.some((r) => r.path.startsWith('/api/reviews') && !r.browser)).toBe(true);
  });

  it('stores the commodity and review tables browser mode stores (stock, sale prices, reviews with the same words)', () => {
    const a = itemRows(adaptive.commodities).map(commodityKey);
    const b = itemRows(browser.commodities).map(commodityKey);
    expect(b.length).toBeGreaterThanOrEqual(23);
    // A render that times out on a loaded machine loses one page's data in either mode: at most one row may differ.
    expect(difference(b, a).length, difference(b, a).join('\n')).toBeLessThanOrEqual(1);
    const ra = itemRows(adaptive.reviews).map(reviewKey);
    const rb = itemRows(browser.reviews).map(reviewKey);
    const perItem = Math.max(...site.items.map((it) => it.reviews.length));
    expect(difference(rb, ra).length, difference(rb, ra).join('\n')).toBeLessThanOrEqual(perItem);
    // And both are the shop's own figures: out-of-stock items stored so, every review kept.
    for (const c of itemRows(adaptive.commodities)) {
      const it = site.items.find((x) => c.url === `${site.url}item/${x.id}.htm`)!;
      if (c.price === null) continue;
      expect(c.availability, String(c.url)).toBe(it.inStock ? 'InStock' : 'OutOfStock');
      expect(adaptive.reviews.filter((r) => r.url === c.url).length, String(c.url)).toBe(it.reviews.length);
    }
  });
});
