import fs, { closeSync, constants, fdatasyncSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, renameSync, statSync, writeSync, fsyncSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COLLECTIONS, type CollectionName } from '../../schemas/index';
import type { TxReader, WriteOp } from '../backend';
import { BaseRepository } from '../base-repository';
import { StorageInputError, StorageUnavailableError } from '../errors';
import { castFilterForEmbedded, checkFilter } from '../filter';
import type { FindOptions, StoredDoc } from '../repository';
import { acquireFileLock } from './file-lock';
import { encodeBatch, parseChunk, type LogBatch, type LogOp } from './log-format';
import { MemCollection } from './mem-collection';
import { countQuery, runQuery } from './query';

export interface EmbeddedOptions {
  /** Folder holding store.log and store.lock. Created when missing (unless readOnly). */
  dataDir: string;
  /** Open for queries only: no lock, no writes; works on a read-only folder. Default false. */
  readOnly?: boolean;
  /** 'batch' (default): fdatasync after every batch. 'none': leave flushing to the OS (benchmarks, tests). */
  durability?: 'batch' | 'none';
  /** Rewrite the log when it holds this many more ops than live records (and ≥ 20,000). Default 2× live. */
  compactRatio?: number;
}

const LOG = 'store.log';
const LOCK = 'store.lock';
/** The write lock is kept this long after a transaction in case another follows (a crawl saves a page every few ms). */
const LOCK_LINGER_MS = 100;
/** …but never held longer than this at a stretch, nor taken again at once after: other writer processes get their turn. */
const LOCK_MAX_HOLD_MS = 1_000;
const LOCK_YIELD_MS = 60;

export function describeFsError(dir: string, err: unknown): StorageUnavailableError {
  const e = err as NodeJS.ErrnoException;
  const what: Record<string, string> = {
    EACCES: 'is not writable (permission denied)',
    EPERM: 'is not writable (operation not permitted)',
    EROFS: 'is on a read-only file system',
    ENOSPC: 'is full (no space left on device)',
    EDQUOT: 'is over its disk quota',
    ENOTDIR: 'is not a folder',
  };
  const reason = (e.code && what[e.code]) ?? `cannot be used (${e.code ?? ''} ${e.message})`;
  return new StorageUnavailableError(`data folder ${dir} ${reason}; nothing stored before was lost`);
}

/**
 * The embedded backend: every record in memory (with indexes), every change in one
 * append-only, checksummed log. Writers take an inter-process lock per batch and first read
 * what other processes appended, so several worker processes can share one data folder.
 */
export class EmbeddedRepository extends BaseRepository {
  readonly backend = 'embedded' as const;
  private readonly dir: string;
  private readonly logPath: string;
  private readonly cols = new Map<CollectionName, MemCollection>();
  private fd: number | null = null;
  private ino = 0;
  /** Bytes of the log applied to memory. */
  private offset = 0;
  private opsInLog = 0;
  private chain: Promise<unknown> = Promise.resolve();
  /** The inter-process write lock while this process holds it (see writeLocked). */
  private lock: { release: () => Promise<void>; since: number; idle: NodeJS.Timeout | null } | null = null;
  /** After a long hold, the lock is not taken again before this time (ms epoch). */
  private yieldUntil = 0;
  /**
   * Our batch is in the log but not yet durable (fdatasync in flight). Queries meanwhile do not
   * read the log (we hold the write lock, so nothing else can have been appended): they see the
   * store as it was, and the batch is applied once durable, by append.
   */
  private appending = false;
  private closed = false;
  /** Corrupt complete lines skipped while reading (should stay 0). */
  corruptLines = 0;

  private constructor(private readonly opts: EmbeddedOptions) {
    super();
    this.dir = resolve(opts.dataDir);
    this.logPath = join(this.dir, LOG);
    for (const c of COLLECTIONS) this.cols.set(c, new MemCollection(c));
  }

  static async open(opts: EmbeddedOptions): Promise<EmbeddedRepository> {
    const repo = new EmbeddedRepository(opts);
    repo.openFile();
    repo.catchUp(false);
    return repo;
  }

  describe(): string {
    return this.dir;
  }

  private openFile(): void {
    if (this.opts.readOnly) {
      if (!existsSync(this.logPath)) return; // nothing stored yet: an empty store
      try {
        this.fd = openSync(this.logPath, constants.O_RDONLY);
      } catch (err) {
        throw describeFsError(this.dir, err);
      }
    } else {
      try {
        mkdirSync(this.dir, { recursive: true });
        this.fd = openSync(this.logPath, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, 0o644);
      } catch (err) {
        throw describeFsError(this.dir, err);
      }
    }
    this.ino = fstatSync(this.fd).ino;
  }

