import { describe, it, expect, afterEach } from 'vitest';
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Configuration, RequestQueue } from 'crawlee';
import { MemoryStorage } from '@crawlee/memory-storage';
import { QueueJournal } from '../../src/queue/queue-journal';
import { tempDir } from '../helpers/temp-dir';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A journal path in a fresh folder, removed after the test. */
function journalFile(): string {
  const dir = tempDir('qj-');
  dirs.push(dir);
  return join(dir, 'queue.jsonl');
}

/** A journaled queue as the embedded backend opens it. */
async function open(file: string, replay: boolean) {
  const storage = new MemoryStorage({ persistStorage: false, writeMetadata: false });
  const { id } = await storage.requestQueues().getOrCreate('queue');
  // What the task's Bloom filter is told on replay.
  const replayedKeys: string[] = [];
  const journal = await QueueJournal.attach(storage, id, file, replay, { onReplayedKeys: (keys) => replayedKeys.push(...keys) });
  const config = new Configuration({ storageClient: storage, persistStorage: false, purgeOnStart: false });
  const queue = await RequestQueue.open(id, { config, storageClient: storage });
  return { queue, journal, replayedKeys };
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://shop.example.cn/p/${i}.html`);

describe('the embedded queue journal', () => {
  it('brings back pending and handled requests after the process dies, with retry counts', async () => {
    const file = journalFile();
    const first = await open(file, false);
    await first.queue.addRequests(urls(10).map((url) => ({ url })));
    for (let i = 0; i < 4; i++) {
      const r = (await first.queue.fetchNextRequest())!;
      await first.queue.markRequestHandled(r);
    }
    const failing = (await first.queue.fetchNextRequest())!;
    failing.retryCount = 1;
    failing.pushErrorMessage(new Error('HTTP 500'));
    await first.queue.reclaimRequest(failing);
    await first.journal.sync(); // what the periodic flush does; the process then "dies" without closing

    const second = await open(file, true);
    const info = await second.queue.getInfo();
    // The queue holds the pending requests; the dedup filter learns every URL, handled ones too.
    expect(info?.totalRequestCount).toBe(6);
    expect(info?.pendingRequestCount).toBe(6);
    expect([...second.replayedKeys].sort()).toEqual(urls(10).sort());
    const seen: string[] = [];
    for (let r = await second.queue.fetchNextRequest(); r; r = await second.queue.fetchNextRequest()) {
      seen.push(r.url);
      if (r.url === failing.url) expect(r.retryCount).toBe(1);
      await second.queue.markRequestHandled(r);
    }
    expect(seen.sort()).toEqual(urls(10).slice(4).sort());
    await second.journal.close();
  });

  it('keeps no handled request in memory, the crawl\'s memory not growing with its pages (front-of-queue requests too)', async () => {
    const file = journalFile();
    const q = await open(file, false);
    for (const forefront of [false, true]) {
      await q.queue.addRequests(urls(600).map((url) => ({ url: `${url}?front=${forefront}` })), { forefront });
      for (let r = await q.queue.fetchNextRequest(); r; r = await q.queue.fetchNextRequest()) await q.queue.markRequestHandled(r);
      const info = await q.queue.getInfo();
      expect(info?.totalRequestCount).toBe(0);
      expect(info?.pendingRequestCount).toBe(0);
      expect(await q.queue.isFinished()).toBe(true);
    }
    await q.journal.close();
    // The journal still has them all, for a resume's dedup filter.
    const again = await open(file, true);
    expect(again.replayedKeys).toHaveLength(1200);
    expect((await again.queue.getInfo())?.totalRequestCount).toBe(0);
    await again.journal.close();
  });

  it('survives a depth-first crawl: handled marks and head walks of front-of-queue requests at the same time', async () => {
    const q = await open(journalFile(), false);
    // The raw client, as Crawlee's queue drives it: several pages finish while the head is walked.
    const client = (q.queue as unknown as { client: import('@crawlee/types').RequestQueueClient }).client;
    // Every offset, in microtask steps, between a walk of the head starting and a page's handled
    // mark (which drops the page from memory): before, some offsets made the walk read a front
    // entry deleted under it and throw, which ended the whole crawl.
    for (let offset = 0; offset < 60; offset++) {
      const batch = urls(8).map((u) => `${u}?o=${offset}`);
      await client.batchAddRequests(batch.slice(0, 1).map((url) => ({ url, uniqueKey: url })), { forefront: true });
      const [done] = (await client.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
      // Links found since go in front of it: a walk meets them first, then the page being marked.
      await client.batchAddRequests(batch.slice(1).map((url) => ({ url, uniqueKey: url })), { forefront: true });
      const walk = client.listHead({ limit: 25 });
      for (let i = 0; i < offset; i++) await Promise.resolve();
      const mark = client.updateRequest({ ...done!, handledAt: new Date().toISOString() } as never);
      await expect(Promise.all([walk, mark]), `offset ${offset}`).resolves.toHaveLength(2);
    }
    await q.journal.close();
  });

  it('skips a line cut short by a crash and compacts the file to one line per request on resume', async () => {
    const file = journalFile();
    const first = await open(file, false);
    await first.queue.addRequests(urls(3).map((url) => ({ url })));
    const r = (await first.queue.fetchNextRequest())!;
    await first.queue.markRequestHandled(r);
    await first.journal.close();
    appendFileSync(file, '{"t":"a","r":{"url":"https://shop.exa'); // the write the crash interrupted

    const second = await open(file, true);
    expect((await second.queue.getInfo())?.pendingRequestCount).toBe(2);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    await second.journal.close();
  });

  it('starts empty when not resuming, whatever the file held', async () => {
    const file = journalFile();
    const first = await open(file, false);
    await first.queue.addRequests(urls(5).map((url) => ({ url })));
    await first.journal.close();
    const fresh = await open(file, false);
    expect(await fresh.queue.isEmpty()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('');
    await fresh.journal.close();
  });
});
