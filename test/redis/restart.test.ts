import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { RedisStorageClient } from '../../src/queue/redis-request-queue';
import { connectRedis } from '../../src/queue/redis-connection';

let srv: RedisServerHandle;
beforeAll(async () => {
  srv = await startRedisServer({ appendonly: true });
});
afterAll(async () => {
  await srv?.stop();
});

it('Redis killed and restarted mid-use (AOF on): the client waits, continues, and loses no URL', async () => {
  const task = 'restart';
  const storage = await RedisStorageClient.create({ redis: srv.url, task, clientId: 'w1', bloom: { n: 10_000, p: 1e-4 } });
  const q = storage.requestQueue(task);
  const urls = Array.from({ length: 2000 }, (_, i) => `https://r${i % 5}.test/item/${i}`);
  const runId = async () => /run_id:(\w+)/.exec(await storage.redis.info('server'))![1];
  const before = await runId();
  let restarted: Promise<void> | undefined;
  let added = 0;
  for (let i = 0; i < urls.length; i += 100) {
    if (i === 500) restarted = srv.restart({ hard: true, downMs: 300 });
    const res = await q.batchAddRequests(urls.slice(i, i + 100).map((url) => ({ url, uniqueKey: url })));
    added += res.processedRequests.filter((p) => !p.wasAlreadyPresent).length;
  }
  await restarted;
  expect(await runId()).not.toBe(before);
  // A batch resent after the crash may find its own URLs already added: count what Redis holds.
  const info = await q.get();
  expect(info?.totalRequestCount).toBe(2000);
  expect(added).toBeGreaterThanOrEqual(1900);
  const again = await q.batchAddRequests(urls.map((url) => ({ url, uniqueKey: url })));
  expect(again.processedRequests.every((p) => p.wasAlreadyPresent)).toBe(true);
  const seen = new Set<string>();
  for (;;) {
    const head = await q.listAndLockHead({ limit: 25, lockSecs: 60 });
    if (head.items.length === 0) break;
    for (const it of head.items) seen.add(it.url);
  }
  expect(seen.size).toBe(2000);
  await storage.close();
});

it('Redis unreachable at start is a clear one-line error', async () => {
  await expect(connectRedis('redis://127.0.0.1:1', { connectTimeoutMs: 2000 })).rejects.toThrow(
    /^Redis unreachable at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/,
  );
});
