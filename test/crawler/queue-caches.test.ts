import { describe, expect, it } from 'vitest';
import type { RequestQueue } from 'crawlee';
import { openLocalBackend } from '../../src/crawler/backends/local';
import { dropRedisTask, openRedisRequestQueue } from '../../src/queue/redis-request-queue';
import { REQUEST_CACHE_ENTRIES, SEEN_CACHE_SLOTS } from '../../src/queue/queue-caches';
import { useRedisServer } from '../helpers/redis-server';
import { tempDir } from '../helpers/temp-dir';

/** What Crawlee's queue holds in memory per request it saw (its internals, read as they are). */
function cached(queue: RequestQueue): { seenKeys: number; requests: number; requestCap: number } {
  const q = queue as unknown as { requestSeenCache: { keys: unknown[] }; requestCache: { length(): number; maxLength: number } };
  let seenKeys = 0;
  for (const k of q.requestSeenCache.keys) if (k !== undefined) seenKeys++;
  return { seenKeys, requests: q.requestCache.length(), requestCap: q.requestCache.maxLength };
}

/** Adds `n` distinct pages in batches of 500, as link admission does. */
async function addPages(queue: RequestQueue, n: number, prefix: string): Promise<void> {
  for (let i = 0; i < n; i += 500) {
    const batch = Array.from({ length: Math.min(500, n - i) }, (_, j) => ({ url: `http://shop.test/${prefix}/${i + j}`, uniqueKey: `shop.test/${prefix}/${i + j}` }));
    const res = await queue.addRequests(batch);
    expect(res.processedRequests.filter((r) => !r.wasAlreadyPresent)).toHaveLength(batch.length);
  }
}

// Crawlee's own defaults (2,000,000 requests and 1,000,000 keys) kept every request of a crawl:
// the crawler's memory grew with each page discovered.
describe("the request queue's caches stay capped however many requests it sees", { timeout: 120_000 }, () => {
  const redis = useRedisServer();

  it('local queue: 10,000 added pages leave at most the cap of keys in its dedup cache, and every page is still served once', async () => {
    const dir = tempDir('queue-caches-');
    const settings = { startUrls: ['http://shop.test/'], scope: 'same-host', maxDepth: null, maxPages: null, strategy: 'bfs', respectRobots: false, type: 'auto', mode: 'http' };
    const backend = await openLocalBackend(dir, 'caches', settings, false, new Set());
    try {
      await addPages(backend.queue, 10_000, 'p');
      const after = cached(backend.queue);
      expect(after.seenKeys).toBeLessThanOrEqual(SEEN_CACHE_SLOTS);
      expect(after.requestCap).toBe(REQUEST_CACHE_ENTRIES);
      // The smaller caches lose nothing: the queue still hands out each page exactly once.
      const served = new Set<string>();
      for (let r = await backend.queue.fetchNextRequest(); r; r = await backend.queue.fetchNextRequest()) {
        expect(served.has(r.uniqueKey)).toBe(false);
        served.add(r.uniqueKey);
        await backend.queue.markRequestHandled(r);
      }
      expect(served.size).toBe(10_000);
    } finally {
      await backend.close();
    }
  });

  it('Redis queue: the same caps hold for a worker of a shared task, and a page added again is still recognised', async () => {
    const task = `caches-${process.pid}`;
    const handle = await openRedisRequestQueue({ redis: redis.server.url, task, bloom: { n: 20_000, p: 1e-3 } });
    try {
      await addPages(handle.queue, 10_000, 'r');
      const after = cached(handle.queue);
      expect(after.seenKeys).toBeLessThanOrEqual(SEEN_CACHE_SLOTS);
      expect(after.requestCap).toBe(REQUEST_CACHE_ENTRIES);
      // Whatever the client caches forgot, the shared queue itself dedups.
      const again = await handle.queue.addRequests([{ url: 'http://shop.test/r/17', uniqueKey: 'shop.test/r/17' }]);
      expect(again.processedRequests[0]?.wasAlreadyPresent).toBe(true);
    } finally {
      await handle.close();
      await dropRedisTask(redis.client, task);
    }
  });
});
