import { appendFile } from 'node:fs/promises';
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { readLines } from '../files/read-lines';
import { writeFileAtomic } from '../files/atomic-write';
import type { MemoryStorage } from '@crawlee/memory-storage';
import type { RequestQueueClient, RequestSchema, UpdateRequestSchema } from '@crawlee/types';

/** One change to the queue, as a line of the journal. */
type Added = { t: 'a'; r: RequestSchema; f?: true }; // added (f: at the front)
type Entry =
  | Added
  | { t: 'u'; r: UpdateRequestSchema; f?: true } // updated: handled, or back in the queue for a retry
  | { t: 'd'; id: string } // deleted
  | { t: 's'; id: string } // a page slot of the budget taken (id: the request's, or another key)
  | { t: 'x'; id: string } // that slot given back
  | { t: 'n'; n: number }; // slots taken by pages already done (compacted)

/** The journal's mark of a request put at the front of the queue. */
const front = (o?: { forefront?: boolean }) => (o?.forefront ? { f: true as const } : {});

export interface QueueJournalOptions {
  /** How often buffered changes are appended to the file, in ms. Default 200. */
  flushMs?: number;
  /**
   * Bytes read at a time when a resume replays the file. Default 1 MiB. The file is read in
   * chunks, never as one string: a million-page journal is larger than V8's longest string.
   */
  readChunkBytes?: number;
  /**
   * Called once when an append fails (disk full, read-only…). The journal then stops writing:
   * the caller must stop the crawl, since what follows could not be resumed.
   */
  onWriteError?: (err: Error) => void;
  /**
   * Told, on replay, the uniqueKey of every request the journal holds (handled or pending), in
   * batches. A handled request is not kept in the queue (see wrap), so the caller's dedup
   * filter, which may have been saved before the journal's last lines, must learn them here.
   */
  onReplayedKeys?: (uniqueKeys: string[]) => void;
}

/**
 * The embedded queue's durability: Crawlee's in-memory queue (MemoryStorage without
 * persistence) with every change appended to one journal file, replayed on `--resume`.
 *
 * Crawlee's file-backed queue writes a JSON file per request on each add, lock, prolong and
 * handled mark, each under a proper-lockfile lock (mkdir/rmdir/stat): in an HTTP crawl that
 * was a third of the main thread. Here a change is a line in a buffer, appended every 200 ms
 * in order. A crash loses at most the last buffered lines, and because the journal is only
 * ever appended in order, what survives is a prefix: a page whose handled mark was lost is
 * fetched again on resume (records are upserts), and the links it found were added before
 * its mark, so none is lost without the page being refetched. Locks are not journaled: a
 * resumed run starts with none (the previous process is gone).
 *
 * A request marked handled is dropped from the in-memory queue once its mark is journaled:
 * MemoryStorage kept every handled request (its JSON, and a walk over all of them to find the
 * head), memory growing with every page of the crawl. Dedup does not need them: every link
 * passes the task's Bloom filter before it is added (src/crawler/links/admission.ts).
 */