  /** Reloads everything (after another process compacted the log into a new file). */
  private reload(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    for (const c of COLLECTIONS) this.cols.set(c, new MemCollection(c));
    this.offset = 0;
    this.opsInLog = 0;
    this.openFile();
  }

  /**
   * Applies what was appended since we last looked. With `cutTornTail` (only under the write
   * lock, when no one else can be mid-write) a torn last line from a killed writer is cut off.
   */
  private catchUp(cutTornTail: boolean): void {
    if (this.appending) return;
    if (this.fd === null) {
      if (this.opts.readOnly && existsSync(this.logPath)) this.reload();
      if (this.fd === null) return;
    }
    try {
      if (statSync(this.logPath).ino !== this.ino) this.reload();
    } catch {
      /* the log vanished mid-compaction rename: keep reading the old file */
    }
    const size = fstatSync(this.fd!).size;
    if (size <= this.offset) return;
    const CHUNK = 64 * 1024 * 1024;
    let pending = Buffer.alloc(0);
    let pos = this.offset;
    while (pos < size) {
      const want = Math.min(CHUNK, size - pos);
      const buf = Buffer.allocUnsafe(want);
      const n = readSync(this.fd!, buf, 0, want, pos);
      if (n <= 0) break;
      pos += n;
      const data = pending.length ? Buffer.concat([pending, buf.subarray(0, n)]) : buf.subarray(0, n);
      const parsed = parseChunk(data);
      for (const b of parsed.batches) this.applyBatch(b, true);
      this.corruptLines += parsed.corrupt;
      this.offset += parsed.consumed;
      pending = Buffer.from(data.subarray(parsed.consumed));
    }
    if (cutTornTail && pending.length && this.offset < size) {
      ftruncateSync(this.fd!, this.offset);
      fdatasyncSync(this.fd!);
    }
  }

