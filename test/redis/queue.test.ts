import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { useRedisServer } from '../helpers/redis-server';
import {
  dropRedisTask, openRedisRequestQueue, RedisStorageClient, reservePage, releasePage, pagesReserved,
  type RedisQueueOptions, type RedisRequestQueueClient,
} from '../../src/queue/redis-request-queue';

const suite = useRedisServer();
let taskNo = 0;
const newTask = () => `qtest-${process.pid}-${++taskNo}`;
const req = (url: string) => ({ url, uniqueKey: url });

/** A queue client as Crawlee would get it, with a chosen owner id. */
async function client(task: string, clientId: string, extra: Partial<RedisQueueOptions> = {}): Promise<RedisRequestQueueClient> {
  const s = await RedisStorageClient.create({ redis: suite.client, task, clientId, bloom: { n: 10_000, p: 1e-3 }, ...extra });
  return s.requestQueue(task);
}

describe('Redis request queue', () => {
  it('dedups a batch: repeats in the batch, across batches and URL variants enqueue once', async () => {
    const task = newTask();
    const c = await client(task, 'a');
    const first = await c.batchAddRequests([
      req('https://shop.test/p/1'),
      req('https://shop.test/p/2'),
      req('https://shop.test/p/1'),
      req('https://SHOP.test:443/p/2#reviews'),
      req('https://shop.test/p/3?b=2&a=1&utm_source=x'),
    ]);
    expect(first.processedRequests.map((p) => p.wasAlreadyPresent)).toEqual([false, false, true, true, false]);
    const again = await c.batchAddRequests([req('https://shop.test/p/3?a=1&b=2'), req('https://shop.test/p/4')]);
    expect(again.processedRequests.map((p) => p.wasAlreadyPresent)).toEqual([true, false]);
    const info = await c.get();
    expect(info?.totalRequestCount).toBe(4);
    const head = await c.listAndLockHead({ limit: 25, lockSecs: 60 });
    expect(head.items.map((i) => i.url).sort()).toEqual([
      'https://shop.test/p/1', 'https://shop.test/p/2', 'https://shop.test/p/3?b=2&a=1&utm_source=x', 'https://shop.test/p/4',
    ]);
  });

  it('reports handled URLs as already handled and never serves them again', async () => {
    const task = newTask();
    const c = await client(task, 'a');
    await c.addRequest(req('https://shop.test/a'));
    const [item] = (await c.listAndLockHead({ limit: 5, lockSecs: 60 })).items;
    const stored = await c.getRequest(item!.id);
    await c.updateRequest({ ...(stored as { url: string; uniqueKey: string }), id: item!.id, handledAt: new Date().toISOString() });
    const again = await c.addRequest(req('https://shop.test/a'));
    expect(again).toMatchObject({ wasAlreadyPresent: true, wasAlreadyHandled: true });
    const head = await c.listAndLockHead({ limit: 5, lockSecs: 60 });
    expect(head.items).toHaveLength(0);
    expect(head.queueHasLockedRequests).toBe(false);
    expect(await c.get()).toMatchObject({ totalRequestCount: 1, handledRequestCount: 1, pendingRequestCount: 0 });
  });

  it('serves an expired lock to another client; the old owner can no longer prolong or unlock it', async () => {
    const task = newTask();
    const a = await client(task, 'worker-a', { renewLocks: false });
    const b = await client(task, 'worker-b', { renewLocks: false });
    await a.addRequest(req('https://shop.test/x'));
    const got = await a.listAndLockHead({ limit: 5, lockSecs: 0.3 });
    expect(got.items).toHaveLength(1);
    // Locked by a: b sees nothing but knows the queue is not finished.
    const none = await b.listAndLockHead({ limit: 5, lockSecs: 60 });
    expect(none.items).toHaveLength(0);
    expect(none.queueHasLockedRequests).toBe(true);
    await new Promise((r) => setTimeout(r, 450));
    const taken = await b.listAndLockHead({ limit: 5, lockSecs: 60 });
    expect(taken.items.map((i) => i.url)).toEqual(['https://shop.test/x']);
    const id = taken.items[0]!.id;
    await expect(a.prolongRequestLock(id, { lockSecs: 60 })).rejects.toThrow(/not locked by this client/);
    await expect(a.deleteRequestLock(id)).rejects.toThrow(/not locked by this client/);
    const p = await b.prolongRequestLock(id, { lockSecs: 60 });
    expect(p.lockExpiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('renews the locks of a live client past lockSecs; a stopped (crashed) client loses them', async () => {
    const task = newTask();
    const live = await client(task, 'live', { lockSecs: 0.6 });
    const other = await client(task, 'other', { renewLocks: false });
    await live.batchAddRequests([req('https://l.test/1'), req('https://l.test/2')]);
    expect((await live.listAndLockHead({ limit: 1, lockSecs: 999 })).items).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    // Still held by the live client: only the unlocked one is served.
    expect((await other.listAndLockHead({ limit: 5, lockSecs: 60 })).items.map((i) => i.url)).toEqual(['https://l.test/2']);
    live.stopRenewing();
    await new Promise((r) => setTimeout(r, 800));
    expect((await other.listAndLockHead({ limit: 5, lockSecs: 60 })).items.map((i) => i.url)).toEqual(['https://l.test/1']);
  });

  it('keeps retryCount and errorMessages with the request across workers; a retry goes to the back', async () => {
    const task = newTask();
    const a = await client(task, 'a');
    const b = await client(task, 'b');
    await a.batchAddRequests([req('https://shop.test/1'), req('https://shop.test/2')]);
    const [first] = (await a.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
    const body = (await a.getRequest(first!.id)) as Record<string, unknown>;
    await a.updateRequest({ ...(body as { url: string; uniqueKey: string }), id: first!.id, retryCount: 1, errorMessages: ['timeout'] });
    await a.deleteRequestLock(first!.id);
    const items = (await b.listAndLockHead({ limit: 5, lockSecs: 60 })).items;
    expect(items.map((i) => i.url)).toEqual(['https://shop.test/2', 'https://shop.test/1']);
    expect(items[1]!.retryCount).toBe(1);
    expect(await b.getRequest(first!.id)).toMatchObject({ retryCount: 1, errorMessages: ['timeout'] });
  });

  it('a request given up unprocessed returns to the front; forefront adds are served first (DFS)', async () => {
    const task = newTask();
    const a = await client(task, 'a');
    await a.batchAddRequests([req('https://s.test/1'), req('https://s.test/2')]);
    await a.addRequest(req('https://s.test/deep'), { forefront: true });
    const items = (await a.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
    expect(items[0]!.url).toBe('https://s.test/deep');
    await a.deleteRequestLock(items[0]!.id);
    const all = (await a.listAndLockHead({ limit: 5, lockSecs: 60 })).items.map((i) => i.url);
    expect(all).toEqual(['https://s.test/deep', 'https://s.test/1', 'https://s.test/2']);
  });

  it('interleaves hosts and holds a per-host delay across clients', async () => {
    const task = newTask();
    const a = await client(task, 'a', { hostDelayMs: 400 });
    const b = await client(task, 'b', { hostDelayMs: 400 });
    const urls = [1, 2, 3].flatMap((i) => [`https://one.test/${i}`, `https://two.test/${i}`, `https://three.test/${i}`]);
    // Added site by site: one.test first, as a crawl of the first site would.
    await a.batchAddRequests(urls.sort().map(req));
    const first = (await a.listAndLockHead({ limit: 25, lockSecs: 60 })).items.map((i) => new URL(i.url).host);
    expect(first.sort()).toEqual(['one.test', 'three.test', 'two.test']);
    const gated = await b.listAndLockHead({ limit: 25, lockSecs: 60 });
    expect(gated.items).toHaveLength(0);
    expect(gated.queueHasLockedRequests).toBe(true);
    await new Promise((r) => setTimeout(r, 450));
    const second = (await b.listAndLockHead({ limit: 25, lockSecs: 60 })).items.map((i) => new URL(i.url).host);
    expect(second.sort()).toEqual(['one.test', 'three.test', 'two.test']);
  });

  it('skips and counts malformed URLs; stores and serves a 10 kB URL', async () => {
    const task = newTask();
    const bad: unknown[] = [];
    const a = await client(task, 'a', { onMalformed: (u) => bad.push(u) });
    const long = `https://shop.test/search?q=${'x'.repeat(10_240)}`;
    const res = await a.batchAddRequests([
      req('javascript:void(0)'), req('http://'), req('mailto:a@b.c'), req(long), req('https://shop.test/ok'),
    ]);
    expect(res.processedRequests.map((p) => p.wasAlreadyPresent)).toEqual([true, true, true, false, false]);
    expect(bad).toEqual(['javascript:void(0)', 'http://', 'mailto:a@b.c']);
    expect(await suite.client.hget(`sn:{${task}}:q:meta`, 'malformed')).toBe('3');
    const items = (await a.listAndLockHead({ limit: 5, lockSecs: 60 })).items;
    expect(items.map((i) => i.url.length).sort((x, y) => x - y)).toEqual(['https://shop.test/ok'.length, long.length]);
    expect((await a.addRequest(req(long))).wasAlreadyPresent).toBe(true);
  });

  it('refuses a second worker with different Bloom settings, naming the difference', async () => {
    const task = newTask();
    await client(task, 'a', { bloom: { n: 10_000, p: 1e-3 } });
    await expect(client(task, 'b', { bloom: { n: 50_000, p: 1e-3 } })).rejects.toThrow(/n: stored 10000, this worker 50000/);
    // A worker that names no settings adopts the stored ones.
    const s = await RedisStorageClient.create({ redis: suite.client, task, clientId: 'c' });
    expect(s.sizing.n).toBe(10_000);
  });

  it('adds atomically under 4 concurrent clients: no duplicates, no losses (100k adds)', async () => {
    const task = newTask();
    const conns = Array.from({ length: 4 }, () => new Redis(suite.server.url));
    try {
      const clients = await Promise.all(conns.map(async (r, i) => {
        const s = await RedisStorageClient.create({ redis: r, task, clientId: `c${i}`, bloom: { n: 100_000, p: 1e-4 } });
        return s.requestQueue(task);
      }));
      // 25k distinct URLs; every client adds all of them in its own order: 100k adds.
      const urls = Array.from({ length: 25_000 }, (_, i) => `https://h${i % 7}.test/p/${i}`);
      const counts = await Promise.all(clients.map(async (c, ci) => {
        const order = ci % 2 ? [...urls].reverse() : urls;
        let news = 0;
        for (let i = 0; i < order.length; i += 1000) {
          const r = await c.batchAddRequests(order.slice(i, i + 1000).map(req));
          news += r.processedRequests.filter((p) => !p.wasAlreadyPresent).length;
        }
        return news;
      }));
      const total = counts.reduce((a, b) => a + b, 0);
      expect(await suite.client.hlen(`sn:{${task}}:q:req`)).toBe(total);
      // A false positive of the Bloom filter may drop a URL (p = 1e-4): allow for at most a few.
      expect(total).toBeGreaterThan(25_000 - 10);
      expect(total).toBeLessThanOrEqual(25_000);
      // Every enqueued id is in exactly one host list once.
      const hosts = await suite.client.keys(`sn:{${task}}:q:h:*`);
      const ids = (await Promise.all(hosts.map((h) => suite.client.lrange(h, 0, -1)))).flat();
      expect(ids.length).toBe(total);
      expect(new Set(ids).size).toBe(total);
    } finally {
      for (const r of conns) r.disconnect();
    }
  });

  it('page budget is exact across clients', async () => {
    const task = newTask();
    const conns = Array.from({ length: 3 }, () => new Redis(suite.server.url));
    try {
      const results = await Promise.all(conns.map((r) => Promise.all(Array.from({ length: 20 }, () => reservePage(r, task, 25)))));
      expect(results.flat().filter(Boolean)).toHaveLength(25);
      expect(await pagesReserved(suite.client, task)).toBe(25);
      await releasePage(suite.client, task);
      expect(await reservePage(suite.client, task, 25)).toBe(true);
      expect(await reservePage(suite.client, task, 25)).toBe(false);
    } finally {
      for (const r of conns) r.disconnect();
    }
  });

  it("Crawlee's drop() and purge on start do not wipe a shared queue; dropRedisTask does", async () => {
    const task = newTask();
    const h = await openRedisRequestQueue({ redis: suite.client, task, bloom: { n: 1000, p: 0.01 } });
    await h.queue.addRequest({ url: 'https://shop.test/keep' });
    await h.queue.drop();
    const h2 = await openRedisRequestQueue({ redis: suite.client, task });
    expect((await h2.queue.getInfo())?.totalRequestCount).toBe(1);
    expect(h2.clientId).not.toBe(h.clientId);
    expect(await dropRedisTask(suite.client, task)).toBeGreaterThan(3);
    expect(await suite.client.keys(`sn:{${task}}:*`)).toEqual([]);
  });
});
