import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useRedisServer } from '../helpers/redis-server';
import {
  bloomPositions, bloomPositionsInto, falsePositiveRate, optimalBits, optimalHashes, sizeBloom, REDIS_MAX_BLOCK_BITS,
} from '../../src/dedup/bloom-math';
import { MemoryBloom } from '../../src/dedup/bloom-memory';
import { packPositions, putBulkUint, RedisBloom } from '../../src/dedup/bloom-redis';
import { tempDir } from '../helpers/temp-dir';

describe('Bloom sizing', () => {
  it('follows the design formulas and examples', () => {
    // SPEC: m/n = 20 with k = 14 gives about 6.7e-5.
    expect(falsePositiveRate(20, 14, 1)).toBeCloseTo(6.7e-5, 6);
    expect(optimalHashes(20, 1)).toBe(14);
    const s = sizeBloom(); // design default: 1e8 URLs at 1e-3
    expect(s.n).toBe(1e8);
    expect(s.k).toBe(10);
    expect(s.m).toBeGreaterThanOrEqual(optimalBits(1e8, 1e-3));
    expect(s.blockBits).toBeLessThanOrEqual(REDIS_MAX_BLOCK_BITS);
  });

  it('splits a filter over 2^32 bits into blocks, all k bits of a URL in one block', () => {
    const s = sizeBloom({ n: 4e8, p: 1e-3 });
    expect(s.blocks).toBe(2);
    expect(s.blockBits).toBeLessThanOrEqual(2 ** 32);
    const small = sizeBloom({ n: 10_000, p: 0.01, maxBlockBits: 16_384 });
    expect(small.blocks).toBe(6);
    const used = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const { block, offsets } = bloomPositions(`https://a.test/${i}`, small);
      used.add(block);
      expect(offsets).toHaveLength(small.k);
      for (const o of offsets) expect(o).toBeLessThan(small.blockBits);
    }
    expect(used.size).toBe(6);
  });

  it('keeps the bit positions of saved filters: fixed XXH3-128 values, the batch form equal to the single one', () => {
    // Positions are persisted (bloom.bin, Redis blocks): a change here would forget every URL seen.
    const s = sizeBloom(); // 1e8 at 1e-3: one block of 1 437 758 760 bits
    expect(bloomPositions('https://shop.example/item/1', s)).toEqual({
      block: 0,
      offsets: [360734943, 1133383438, 468273174, 1240921672, 575811413, 1348459918, 683349668, 18239424, 790887947, 125777718],
    });
    const big = sizeBloom({ n: 4e8 }); // 2 blocks of ~2^31.4 bits: offsets over 2^31
    const out = new Uint32Array(big.k * 3);
    const urls = ['https://a.test/x', 'http://b.test/?q=1', `https://c.test/${'y'.repeat(300)}`];
    urls.forEach((u, i) => {
      const block = bloomPositionsInto(u, big, out, i * big.k);
      expect({ block, offsets: [...out.subarray(i * big.k, (i + 1) * big.k)] }).toEqual(bloomPositions(u, big));
    });
    const { blob, blockNames } = packPositions(urls, big, (b) => `b${b}`);
    expect(blob.length).toBe(4 * (big.k + 1) * urls.length);
    expect(blob.readUInt32LE(4)).toBe(bloomPositions(urls[0]!, big).offsets[0]);
    expect(blockNames.length).toBeGreaterThan(0);
  });

  it('writes offsets as RESP bulk strings', () => {
    const buf = new Uint8Array(20);
    for (const v of [0, 7, 9, 10, 99, 100, 101, 999, 1000, 65_535, 99_999, 100_000, 1e9 - 1, 1e9, 2 ** 31, 2 ** 32 - 1]) {
      const end = putBulkUint(buf, 0, v);
      expect(Buffer.from(buf.subarray(0, end)).toString('latin1')).toBe(`${String(v).length}\r\n${v}`);
    }
  });

  it('rejects bad settings with the valid range', () => {
    expect(() => sizeBloom({ p: 1.5 })).toThrow(/p must be between 0 and 1/);
    expect(() => sizeBloom({ n: 0 })).toThrow(/n must be a number ≥ 1/);
    expect(() => sizeBloom({ n: 4e8, blocks: 1 })).toThrow(/blocks must be an integer ≥ 2/);
  });
});