  private applyBatch(b: LogBatch, fromDisk: boolean): void {
    for (const op of b.ops) {
      const col = this.cols.get(op.c);
      if (!col) continue;
      if (op.k === 'p') col.put(fromDisk ? col.revive(op.d) : op.d);
      else col.touch(op.ids, new Date(op.at));
      this.opsInLog++;
    }
  }

  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  transaction<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the store is closed'));
    if (this.opts.readOnly) return Promise.reject(new StorageUnavailableError(`the store at ${this.dir} was opened read-only`));
    return this.serialize(() =>
      this.writeLocked(async () => {
        this.catchUp(true);
        const { ops, result } = await planFn(this.reader());
        if (ops.length) await this.append(ops);
        return result;
      }),
    );
  }

  /**
   * Runs fn (inside `serialize`) under the inter-process write lock. Taking and releasing it
   * costs a handful of file system calls (mkdir, stat, owner file write, unlink, rmdir): a
   * tenth of the main thread in an HTTP crawl when done per page. So it is kept while
   * transactions follow one another, and released after LOCK_LINGER_MS without one or
   * LOCK_MAX_HOLD_MS held. Nothing else changes: each transaction still catches up, appends
   * and fdatasyncs on its own.
   */
  private async writeLocked<T>(fn: () => Promise<T>): Promise<T> {
    if (this.lock?.idle) {
      clearTimeout(this.lock.idle);
      this.lock.idle = null;
    }
    if (!this.lock) {
      const wait = this.yieldUntil - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.lock = { release: await acquireFileLock(this.logPath, join(this.dir, LOCK)), since: Date.now(), idle: null };
    }
    try {
      return await fn();
    } finally {
      const lock = this.lock;
      if (Date.now() - lock.since >= LOCK_MAX_HOLD_MS) {
        await this.dropLock();
        this.yieldUntil = Date.now() + LOCK_YIELD_MS;
      } else {
        lock.idle = setTimeout(() => void this.serialize(() => this.dropLock()), LOCK_LINGER_MS);
        lock.idle.unref();
      }
    }
  }

  private async dropLock(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    if (!lock) return;
    if (lock.idle) clearTimeout(lock.idle);
    await lock.release();
  }

  private reader(): TxReader {
    return {
      lookup: async (coll, taskId, keys) => {
        const col = this.cols.get(coll)!;
        const out = new Map<string, StoredDoc>();
        for (const k of keys) {
          const d = col.getByKey(taskId, k);
          if (d) out.set(k, d);
        }
        return out;
      },
      findEq: async (coll, filter, limit) => runQuery(this.cols.get(coll)!, filter, { limit }),
    };
  }

  /**
   * One batch = one line = one write(), then fdatasync; only then is it applied in memory (so
   * nobody in this process sees a batch before it is durable) and the transaction acknowledged.
   * The fdatasync runs in the thread pool: the event loop (page handlers, timers) is not blocked
   * meanwhile; the next transaction waits its turn (`chain`) as before.
   */
  private async append(ops: WriteOp[]): Promise<void> {
    const logOps: LogOp[] = ops.map((o) =>
      o.kind === 'touch' ? { k: 't', c: o.coll, ids: o.ids, at: o.at.toISOString() } : { k: 'p', c: o.coll, d: o.doc },
    );
    const batch: LogBatch = { t: Date.now(), ops: logOps };
    const line = encodeBatch(batch);
    const fd = this.fd!;
    this.appending = true;
    try {
      let written = 0;
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
      if (this.opts.durability !== 'none') {
        await new Promise<void>((res, rej) => fs.fdatasync(fd, (err) => (err ? rej(err) : res())));
      }
    } catch (err) {
      // Cut off whatever part of the batch reached the file, so the log ends on a whole line.
      try { ftruncateSync(fd, this.offset); } catch { /* the next writer cuts it */ }
      throw describeFsError(this.dir, err);
    } finally {
      this.appending = false;
    }
    this.offset += line.length;
    this.applyBatch(batch, false);
    this.maybeCompact();
  }

  private liveCount(): number {
    let n = 0;
    for (const c of this.cols.values()) n += c.docs.size;
    return n;
  }

  private maybeCompact(): void {
    const live = this.liveCount();
    if (this.opsInLog >= 20_000 && this.opsInLog > (this.opts.compactRatio ?? 2) * live) this.compact();
  }

  /**
   * Rewrites the log with one put per live record: write a temp file, fsync it, rename it over
   * the log, fsync the folder. A crash at any point leaves either the old or the new log whole.
   * Call under the write lock.
   */
  private compact(): void {
    const tmp = join(this.dir, `${LOG}.compact-${process.pid}.tmp`);
    const fd = openSync(tmp, 'w', 0o644);
    let size = 0;
    try {
      let ops: LogOp[] = [];
      const flush = () => {
        if (!ops.length) return;
        const line = encodeBatch({ t: Date.now(), ops });
        let w = 0;
        while (w < line.length) w += writeSync(fd, line, w, line.length - w);
        size += line.length;
        ops = [];
      };
      for (const c of this.cols.values()) {
        for (const d of c.docs.values()) {
          ops.push({ k: 'p', c: c.name, d });
          if (ops.length >= 1000) flush();
        }
      }
      flush();
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.logPath);
    const dfd = openSync(this.dir, 'r');
    try { fsyncSync(dfd); } finally { closeSync(dfd); }
    closeSync(this.fd!);
    this.fd = openSync(this.logPath, constants.O_RDWR | constants.O_APPEND);
    this.ino = fstatSync(this.fd).ino;
    this.offset = size;
    this.opsInLog = this.liveCount();
  }

  /** Compacts now (under the write lock). */
  async compactNow(): Promise<void> {
    if (this.opts.readOnly) throw new StorageUnavailableError('the store was opened read-only');
    await this.serialize(() => this.writeLocked(async () => {
      this.catchUp(true);
      this.compact();
    }));
  }

  private prepare(coll: CollectionName, filter: Record<string, unknown> = {}): { col: MemCollection; filter: Record<string, unknown> } {
    if (!this.cols.has(coll)) throw new StorageInputError(`unknown collection "${coll}"; valid collections: ${COLLECTIONS.join(', ')}`);
    checkFilter(filter);
    // Catch up first: a reload (after another process compacted) replaces the collections.
    this.catchUp(false);
    const col = this.cols.get(coll)!;
    return { col, filter: castFilterForEmbedded(coll, filter) };
  }

  async find(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): Promise<StoredDoc[]> {
    const p = this.prepare(collection, filter);
    return runQuery(p.col, p.filter, options).map((d) => structuredClone(d));
  }

  async count(collection: CollectionName, filter: Record<string, unknown> = {}): Promise<number> {
    const p = this.prepare(collection, filter);
    return countQuery(p.col, p.filter);
  }

  async *stream(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): AsyncIterable<StoredDoc> {
    const p = this.prepare(collection, filter);
    for (const d of runQuery(p.col, p.filter, options)) yield structuredClone(d);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain.catch(() => undefined);
    await this.dropLock();
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
