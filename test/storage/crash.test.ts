import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

const WRITER = join(import.meta.dirname, 'helpers', 'writer.ts');
const READER = join(import.meta.dirname, 'helpers', 'reader.ts');

/** Starts the writer child; resolves its acks as they come. */
function startWriter(dataDir: string, task: string, prefix: string, batches: number, perBatch: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, task, prefix, String(batches), String(perBatch)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acks: number[] = [];
  let stderr = '';
  let buf = '';
  const listeners: Array<() => void> = [];
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const m = /^ack (\d+)$/.exec(line);
      if (m) acks.push(Number(m[1]));
      for (const l of listeners) l();
    }
  });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const waitForAcks = (n: number) =>
    new Promise<void>((res, rej) => {
      const check = () => { if (acks.length >= n) res(); };
      listeners.push(check);
      check();
      void exited.then(() => (acks.length >= n ? res() : rej(new Error(`writer exited after ${acks.length} acks: ${stderr}`))));
    });
  return { child, acks, exited, waitForAcks, stderr: () => stderr };
}

describe('embedded store crash safety', () => {
  it('keeps every acknowledged batch after the writer is killed with SIGKILL mid-batch', async () => {
    const dir = tempDir('store-crash-');
    const perBatch = 200;
    const w = startWriter(dir, 'crash', 'http://shop.test/crash', 1000, perBatch);
    await w.waitForAcks(4);
    // Let the next batch get under way, then kill without warning.
    await new Promise((r) => setTimeout(r, 15));
    w.child.kill('SIGKILL');
    await w.exited;
    const acked = [...w.acks];
    expect(acked.length).toBeGreaterThanOrEqual(4);

    const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    try {
      const task = await repo.getTaskByName('crash');
      expect(task).not.toBeNull();
      for (const b of acked) {
        expect(await repo.count('commodities', { taskId: task!.id, 'extra.批次': b })).toBe(perBatch);
      }
      // The batch in flight is all there or not there at all: never half a page.
      const total = await repo.count('commodities', { taskId: task!.id });
      expect(total % perBatch).toBe(0);
      expect(total / perBatch).toBeGreaterThanOrEqual(acked.length);
      // And the store takes new writes after the crash.
      const r = await repo.savePage(task!, listingPage('http://shop.test/after', [commodity({ url: 'http://shop.test/after/1' })]));
      expect(r.inserted.commodities).toBe(1);
    } finally {
      await repo.close();
    }
  });

  it('lets two worker processes write one store while a third queries it: no error, nothing lost, never half a page', async () => {
    const dir = tempDir('store-crash-');
    const perBatch = 20;
    // Create the task first so both workers share it.
    const setup = await openRepository({ dataDir: dir, mongodbUri: '' });
    await setup.upsertTask({ name: 'shared', type: 'commerce', startUrls: ['http://shop.test/'] });
    const reader = spawn(process.execPath, ['--import', 'tsx', READER, dir, 'shared', String(2 * 15 * perBatch)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    let readerErr = '';
    reader.stdout.on('data', (d: Buffer) => { seen += d.toString(); });
    reader.stderr.on('data', (d: Buffer) => { readerErr += d.toString(); });
    const readerExit = new Promise<number | null>((res) => reader.on('exit', (code) => res(code)));
    const a = startWriter(dir, 'shared', 'http://shop.test/a', 15, perBatch);
    const b = startWriter(dir, 'shared', 'http://shop.test/b', 15, perBatch);
    expect(await a.exited, a.stderr()).toBe(0);
    expect(await b.exited, b.stderr()).toBe(0);
    expect(await readerExit, readerErr).toBe(0);
    // The reader saw the store grow a whole page at a time.
    const counts = [...seen.matchAll(/^count (\d+)$/gm)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((n) => n % perBatch === 0)).toBe(true);
    expect(counts.every((n, i) => i === 0 || n >= counts[i - 1]!)).toBe(true);
    expect(counts.at(-1)).toBe(600);
    // The still-open first handle sees what the others wrote.
    const task = await setup.getTaskByName('shared');
    expect(await setup.count('commodities', { taskId: task!.id })).toBe(600);
    await setup.close();
    const fresh = await openRepository({ dataDir: dir, mongodbUri: '' });
    expect(await fresh.count('commodities', { taskId: task!.id })).toBe(600);
    expect(await fresh.count('tasks', { name: 'shared' })).toBe(1);
    await fresh.close();
  });
});