describe('in-process Bloom filter', () => {
  it('dedups, estimates its fill, and survives save/load', async () => {
    const b = new MemoryBloom({ n: 5000, p: 0.01 });
    const urls = Array.from({ length: 5000 }, (_, i) => `https://m.test/${i}`);
    // While filling up, a few new URLs look seen (false positives): well under p·n on average.
    expect(urls.filter((u) => b.testAndSet(u)).length).toBeLessThan(50);
    expect(urls.every((u) => b.has(u))).toBe(true);
    const info = b.info();
    expect(info.estimatedItems).toBeGreaterThan(4800);
    expect(info.estimatedItems).toBeLessThan(5200);
    const path = join(tempDir('bloom-'), 'task', 'bloom.bin');
    await b.save(path);
    const loaded = await MemoryBloom.load(path);
    expect(urls.every((u) => loaded.has(u))).toBe(true);
    expect(loaded.info().bitsSet).toBe(info.bitsSet);
    writeFileSync(path, 'garbage');
    await expect(MemoryBloom.load(path)).rejects.toThrow(/not a saved Bloom filter/);
  });
});

describe('Redis Bloom filter', () => {
  const suite = useRedisServer();

  it('test-and-sets a whole batch, duplicates inside the batch included, bit for bit like the in-process one', async () => {
    const opts = { n: 20_000, p: 1e-3, maxBlockBits: 65_536 };
    const rb = await RedisBloom.open(suite.client, { task: 'bloom-a', ...opts });
    expect(rb.sizing.blocks).toBeGreaterThan(1);
    const mem = new MemoryBloom(sizeBloom(opts));
    const urls = Array.from({ length: 3000 }, (_, i) => `https://b.test/${i % 2500}`);
    const seen = await rb.testAndSet(urls);
    expect(seen.slice(0, 2500).filter(Boolean).length).toBeLessThanOrEqual(2);
    expect(seen.slice(2500).every(Boolean)).toBe(true);
    expect(seen).toEqual(mem.testAndSetMany(urls));
    const info = await rb.info();
    expect(info.bitsSet).toBe(mem.info().bitsSet);
    expect(info.estimatedItems).toBeGreaterThan(2400);
    expect(info.estimatedItems).toBeLessThan(2600);
    expect(info.memoryUsage).toBeGreaterThan(0);
  });

  it('sends big batches as several BITFIELDs in one transaction, and leaves the same bytes as the in-process filter', async () => {
    const opts = { n: 30_000, p: 1e-3 };
    const rb = await RedisBloom.open(suite.client, { task: 'bloom-c', ...opts });
    expect(rb.sizing.blocks).toBe(1);
    const mem = new MemoryBloom(sizeBloom(opts));
    // 2600 URLs in one block: 3 commands; the repeats fall in later commands than their first copy.
    const urls = Array.from({ length: 2600 }, (_, i) => `https://c.test/${i < 2000 ? i : i - 1990}`);
    const seen = await rb.testAndSet(urls);
    expect(seen).toEqual(mem.testAndSetMany(urls));
    expect(seen.slice(2000).every(Boolean)).toBe(true);
    const probes = urls.map((u) => `${u}?probe`);
    expect(await rb.contains(probes)).toEqual(probes.map((u) => mem.has(u)));
    const stored = await suite.client.getBuffer('sn:{bloom-c}:bloom:b0');
    const local = join(tempDir('bloom-'), 'c.bin');
    await mem.save(local);
    const file = readFileSync(local);
    expect(stored!.equals(file.subarray(file.length - stored!.length))).toBe(true);
    await rb.drop();
  });

  it('refuses other settings for the same task, naming the difference; adopts stored ones when none given', async () => {
    await RedisBloom.open(suite.client, { task: 'bloom-b', n: 1000, p: 0.01 });
    await expect(RedisBloom.open(suite.client, { task: 'bloom-b', n: 1000, p: 0.001 })).rejects.toThrow(/p: stored 0\.01, this worker 0\.001/);
    expect((await RedisBloom.open(suite.client, { task: 'bloom-b' })).sizing.p).toBe(0.01);
    expect(await RedisBloom.openExisting(suite.client, 'nope')).toBeNull();
  });
});

describe('embedded dedup (no Redis)', () => {
  it('remembers seen links across a restart of the task (resume does not refetch)', async () => {
    const { openEmbeddedDedup } = await import('../../src/dedup/embedded-dedup');
    const dataDir = tempDir('emb-');
    const first = await openEmbeddedDedup({ task: 'resume', dataDir, bloom: { n: 1000, p: 1e-3 } });
    expect(first.check('https://e.test/a?utm_source=x').status).toBe('new');
    expect(first.check('https://E.test/a#top').status).toBe('seen');
    expect(first.check('javascript:alert(1)')).toMatchObject({ status: 'malformed', reason: expect.stringMatching(/unsupported scheme/) });
    await first.save();
    const resumed = await openEmbeddedDedup({ task: 'resume', dataDir });
    expect(resumed.check('https://e.test/a').status).toBe('seen');
    expect(resumed.check('https://e.test/b').status).toBe('new');
    expect(resumed.info().sizing.n).toBe(1000);
  });
});
