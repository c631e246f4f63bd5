/**
 * The seed experiment of the design: insert n random URLs into a Redis Bloom filter, probe n
 * others, and compare with theory and with a Redis SET of SHA-1 fingerprints. Shared by the
 * `bloom-test` command and `bench/bloom.ts`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { falsePositiveRate } from './bloom-math';
import { RedisBloom } from './bloom-redis';
import { bloomKeys } from './redis-keys';

export interface BloomExperimentOptions {
  redis: Redis;
  /** URLs inserted (the design n of the filter). Default 1e6. */
  n?: number;
  /** Target false-positive rate. Default 1e-3. */
  p?: number;
  /** URLs per test-and-set call. Default 1000. */
  batch?: number;
  /** Calls in flight at once (overlaps hashing and encoding in Node with BITFIELD in Redis). Default 4. */
  inFlight?: number;
  /** Entries put in the SHA-1 SET to measure its per-entry cost. Default min(n, 200 000). */
  setSample?: number;
  /** Also time the Lua-script variant on this many URLs (0 = skip). Default min(n, 200 000). */
  luaSample?: number;
  /** Progress messages (stderr in the CLI). */
  log?: (msg: string) => void;
}

export interface BloomExperimentResult {
  n: number;
  p: number;
  m: number;
  k: number;
  blocks: number;
  insertSeconds: number;
  addsPerSecond: number;
  /** CPU time per test-and-set while inserting, µs: this Node process, and the Redis server (INFO cpu, all its clients). */
  nodeCpuMicrosPerAdd: number;
  redisCpuMicrosPerAdd: number;
  /** New URLs reported as seen while inserting (URLs a crawl would have skipped). */
  falseSeenOnInsert: number;
  probes: number;
  falsePositives: number;
  measuredFp: number;
  theoreticalFp: number;
  /** (measured − theory) / theory */
  fpDeviation: number;
  bloomBytes: number;
  bloomMemoryUsage: number;
  usedMemoryDelta: number;
  bloomBytesPerUrl: number;
  setSample: number;
  setBytesPerEntry: number;
  setBytesForN: number;
  setBytesFor1e8: number;
  bloomBytesFor1e8: number;
  luaSample: number;
  luaAddsPerSecond: number;
}

const usedMemory = async (redis: Redis) => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
/** Seconds of CPU the Redis server has used (user + system, all threads). */
const redisCpuSeconds = async (redis: Redis) => {
  const s = await redis.info('cpu');
  return Number(/used_cpu_user:([\d.]+)/.exec(s)?.[1] ?? NaN) + Number(/used_cpu_sys:([\d.]+)/.exec(s)?.[1] ?? NaN);
};

