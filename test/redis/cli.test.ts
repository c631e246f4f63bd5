import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Command } from 'commander';
import * as bloomInfo from '../../src/cli/commands/bloom-info';
import * as bloomTest from '../../src/cli/commands/bloom-test';
import { MemoryBloom, taskBloomPath } from '../../src/dedup/bloom-memory';
import { RedisStorageClient } from '../../src/queue/redis-request-queue';
import { startRedisServer, type RedisServerHandle } from '../helpers/redis-server';
import { tempDir } from '../helpers/temp-dir';

let srv: RedisServerHandle;
beforeAll(async () => {
  srv = await startRedisServer();
});
afterAll(async () => {
  delete process.env.REDIS_URL;
  await srv?.stop();
});

/** Runs one of our subcommands in-process and returns what it printed on stdout. */
async function run(...args: string[]): Promise<string> {
  const program = new Command().exitOverride();
  bloomInfo.register(program);
  bloomTest.register(program);
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await program.parseAsync(['node', 'main', ...args]);
  } finally {
    spy.mockRestore();
    err.mockRestore();
  }
  return out;
}

it('bloom-info reads a task from Redis: size, k, fill, estimated items, queue counts', async () => {
  const storage = await RedisStorageClient.create({ redis: srv.url, task: 'cli-task', bloom: { n: 20_000, p: 1e-3 } });
  const urls = Array.from({ length: 1500 }, (_, i) => ({ url: `https://c${i % 4}.test/${i}`, uniqueKey: String(i) }));
  await storage.requestQueue('cli-task').batchAddRequests([...urls, { url: 'ftp://x', uniqueKey: 'ftp' }]);
  await storage.close();
  process.env.REDIS_URL = srv.url;
  const out = await run('bloom-info', '--task', 'cli-task');
  expect(out).toMatch(/^hashes \(k\): 10$/m);
  expect(out).toMatch(/^queue total: 1500$/m);
  expect(out).toMatch(/^malformed links skipped: 1$/m);
  const est = Number(/^estimated items: (\d+)$/m.exec(out)?.[1]);
  expect(Math.abs(est - 1500)).toBeLessThan(60);
  await expect(run('bloom-info', '--task', 'missing')).rejects.toThrow(/task "missing" has no Bloom filter in Redis/);
});

it('bloom-info reads the saved in-process filter when REDIS_URL is unset', async () => {
  delete process.env.REDIS_URL;
  const dir = tempDir('bloom-cli-');
  const m = new MemoryBloom({ n: 2000, p: 0.01 });
  for (let i = 0; i < 800; i++) m.testAndSet(`https://e.test/${i}`);
  await m.save(taskBloomPath('embedded', dir));
  const info = JSON.parse(await run('bloom-info', '--task', 'embedded', '--data-dir', dir, '--format', 'json'));
  expect(info.sizing).toMatchObject({ n: 2000, p: 0.01 });
  expect(Math.abs(info.estimatedItems - 800)).toBeLessThan(60);
});

it('bloom-test measures the false-positive rate near theory', async () => {
  process.env.REDIS_URL = srv.url;
  const r = JSON.parse(await run('bloom-test', '--n', '20000', '--p', '0.01', '--format', 'json'));
  expect(r.probes).toBe(20_000);
  expect(Math.abs(r.fpDeviation)).toBeLessThan(0.3);
  expect(r.setBytesPerEntry).toBeGreaterThan(40);
  expect(r.bloomBytesPerUrl).toBeLessThan(r.setBytesPerEntry);
  await expect(run('bloom-test', '--p', '2')).rejects.toThrow(/--p must be a number between 0 and 1/);
});
