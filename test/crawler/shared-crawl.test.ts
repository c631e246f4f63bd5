import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { startCli, tempDataDir } from '../helpers/cli';
import { pageRequests } from '../helpers/demo-pages';
import { openRepository } from '../../storage/open';
import { join } from 'node:path';

/** Three workers share one task through Redis; one is SIGKILLed halfway through. */
describe('shared crawl through Redis', () => {
  let site: DemoSite;
  let redis: RedisServerHandle;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 900, newsPerLanguage: 4 });
    redis = await startRedisServer({ appendonly: true });
  });
  afterAll(async () => {
    await site?.close();
    await redis?.stop();
  });

  it('finishes with every page fetched and every product stored exactly once', async () => {
    const dataDir = tempDataDir();
    const env = { CRAWLER_DATA_DIR: dataDir, REDIS_URL: redis.url };
    const expectedPages = [...site.linkGraph().keys()].filter((u) => !site.disallowed.some((d) => new URL(u).pathname.startsWith(d)) && !new URL(u).pathname.startsWith('/trap/'));
    expect(expectedPages.length).toBeGreaterThanOrEqual(1000);

    // HTTP fetching keeps three workers of a 1,000-page crawl within a few minutes on 2 cores;
    // what is under test is the shared queue, Bloom filter and budget, the same in every mode.
    const main = startCli(['--task', 'shared', '--urls', site.url, '--concurrency', '3', '--mode', 'http'], env);
    // Workers join once the task is registered in Redis.
    while (pageRequests(site).length < 5) await new Promise((r) => setTimeout(r, 100));
    const w1 = startCli(['worker', '--task', 'shared', '--concurrency', '3', '--mode', 'http'], env);
    const w2 = startCli(['worker', '--task', 'shared', '--concurrency', '3', '--mode', 'http'], env);
    while (pageRequests(site).length < expectedPages.length / 2) await new Promise((r) => setTimeout(r, 200));
    w2.child.kill('SIGKILL');

    const [rMain, r1, r2] = await Promise.all([main.done, w1.done, w2.done]);
    expect(r2.signal).toBe('SIGKILL');
    expect(rMain.code, rMain.stderr).toBe(0);
    expect(r1.code, r1.stderr).toBe(0);

    const fetched = pageRequests(site);
    const paths = new Set(fetched);
    for (const u of expectedPages) expect(paths.has(new URL(u).pathname + new URL(u).search), u).toBe(true);
    // Only pages the killed worker had in flight may have been fetched twice.
    const twice = fetched.filter((u, i) => fetched.indexOf(u) !== i);
    expect(twice.length, `fetched twice: ${twice.join(' ')}\n${rMain.stderr.slice(-2000)}`).toBeLessThanOrEqual(3);

    const repo = await openRepository({ dataDir: join(dataDir, 'store'), readOnly: true });
    try {
      const stored = await repo.find('commodities', {}, { projection: { url: 1 } });
      const urls = stored.map((d) => String(d.url));
      expect(new Set(urls).size).toBe(urls.length);
      const productUrls = new Set(site.catalog.products.map((p) => new URL(p.url, site.url).href));
      expect(urls.filter((u) => productUrls.has(u)).length).toBe(productUrls.size);
    } finally {
      await repo.close();
    }
  }, 600_000);
});