export async function runBloomExperiment(opts: BloomExperimentOptions): Promise<BloomExperimentResult> {
  const n = opts.n ?? 1e6;
  const p = opts.p ?? 1e-3;
  const batch = opts.batch ?? 1000;
  const inFlight = opts.inFlight ?? 4;
  const log = opts.log ?? (() => undefined);
  const { redis } = opts;
  const run = randomBytes(6).toString('hex');
  const task = `bloomtest-${run}`;
  // Random-looking URLs: a random run id plus a counter (the hash makes structure irrelevant).
  const url = (kind: string, i: number) => `https://shop${i % 97}.example/${kind}/${run}/${i}`;

  const mem0 = await usedMemory(redis);
  const bloom = await RedisBloom.open(redis, { task, n, p });
  const { m, k, blocks } = bloom.sizing;
  try {
    log(`inserting ${n} URLs (m=${m} bits, k=${k}, blocks=${blocks}) ...`);
    let falseSeenOnInsert = 0;
    const redisCpu0 = await redisCpuSeconds(redis);
    const nodeCpu0 = process.cpuUsage();
    const t0 = performance.now();
    const pending: Promise<boolean[]>[] = [];
    const settle = async () => {
      falseSeenOnInsert += (await pending.shift()!).filter(Boolean).length;
    };
    for (let i = 0; i < n; i += batch) {
      const keys = Array.from({ length: Math.min(batch, n - i) }, (_, j) => url('in', i + j));
      pending.push(bloom.testAndSet(keys));
      if (pending.length >= inFlight) await settle();
    }
    while (pending.length) await settle();
    const insertSeconds = (performance.now() - t0) / 1000;
    const nodeCpu = process.cpuUsage(nodeCpu0);
    const redisCpu = (await redisCpuSeconds(redis)) - redisCpu0;

    log(`probing ${n} other URLs ...`);
    let falsePositives = 0;
    for (let i = 0; i < n; i += batch) {
      const keys = Array.from({ length: Math.min(batch, n - i) }, (_, j) => url('probe', i + j));
      falsePositives += (await bloom.contains(keys)).filter(Boolean).length;
    }
    const info = await bloom.info();
    const mem1 = await usedMemory(redis);

    const setSample = Math.min(opts.setSample ?? 200_000, n);
    log(`measuring a SET of ${setSample} SHA-1 fingerprints ...`);
    const setKey = `${bloomKeys(task).blockPrefix}sha1set`;
    for (let i = 0; i < setSample; i += 5000) {
      const members = Array.from({ length: Math.min(5000, setSample - i) }, (_, j) =>
        createHash('sha1').update(url('in', i + j)).digest('hex'),
      );
      await redis.sadd(setKey, ...members);
    }
    const setBytes = Number(await redis.memory('USAGE', setKey, 'SAMPLES', 0));
    await redis.del(setKey);

    const luaSample = Math.min(opts.luaSample ?? 200_000, n);
    let luaAddsPerSecond = 0;
    if (luaSample > 0) {
      log(`timing the Lua-script variant on ${luaSample} URLs ...`);
      const lua = await RedisBloom.open(redis, { task: `${task}-lua`, n, p });
      const t1 = performance.now();
      const inflight: Promise<boolean[]>[] = [];
      for (let i = 0; i < luaSample; i += batch) {
        inflight.push(lua.testAndSetLua(Array.from({ length: Math.min(batch, luaSample - i) }, (_, j) => url('lua', i + j))));
        if (inflight.length >= inFlight) await inflight.shift();
      }
      await Promise.all(inflight);
      luaAddsPerSecond = luaSample / ((performance.now() - t1) / 1000);
      await lua.drop();
    }

    const theoreticalFp = falsePositiveRate(m, k, n);
    const measuredFp = falsePositives / n;
    const setBytesPerEntry = setBytes / setSample;
    return {
      n, p, m, k, blocks,
      insertSeconds,
      addsPerSecond: n / insertSeconds,
      nodeCpuMicrosPerAdd: (nodeCpu.user + nodeCpu.system) / n,
      redisCpuMicrosPerAdd: (redisCpu * 1e6) / n,
      falseSeenOnInsert,
      probes: n,
      falsePositives,
      measuredFp,
      theoreticalFp,
      fpDeviation: (measuredFp - theoreticalFp) / theoreticalFp,
      bloomBytes: info.bytes,
      bloomMemoryUsage: info.memoryUsage,
      usedMemoryDelta: mem1 - mem0,
      bloomBytesPerUrl: info.memoryUsage / n,
      setSample,
      setBytesPerEntry,
      setBytesForN: setBytesPerEntry * n,
      setBytesFor1e8: setBytesPerEntry * 1e8,
      bloomBytesFor1e8: (info.memoryUsage / n) * 1e8,
      luaSample,
      luaAddsPerSecond,
    };
  } finally {
    await bloom.drop();
  }
}

const mib = (b: number) => (b >= 2 ** 20 ? `${(b / 2 ** 20).toFixed(1)} MiB` : `${(b / 1024).toFixed(1)} KiB`);

/** The result as aligned "name: value" lines. */
export function formatBloomExperiment(r: BloomExperimentResult): string {
  return [
    `n=${r.n} p=${r.p}: m=${r.m} bits (${mib(r.m / 8)}), k=${r.k}, blocks=${r.blocks}`,
    `adds: ${r.n} in ${r.insertSeconds.toFixed(2)} s = ${Math.round(r.addsPerSecond)} test-and-sets/s (batched BITFIELD)` +
      (r.luaSample ? `; Lua-script variant ${Math.round(r.luaAddsPerSecond)}/s on ${r.luaSample}` : ''),
    `CPU per test-and-set: Node ${r.nodeCpuMicrosPerAdd.toFixed(2)} µs, Redis ${r.redisCpuMicrosPerAdd.toFixed(2)} µs ` +
      `(with a core each, the rate is bounded by ~${Math.round(1e6 / Math.max(r.nodeCpuMicrosPerAdd, r.redisCpuMicrosPerAdd))}/s; lower means they shared CPU)`,
    `false positives: measured ${r.measuredFp.toExponential(3)} (${r.falsePositives}/${r.probes}), theory ${r.theoreticalFp.toExponential(3)}, deviation ${(r.fpDeviation * 100).toFixed(1)}%`,
    `new URLs reported seen while inserting: ${r.falseSeenOnInsert}`,
    `Redis memory of the filter: ${mib(r.bloomMemoryUsage)} (MEMORY USAGE), used_memory delta ${mib(r.usedMemoryDelta)}; ${r.bloomBytesPerUrl.toFixed(2)} bytes/URL`,
    `SET of 40-hex SHA-1: ${r.setBytesPerEntry.toFixed(1)} bytes/entry measured on ${r.setSample}; for n: ${mib(r.setBytesForN)}`,
    `extrapolated to 1e8 URLs: SET ${(r.setBytesFor1e8 / 2 ** 30).toFixed(2)} GiB vs Bloom ${mib(r.bloomBytesFor1e8)} (${(r.setBytesFor1e8 / r.bloomBytesFor1e8).toFixed(1)}x)`,
  ].join('\n');
}
