import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { BasicCrawler, Configuration } from 'crawlee';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { openRedisRequestQueue, RedisStorageClient, type RedisQueueHandle } from '../../src/queue/redis-request-queue';
import { tempDir } from '../helpers/temp-dir';

// Crawlee's default storage dir would be ./storage, which is a source folder of this project.
process.env.CRAWLEE_STORAGE_DIR = tempDir('crawlee-redis-test-');

const PAGES = 120;
let srv: RedisServerHandle;
let site: Server;
let base = '';

beforeAll(async () => {
  srv = await startRedisServer();
  // A small site shaped as a tree: page i links to 5i+1 .. 5i+5 and back to the start page, so
  // the frontier soon holds far more pages than one worker locks at a time (Crawlee locks 25)
  // and both workers get work however the scheduler orders their start.
  site = createServer((req, res) => {
    const i = Number((req.url ?? '').split('/').pop()) || 0;
    const kids = [1, 2, 3, 4, 5].map((d) => 5 * i + d).filter((j) => j < PAGES);
    const links = [0, ...kids].map((j) => `<a href="/p/${j}">${j}</a>`);
    res.setHeader('content-type', 'text/html');
    res.end(`<html><body><h1>Page ${i}</h1>${links.join(' ')}</body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const addr = site.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => site?.close(r));
  await srv?.stop();
});

it('two BasicCrawler instances share one Redis queue: every page handled exactly once', async () => {
  const task = `crawl-${process.pid}`;
  const handled = new Map<string, string[]>();
  const depth = new Map<string, number>();
  const handles: RedisQueueHandle[] = [];
  const makeCrawler = async (name: string) => {
    const h = await openRedisRequestQueue({ redis: srv.url, task, bloom: { n: 10_000, p: 1e-4 }, lockSecs: 10 });
    handles.push(h);
    return new BasicCrawler(
      {
        requestQueue: h.queue,
        maxConcurrency: 4,
        requestHandler: async ({ request, addRequests }) => {
          const html = await (await fetch(request.url)).text();
          // Slow enough that one crawler cannot drain the queue before the other polls it.
          await new Promise((r) => setTimeout(r, 100));
          handled.set(request.url, [...(handled.get(request.url) ?? []), name]);
          depth.set(request.url, request.crawlDepth);
          const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!, request.url).href);
          await addRequests(links);
        },
      },
      new Configuration({ persistStorage: false, purgeOnStart: false }),
    );
  };
  const a = await makeCrawler('a');
  const b = await makeCrawler('b');
  await handles[0]!.queue.addRequest({ url: `${base}/p/0` });
  await Promise.all([a.run(), b.run()]);
  const info = await handles[0]!.queue.getInfo();
  await Promise.all(handles.map((h) => h.close()));

  expect(handled.size).toBe(PAGES);
  const twice = [...handled].filter(([, by]) => by.length !== 1);
  expect(twice).toEqual([]);
  const byA = [...handled.values()].filter((by) => by[0] === 'a').length;
  // Both workers took part.
  expect(byA).toBeGreaterThan(0);
  expect(byA).toBeLessThan(PAGES);
  // crawlDepth (kept in userData.__crawlee) survives the trip through Redis: the depth limit works.
  expect(depth.get(`${base}/p/0`)).toBe(0);
  expect(depth.get(`${base}/p/3`)).toBe(1);
  expect(depth.get(`${base}/p/7`)).toBe(2);
  expect(depth.get(`${base}/p/119`)).toBe(3);
  expect(info).toMatchObject({ totalRequestCount: PAGES, handledRequestCount: PAGES, pendingRequestCount: 0 });
});

it("a crashed worker's locked requests are crawled by another worker after the lock expires", async () => {
  const task = `crash-${process.pid}`;
  // The "crashed" worker locked requests and never came back (no renewal, no unlock).
  const dead = await RedisStorageClient.create({ redis: srv.url, task, clientId: 'dead', renewLocks: false, lockSecs: 1, bloom: { n: 1000, p: 1e-3 } });
  const urls = Array.from({ length: 10 }, (_, i) => `${base}/p/${i}`);
  await dead.requestQueue(task).batchAddRequests(urls.map((url) => ({ url, uniqueKey: url })));
  const locked = await dead.requestQueue(task).listAndLockHead({ limit: 4, lockSecs: 1 });
  expect(locked.items).toHaveLength(4);
  await dead.close();

  const h = await openRedisRequestQueue({ redis: srv.url, task, lockSecs: 5 });
  const seen: string[] = [];
  const crawler = new BasicCrawler(
    { requestQueue: h.queue, requestHandler: async ({ request }) => void seen.push(request.url) },
    new Configuration({ persistStorage: false, purgeOnStart: false }),
  );
  await crawler.run();
  await h.close();
  expect(seen.sort()).toEqual([...urls].sort());
});
