import { closeSync, fdatasync, openSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { StorageUnavailableError } from '../errors';

/**
 * Statements of one transaction for the writer thread, grouped by statement: `rows` are its
 * parameters, one run each. `insert` fails on an existing key or id, `update` and `touch` must
 * change exactly one row (their guard is in the WHERE clause), `put` is unguarded (a record
 * written earlier in the same transaction).
 */
export interface WriterOp {
  kind: 'insert' | 'update' | 'touch' | 'put';
  sql: string;
  rows: Array<Array<string | number | null>>;
}

/** An error as the writer thread reports it (a better-sqlite3 `code` and message). */
export interface WriterError {
  code?: string;
  message: string;
}

interface Reply {
  type: 'ready' | 'open-error' | 'done' | 'closed';
  id?: number;
  conflict?: boolean;
  code?: string;
  message?: string;
  error?: WriterError;
}

const THREAD = new URL('./writer-thread.mjs', import.meta.url);

type Waiter = { resolve: (conflict: boolean) => void; reject: (err: unknown) => void };

/**
 * The embedded store's write connection on a worker thread (writer-thread.mjs). `write` sends
 * one transaction and resolves when it is committed (false) or was rolled back on a conflict
 * (true), or rejects with the error SQLite raised (code and message kept, so the store's
 * one-line messages stay the same). A thread that dies fails everything sent to it.
 *
 * Durability (`synchronous: 'FULL'`): the thread commits with SQLite's synchronous=NORMAL and
 * reports each commit; this thread then syncs the WAL file (fdatasync on libuv's pool, what
 * synchronous=FULL adds in WAL mode) and only then resolves the transaction. Commits reported
 * while a sync runs share the next one. The sync is answered here as soon as the disk is done:
 * done on the writer thread, its answer waited behind the next transaction (~20 ms) and the next
 * page could not be planned meanwhile.
 */
export class StoreWriter {
  private readonly pending = new Map<number, Waiter>();
  private nextId = 1;
  private dead: Error | null = null;
  private closing: Promise<void> | null = null;
  /** Committed, waiting for the next sync of the WAL. */
  private unsynced: Waiter[] = [];
  private syncing = false;
  private walFd: number | null = null;
  private onSynced: (() => void) | null = null;

  private constructor(private readonly worker: Worker, private readonly file: string, private readonly syncEachCommit: boolean) {
    worker.on('message', (m: Reply) => {
      if (m.type !== 'done') return;
      const p = this.pending.get(m.id!);
      if (!p) return;
      this.pending.delete(m.id!);
      if (!this.pending.size) this.worker.unref();
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else if (m.conflict || !this.syncEachCommit) p.resolve(!!m.conflict);
      else {
        // Committed: answered once the WAL is synced.
        this.unsynced.push(p);
        this.sync();
        return;
      }
      this.whenIdle();
    });
    const die = (err: Error) => {
      this.dead ??= err;
      for (const p of this.pending.values()) p.reject(this.dead);
      this.pending.clear();
      this.whenIdle();
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new StorageUnavailableError(`the store's writer thread stopped (exit code ${code})`)));
  }

  /** One fdatasync of the WAL for every commit reported before it starts; a failed sync fails them (their commits are in the file). */
  private sync(): void {
    if (this.syncing) return;
    const batch = this.unsynced;
    if (!batch.length) {
      this.whenIdle();
      return;
    }
    this.unsynced = [];
    this.syncing = true;
    const answer = (err: NodeJS.ErrnoException | null) => {
      this.syncing = false;
      for (const p of batch) {
        if (err) p.reject(Object.assign(new Error(err.message), { code: err.code }));
        else p.resolve(false);
      }
      this.sync();
    };
    try {
      // The WAL file stays while the store's connections are open (SQLite removes it when the last one closes).
      this.walFd ??= openSync(`${this.file}-wal`, 'r');
      fdatasync(this.walFd, answer);
    } catch (err) {
      answer(err as NodeJS.ErrnoException);
    }
  }

  /** Runs what close() left waiting once nothing is with the thread or waiting for a sync. */
  private whenIdle(): void {
    if (!this.onSynced || this.pending.size || this.syncing || this.unsynced.length) return;
    const go = this.onSynced;
    this.onSynced = null;
    go();
  }

  /** Starts the thread on `file` (which must exist); rejects with SQLite's error when it cannot open it. */
  static start(file: string, opts: { busyTimeoutMs: number; synchronous: 'FULL' | 'NORMAL' }): Promise<StoreWriter> {
    const worker = new Worker(THREAD, { workerData: { file, busyTimeoutMs: opts.busyTimeoutMs } });
    return new Promise((resolve, reject) => {
      const fail = (err: unknown) => {
        void worker.terminate();
        reject(err);
      };
      worker.once('error', fail);
      worker.once('message', (m: Reply) => {
        worker.off('error', fail);
        // The thread keeps the process alive only while a transaction is under way.
        worker.unref();
        if (m.type === 'ready') resolve(new StoreWriter(worker, file, opts.synchronous === 'FULL'));
        else fail(Object.assign(new Error(m.message), { code: m.code }));
      });
    });
  }

  /** One transaction; resolves true when a guard found a record changed since it was read (nothing written). */
  write(ops: WriterOp[]): Promise<boolean> {
    if (this.dead) return Promise.reject(this.dead);
    if (this.closing) return Promise.reject(new StorageUnavailableError('the store is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ type: 'tx', id, ops });
    });
  }

  /** Waits for what was sent and its syncs, closes the connection (statistics kept current) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      const closeThread = () => {
        if (this.walFd !== null) closeSync(this.walFd);
        this.walFd = null;
        if (this.dead) return resolve();
        this.worker.once('exit', () => resolve());
        this.worker.ref();
        this.worker.postMessage({ type: 'close' });
      };
      this.onSynced = closeThread;
      this.whenIdle();
    });
    return this.closing;
  }
}