export class QueueJournal {
  private buffer: string[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  /** The first failed append; nothing is written after it. */
  private failure: Error | null = null;
  /** Budget slots of the task so far: keys still held by pending requests, and a count of the rest. */
  private readonly slots = new Set<string>();
  private slotsDone = 0;

  private constructor(
    private readonly file: string,
    private readonly opts: QueueJournalOptions,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), opts.flushMs ?? 200);
    this.timer.unref();
  }

  /**
   * Gives `storage` (a MemoryStorage without persistence) a journaled request queue. With
   * `replay`, the queue is first rebuilt from the file and the file rewritten compacted (one
   * line per request); without, the file is started empty.
   */
  static async attach(storage: MemoryStorage, queueId: string, file: string, replay: boolean, opts: QueueJournalOptions = {}): Promise<QueueJournal> {
    const journal = new QueueJournal(file, opts);
    const plain = storage.requestQueue.bind(storage);
    const latest = replay && existsSync(file) ? await journal.replay(plain(queueId)) : [];
    journal.rewrite(latest);
    storage.requestQueue = ((id: string, o?: object) => journal.wrap(plain(id, o))) as typeof storage.requestQueue;
    return journal;
  }

  /** Page slots taken over the whole task (all runs): the budget's count, kept with the queue. */
  get slotsUsed(): number {
    return this.slotsDone + this.slots.size;
  }

  /** Whether `key` (a request id) holds a slot from an earlier run. */
  holdsSlot(key: string): boolean {
    return this.slots.has(key);
  }

  /**
   * Records a page slot taken, on disk before the page is fetched: a process killed right after
   * cannot hand the slot out again on `--resume` (the budget stays exact). Lines buffered before
   * are written with it, in order.
   */
  async takeSlot(key: string): Promise<void> {
    this.slots.add(key);
    this.record({ t: 's', id: key });
    await this.flush();
  }

  giveBackSlot(key: string): void {
    if (this.slots.delete(key)) this.record({ t: 'x', id: key });
  }

  /** The append that failed, if one did (the crawl must stop: later changes are not kept). */
  get writeError(): Error | null {
    return this.failure;
  }

  /** Writes what is buffered and makes it durable (a checkpoint). Throws the append error, if any. */
  async sync(): Promise<void> {
    await this.flush();
    await this.writing;
    if (this.failure) throw this.failure;
    const fd = openSync(this.file, 'a');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  private wrap(client: RequestQueueClient): RequestQueueClient {
    return new Proxy(client, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        switch (prop) {
          case 'addRequest':
            return async (r: RequestSchema, o?: { forefront?: boolean }) => {
              const res = await target.addRequest(r, o);
              if (!res.wasAlreadyPresent) this.record({ t: 'a', r: { ...r, id: res.requestId }, ...front(o) });
              return res;
            };
          case 'batchAddRequests':
            return async (rs: RequestSchema[], o?: { forefront?: boolean }) => {
              const res = await target.batchAddRequests(rs, o);
              const fresh = new Map(res.processedRequests.filter((p) => !p.wasAlreadyPresent).map((p) => [p.uniqueKey, p.requestId]));
              for (const r of rs) {
                const id = fresh.get(r.uniqueKey);
                if (id === undefined) continue;
                fresh.delete(r.uniqueKey);
                this.record({ t: 'a', r: { ...r, id }, ...front(o) });
              }
              return res;
            };
          case 'updateRequest':
            return async (r: UpdateRequestSchema, o?: { forefront?: boolean }) => {
              const res = await target.updateRequest(r, o);
              this.record({ t: 'u', r, ...front(o) });
              if (r.handledAt && r.id) await this.exclusive(() => this.forget(target, r.id!));
              return res;
            };
          case 'listHead':
          case 'listAndLockHead':
            return (...a: unknown[]) => this.exclusive(() => (value as (...x: unknown[]) => Promise<unknown>).apply(target, a));
          case 'deleteRequest':
            return async (id: string) => {
              const res = await target.deleteRequest(id);
              this.record({ t: 'd', id });
              return res;
            };
          default:
            return (value as (...a: unknown[]) => unknown).bind(target);
        }
      },
    });
  }

  private walks: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fn` after every earlier walk or removal of the queue's head has ended. MemoryStorage
   * walks its front list across awaits: an entry deleted in between is read as undefined and the
   * walk throws (seen with --strategy dfs, where every link goes to the front), failing the crawl.
   */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.walks.then(fn, fn);
    this.walks = run.catch(() => undefined);
    return run;
  }

  /**
   * Drops a handled request from the in-memory queue. MemoryStorage's deleteRequest leaves its
   * id in the client's list of front requests, whose next walk would then read a missing entry.
   */
  private async forget(client: RequestQueueClient, id: string): Promise<void> {
    await client.deleteRequest(id);
    const front = client as unknown as { forefrontRequestIds?: string[] };
    if (front.forefrontRequestIds?.includes(id)) front.forefrontRequestIds = front.forefrontRequestIds.filter((x) => x !== id);
  }

  private record(e: Entry): void {
    this.buffer.push(JSON.stringify(e));
  }

  /**
   * Appends the buffer; appends run one after another, so the file keeps their order. After a
   * failed append nothing more is written (a gap would break the prefix property) and the
   * failure is reported once to `onWriteError`; the returned promise rejects with it.
   */
  private flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.buffer.length === 0) return this.writing;
    const text = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (this.failure) throw this.failure;
      try {
        await appendFile(this.file, text);
      } catch (err) {
        this.failure = err as Error;
        this.opts.onWriteError?.(this.failure);
        throw this.failure;
      }
    });
    return this.writing;
  }

  /**
   * Rebuilds the queue (its pending requests) from the file and returns the latest state of
   * each request as an add, in the order the requests were first added (handled ones keep
   * handledAt, for the next replay's onReplayedKeys). A line cut
   * short by a crash (the last one) is skipped. Budget slots are counted; a pending request
   * that holds one is marked so it does not take another.
   */
  private async replay(client: RequestQueueClient): Promise<Added[]> {
    const latest = new Map<string, Added>();
    for await (const line of readLines(this.file, this.opts.readChunkBytes ?? 1024 * 1024)) {
      let e: Entry;
      try {
        e = JSON.parse(line) as Entry;
      } catch {
        continue;
      }
      if (e.t === 'd') latest.delete(e.id);
      else if (e.t === 's') this.slots.add(e.id);
      else if (e.t === 'x') this.slots.delete(e.id);
      else if (e.t === 'n') this.slotsDone += e.n;
      else if (e.r.id) latest.set(e.r.id, { t: 'a', r: e.r as RequestSchema, ...front({ forefront: e.f }) });
    }
    // Slots of handled requests (and of article parts, re-checks …) only count from now on.
    for (const key of [...this.slots]) {
      const held = latest.get(key);
      if (held && !(held.r as { handledAt?: unknown }).handledAt) {
        held.r = { ...held.r, userData: { ...(held.r.userData as object | undefined), slot: true } } as RequestSchema;
        continue;
      }
      this.slots.delete(key);
      this.slotsDone++;
    }
    const keys: string[] = [];
    for (const e of latest.values()) {
      keys.push(e.r.uniqueKey);
      if (keys.length >= 10_000) this.opts.onReplayedKeys?.(keys.splice(0));
      if (!(e.r as { handledAt?: unknown }).handledAt) await client.addRequest(e.r, { forefront: e.f === true });
    }
    if (keys.length) this.opts.onReplayedKeys?.(keys);
    return [...latest.values()];
  }

  /**
   * The file as the given entries, one line each, after the budget's slots (written aside, then
   * renamed over it). Written in batches: one string of a million requests would not fit in V8.
   */
  private rewrite(entries: Entry[]): void {
    const head: Entry[] = [];
    if (this.slotsDone) head.push({ t: 'n', n: this.slotsDone });
    for (const id of this.slots) head.push({ t: 's', id });
    const all = [...head, ...entries];
    writeFileAtomic(this.file, (function* () {
      for (let i = 0; i < all.length; i += 1000) yield `${all.slice(i, i + 1000).map((e) => JSON.stringify(e)).join('\n')}\n`;
    })());
  }
}
