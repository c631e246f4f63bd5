import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir, type CliResult } from '../helpers/cli';
import { startXhrShopSite, type XhrShopSite } from './fixtures/xhr-shop-site';

type Row = Record<string, unknown>;

/**
 * A shop whose item page asks for its reviews only after it has laid out the price answer: a
 * render that read the page as soon as the first fetch finished stored no reviews, and the
 * replay rule learned from such renders left the reviews request out of every replayed page.
 */
describe('a page that fetches its reviews after its price (real Chromium)', { timeout: 300_000 }, () => {
  let site: XhrShopSite;
  let run: CliResult;
  let commodities: Row[];
  let reviews: Row[];

  beforeAll(async () => {
    site = await startXhrShopSite({ count: 12, reviewsAfterDetail: { workMs: 150, delayMs: 300 } });
    const dataDir = tempDataDir();
    run = await runCli(['--task', 'chained', '--urls', site.url, '--mode', 'adaptive', '--concurrency', '2', '--replay-check-every', '4'], { CRAWLER_DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
    try {
      commodities = await repo.find('commodities', {});
      reviews = await repo.find('reviews', {});
    } finally {
      await repo.close();
    }
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('stores every item with all its reviews, rendered or replayed, and replays the reviews request too', () => {
    const items = commodities.filter((c) => /\/item\/\d+\.htm$/.test(String(c.url)));
    expect(items.length).toBe(12);
    const short = site.items
      .map((it) => ({ url: `${site.url}item/${it.id}.htm`, want: it.reviews.length, got: reviews.filter((r) => r.url === `${site.url}item/${it.id}.htm`).length }))
      .filter((x) => x.got !== x.want);
    expect(short).toEqual([]);
    expect(run.stdout).toMatch(/\/item\/\*\.htm\s+rendered \d+, replayed [1-9]/);
    expect(site.log.some((r) => r.path.startsWith('/api/reviews') && !r.browser)).toBe(true);
  });
});
