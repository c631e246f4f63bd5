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
  /** The SQLite transaction that committed it (pages waiting together are committed together). */
  tx?: number;
  code?: string;
  message?: string;
  error?: WriterError;
}

const THREAD = new URL('./writer-thread.mjs', import.meta.url);

/**
 * The embedded store's write connection on a worker thread (writer-thread.mjs). `write` sends
 * one transaction and resolves when it is committed (false) or was rolled back on a conflict
 * (true), or rejects with the error SQLite raised (code and message kept, so the store's
 * one-line messages stay the same). A thread that dies fails everything sent to it.
 */
export class StoreWriter {
  private readonly pending = new Map<number, { resolve: (conflict: boolean) => void; reject: (err: unknown) => void }>();
  private nextId = 1;
  private dead: Error | null = null;
  private closing: Promise<void> | null = null;
  /** Pages committed, and SQLite transactions they took (pages waiting for the writer are committed together). */
  readonly stats = { pages: 0, commits: 0 };
  private lastTx = 0;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      if (m.type !== 'done') return;
      const p = this.pending.get(m.id!);
      if (!p) return;
      this.pending.delete(m.id!);
      if (!this.pending.size) this.worker.unref();
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else {
        if (m.tx) {
          this.stats.pages++;
          if (m.tx !== this.lastTx) this.stats.commits++;
          this.lastTx = m.tx;
        }
        p.resolve(!!m.conflict);
      }
    });
    const die = (err: Error) => {
      this.dead ??= err;
      for (const p of this.pending.values()) p.reject(this.dead);
      this.pending.clear();
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new StorageUnavailableError(`the store's writer thread stopped (exit code ${code})`)));
  }

  /** Starts the thread on `file` (which must exist); rejects with SQLite's error when it cannot open it. */
  static start(file: string, opts: { busyTimeoutMs: number; synchronous: 'FULL' | 'NORMAL' }): Promise<StoreWriter> {
    const worker = new Worker(THREAD, { workerData: { file, ...opts } });
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
        if (m.type === 'ready') resolve(new StoreWriter(worker));
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

  /** Waits for what was sent, closes the connection (statistics kept current) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= this.dead
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
        this.worker.once('exit', () => resolve());
        this.worker.ref();
        this.worker.postMessage({ type: 'close' });
      });
    return this.closing;
  }
}
