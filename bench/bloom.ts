/**
 * Bloom-filter benchmark: batched test-and-sets per second against a local Redis, measured vs
 * theoretical false-positive rate at the design n, and Bloom vs SHA-1 SET memory per URL.
 *   npx tsx bench/bloom.ts [--n 1000000] [--p 0.001] [--batch 1000] [--in-flight 4]
 * Uses REDIS_URL when set, else starts a temporary redis-server.
 */
import { pathToFileURL } from 'node:url';
import { formatBloomExperiment, runBloomExperiment, type BloomExperimentResult } from '../src/dedup/bloom-experiment';
import { connectRedis } from '../src/queue/redis-connection';
import { startRedisServer } from '../src/queue/local-redis-server';
import { dropRedisTask, RedisStorageClient } from '../src/queue/redis-request-queue';
import type { Redis } from 'ioredis';

export interface BenchBloomOptions {
  n?: number;
  p?: number;
  /** URLs per test-and-set call and calls in flight (runBloomExperiment's defaults when unset). */
  batch?: number;
  inFlight?: number;
  redisUrl?: string;
  print?: boolean;
}

export interface QueueBenchResult {
  adds: number;
  addsPerSecond: number;
  served: number;
  lockAndHandlePerSecond: number;
}

/** The Redis request queue: atomic Bloom + enqueue adds per second, then lock + mark-handled per second. */
export async function benchQueue(redis: Redis, adds = 100_000, serve = 20_000): Promise<QueueBenchResult> {
  const task = `benchq-${process.pid}-${Date.now()}`;
  const storage = await RedisStorageClient.create({ redis, task, clientId: 'bench', bloom: { n: adds, p: 1e-3 }, renewLocks: false });
  const q = storage.requestQueue(task);
  const reqs = Array.from({ length: adds }, (_, i) => {
    const url = `https://shop${i % 20}.example/item/${i}`;
    return { url, uniqueKey: url };
  });
  let t = performance.now();
  for (let i = 0; i < adds; i += 1000) await q.batchAddRequests(reqs.slice(i, i + 1000));
  const addsPerSecond = adds / ((performance.now() - t) / 1000);
  t = performance.now();
  let served = 0;
  while (served < serve) {
    const head = await q.listAndLockHead({ limit: 25, lockSecs: 60 });
    if (head.items.length === 0) break;
    await Promise.all(head.items.map((it) => q.updateRequest({ ...it, handledAt: new Date().toISOString() })));
    served += head.items.length;
  }
  const lockAndHandlePerSecond = served / ((performance.now() - t) / 1000);
  await dropRedisTask(redis, task);
  return { adds, addsPerSecond, served, lockAndHandlePerSecond };
}

export async function benchBloom(opts: BenchBloomOptions = {}): Promise<BloomExperimentResult> {
  const url = opts.redisUrl ?? process.env.REDIS_URL;
  const server = url ? undefined : await startRedisServer();
  const redis = await connectRedis(url ?? server!.url, { name: 'bench-bloom' });
  try {
    const r = await runBloomExperiment({
      redis, n: opts.n ?? 1e6, p: opts.p ?? 1e-3, batch: opts.batch, inFlight: opts.inFlight,
      log: (m) => process.stderr.write(`${m}\n`),
    });
    if (opts.print !== false) {
      process.stdout.write(`# bloom benchmark (${url ? 'REDIS_URL' : 'temporary redis-server'})\n${formatBloomExperiment(r)}\n`);
      const qr = await benchQueue(redis);
      process.stdout.write(
        `request queue (Bloom test-and-set + enqueue in one Lua script): ${Math.round(qr.addsPerSecond)} adds/s over ${qr.adds}; lock + mark handled ${Math.round(qr.lockAndHandlePerSecond)} requests/s over ${qr.served}\n`,
      );
      process.stdout.write(
        `targets: >= 200000 adds/s: ${r.addsPerSecond >= 200_000 ? 'met' : 'NOT met'}; FP within ±15% of theory: ${Math.abs(r.fpDeviation) <= 0.15 ? 'met' : 'NOT met'}\n`,
      );
    }
    return r;
  } finally {
    redis.disconnect();
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  await benchBloom({ n: arg('n'), p: arg('p'), batch: arg('batch'), inFlight: arg('in-flight') });
}
