import { appendFile } from 'node:fs/promises';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { MemoryStorage } from '@crawlee/memory-storage';
import type { RequestQueueClient, RequestSchema, UpdateRequestSchema } from '@crawlee/types';

/** One change to the queue, as a line of the journal. */
type Added = { t: 'a'; r: RequestSchema; f?: true }; // added (f: at the front)
type Entry =
  | Added
  | { t: 'u'; r: UpdateRequestSchema; f?: true } // updated: handled, or back in the queue for a retry
  | { t: 'd'; id: string }; // deleted

/** The journal's mark of a request put at the front of the queue. */
const front = (o?: { forefront?: boolean }) => (o?.forefront ? { f: true as const } : {});

export interface QueueJournalOptions {
  /** How often buffered changes are appended to the file, in ms. Default 200. */
  flushMs?: number;
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
 */
export class QueueJournal {
  private buffer: string[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly file: string,
    opts: QueueJournalOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), opts.flushMs ?? 200);
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

  /** Writes what is buffered and makes it durable (a checkpoint). */
  async sync(): Promise<void> {
    await this.flush();
    await this.writing;
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
              return res;
            };
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

  private record(e: Entry): void {
    this.buffer.push(JSON.stringify(e));
  }

  /** Appends the buffer; appends run one after another, so the file keeps their order. */
  private flush(): Promise<void> {
    if (this.buffer.length === 0) return this.writing;
    const text = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.writing = this.writing.then(() => appendFile(this.file, text));
    return this.writing;
  }

  /**
   * Rebuilds the queue from the file and returns the latest state of each request as an
   * add, in the order the requests were first added (handled ones keep handledAt). A line cut
   * short by a crash (the last one) is skipped.
   */
  private async replay(client: RequestQueueClient): Promise<Added[]> {
    const latest = new Map<string, Added>();
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (!line) continue;
      let e: Entry;
      try {
        e = JSON.parse(line) as Entry;
      } catch {
        continue;
      }
      if (e.t === 'd') latest.delete(e.id);
      else if (e.r.id) latest.set(e.r.id, { t: 'a', r: e.r as RequestSchema, ...front({ forefront: e.f }) });
    }
    for (const e of latest.values()) await client.addRequest(e.r, { forefront: e.f === true });
    return [...latest.values()];
  }

  /** The file as the given entries, one line each (written aside, then renamed over it). */
  private rewrite(entries: Entry[]): void {
    const tmp = `${this.file}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      const lines = entries.map((e) => JSON.stringify(e));
      if (lines.length) writeSync(fd, `${lines.join('\n')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }
}
