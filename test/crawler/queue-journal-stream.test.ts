import { describe, it, expect, afterEach } from 'vitest';
import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Configuration, RequestQueue } from 'crawlee';
import { MemoryStorage } from '@crawlee/memory-storage';
import { QueueJournal } from '../../src/queue/queue-journal';
import { readLines } from '../../src/files/read-lines';
import { LocalPageBudget } from '../../src/crawler/page-budget';
import { tempDir } from '../helpers/temp-dir';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function journalFile(): string {
  const dir = tempDir('qjs-');
  dirs.push(dir);
  return join(dir, 'queue.jsonl');
}

async function open(file: string, replay: boolean, readChunkBytes?: number) {
  const storage = new MemoryStorage({ persistStorage: false, writeMetadata: false });
  const { id } = await storage.requestQueues().getOrCreate('queue');
  const replayedKeys: string[] = [];
  const journal = await QueueJournal.attach(storage, id, file, replay, { readChunkBytes, onReplayedKeys: (keys) => replayedKeys.push(...keys) });
  const config = new Configuration({ storageClient: storage, persistStorage: false, purgeOnStart: false });
  const queue = await RequestQueue.open(id, { config, storageClient: storage });
  return { queue, journal, replayedKeys };
}

describe('resuming from the queue journal read in chunks (a million-page journal is longer than a V8 string)', () => {
  it('reads lines split across chunks, multi-byte characters cut by a chunk edge, and a torn last line', async () => {
    const file = journalFile();
    const lines = ['{"a":1}', `{"name":"${'商品'.repeat(40)}"}`, '', '{"b":"' + 'x'.repeat(300) + '"}'];
    writeFileSync(file, `${lines.join('\n')}\n{"torn":"cut sh`);
    const got: string[] = [];
    // 7 bytes at a time: every line but the first spans chunks; 3-byte characters straddle edges.
    for await (const line of readLines(file, 7)) got.push(line);
    expect(got).toEqual([lines[0], lines[1], lines[3], '{"torn":"cut sh']);
  });

  it('resumes a journal many times the chunk size: every request back, the torn line skipped, the file compacted', async () => {
    const file = journalFile();
    const first = await open(file, false);
    const urls = Array.from({ length: 300 }, (_, i) => `https://shop.example.cn/p/${i}.html?name=${encodeURIComponent('长名'.repeat(i % 7))}`);
    await first.queue.addRequests(urls.map((url) => ({ url })));
    for (let i = 0; i < 120; i++) await first.queue.markRequestHandled((await first.queue.fetchNextRequest())!);
    await first.journal.sync();
    appendFileSync(file, '{"t":"a","r":{"url":"https://shop.exa'); // the write a crash cut short
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(64 * 1024);

    // 4 KiB chunks: the reader never holds more than a chunk and a line of a file 16+ times larger.
    const second = await open(file, true, 4096);
    const info = await second.queue.getInfo();
    // The 180 pending are back in the queue; all 300 go to the dedup filter.
    expect(info?.totalRequestCount).toBe(180);
    expect(second.replayedKeys).toHaveLength(300);
    const pending: string[] = [];
    for (let r = await second.queue.fetchNextRequest(); r; r = await second.queue.fetchNextRequest()) {
      pending.push(r.url);
      await second.queue.markRequestHandled(r);
    }
    expect(pending.sort()).toEqual(urls.slice(120).sort());
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(300);
    await second.journal.close();
  });
});

describe('the page budget kept with the queue', () => {
  it('counts every slot taken before a crash, and a pending page that holds one does not take another', async () => {
    const file = journalFile();
    const first = await open(file, false);
    const budget = new LocalPageBudget(10, 0, first.journal);
    await first.queue.addRequests(Array.from({ length: 8 }, (_, i) => ({ url: `https://shop.example.cn/p/${i}.html` })));
    // Six pages take a slot; four are done, two are in flight when the process is killed.
    const taken = [];
    for (let i = 0; i < 6; i++) {
      const r = (await first.queue.fetchNextRequest())!;
      expect(await budget.reserve(r.id)).toBe(true);
      taken.push(r);
    }
    for (const r of taken.slice(0, 4)) await first.queue.markRequestHandled(r);
    await budget.reserve(); // an article's next part: a slot without a request
    // No sync: the slots were written when taken (the process dies here, the buffer is lost).

    const second = await open(file, true);
    expect(second.journal.slotsUsed).toBe(7);
    const resumed = new LocalPageBudget(10, second.journal.slotsUsed, second.journal);
    const inFlight = new Set(taken.slice(4).map((r) => r.url));
    let fetched = 0;
    for (let r = await second.queue.fetchNextRequest(); r; r = await second.queue.fetchNextRequest()) {
      if (r.userData.slot !== true && !(await resumed.reserve(r.id))) break;
      if (inFlight.has(r.url)) expect(r.userData.slot).toBe(true);
      fetched++;
      await second.queue.markRequestHandled(r);
    }
    // The two in flight go on with their own slots; the two never started take new ones: 7 + 2.
    expect(fetched).toBe(4);
    expect(await resumed.used()).toBe(9);
    await second.journal.close();

    // The compacted file keeps the count: a third run sees the same 9.
    const third = await open(file, true);
    expect(third.journal.slotsUsed).toBe(9);
    await third.journal.close();
  });
});
