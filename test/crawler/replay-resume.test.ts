import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir, type CliResult } from '../helpers/cli';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { startXhrShopSite, type XhrShopSite } from './fixtures/xhr-shop-site';
import { itemReplayLine } from '../helpers/replay-summary';

type Row = Record<string, unknown>;

/** The item template's "Replay by page template" summary line. */

async function commodities(dataDir: string): Promise<Row[]> {
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  try {
    return await repo.find('commodities', {});
  } finally {
    await repo.close();
  }
}

/**
 * A task interrupted by its page limit after replay was trusted, then resumed: the resumed run
 * reads item pages over HTTP from its first pages on (one re-check render for the kept rule)
 * instead of rendering three pages again to learn it.
 */
async function interruptedThenResumed(site: XhrShopSite, env: Record<string, string>): Promise<{ first: CliResult; second: CliResult; rows: Row[] }> {
  const dataDir = tempDataDir();
  const all = { CRAWLER_DATA_DIR: dataDir, ...env };
  const first = await runCli(['--task', 'kept', '--urls', site.url, '--mode', 'adaptive', '--concurrency', '1', '--max-pages', '10'], all);
  expect(first.code, first.stderr).toBe(0);
  const second = await runCli(['--task', 'kept', '--resume', '--mode', 'adaptive', '--concurrency', '1', '--max-pages', '25'], all);
  expect(second.code, second.stderr).toBe(0);
  return { first, second, rows: await commodities(dataDir) };
}

function expectRuleKept(r: { first: CliResult; second: CliResult; rows: Row[] }, site: XhrShopSite): void {
  const why = (x: CliResult) => `${x.stdout}\n${x.stderr.split('\n').filter((l) => /replay:/.test(l)).join('\n')}`;
  expect(r.first.stderr, why(r.first)).toMatch(/item\/\*\.htm are now read over HTTP/);
  const line = itemReplayLine(r.second.stdout);
  expect(line, why(r.second)).not.toBeNull();
  // Learning afresh renders at least three pages; a kept rule renders only its re-check.
  expect(line!.rendered, why(r.second)).toBeLessThanOrEqual(1);
  expect(line!.replayed, why(r.second)).toBeGreaterThanOrEqual(10);
  expect(line!.mismatches).toBe(0);
  expect(r.second.stderr).toMatch(/by the rule trusted earlier in this task/);
  // Every item page of both runs stored with the shop's price.
  const items = r.rows.filter((c) => /\/item\/\d+\.htm$/.test(String(c.url)));
  expect(items.length).toBe(24);
  for (const c of items) {
    const it = site.items.find((x) => c.url === `${site.url}item/${x.id}.htm`)!;
    expect([c.price, c.salePrice ?? null], String(c.url)).toEqual([it.price, it.salePrice]);
  }
}

describe('trusted replay rules survive --resume (real Chromium)', { timeout: 300_000 }, () => {
  let site: XhrShopSite;
  let redis: RedisServerHandle;
  beforeAll(async () => {
    site = await startXhrShopSite({ count: 24 });
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await site?.close();
    await redis?.stop();
  });

  it('in the task folder', async () => {
    expectRuleKept(await interruptedThenResumed(site, {}), site);
  }, 300_000);

  it('in Redis, where every worker of the task reads them', async () => {
    expectRuleKept(await interruptedThenResumed(site, { REDIS_URL: redis.url }), site);
  }, 300_000);
});
