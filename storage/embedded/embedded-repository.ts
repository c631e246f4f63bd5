import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Query, find as mingoFind } from 'mingo';
import { COLLECTIONS, type CollectionName } from '../../schemas/index';
import { uniqueKeyOf, type TxReader, type WriteOp } from '../backend';
import { BaseRepository } from '../base-repository';
import { StorageInputError, StorageUnavailableError } from '../errors';
import { castFilterForEmbedded, checkFilter } from '../filter';
import type { FindOptions, StoredDoc } from '../repository';
import { decodeDoc, reviveDoc } from './doc-codec';
import { readLegacyLog } from './legacy-log';
import { guardedOps, idKey, ReadSet, readsAnyOf, recordKey, rowValues, touchSql, type WrittenSet } from './guarded-writes';
import { planSql } from './sql-plan';
import { StoreWriter } from './store-writer';
import { describeFsError, recoveryStep, storeError } from './store-errors';
import { byKeysSql, FINGERPRINT_COLUMNS, LAYOUT_VERSION, quoteIdent, schemaSql, TABLES, UPGRADES, upsertSql } from './tables';

export { describeFsError } from './store-errors';

export interface EmbeddedOptions {
  /** Folder holding store.sqlite (and its -wal/-shm files). Created when missing (unless readOnly). */
  dataDir: string;
  /** Open for queries only: no writes. Default false. */
  readOnly?: boolean;
  /**
   * 'batch' (default): every transaction is synced to disk before it is acknowledged (what
   * synchronous=FULL does, done by the writer thread off its path: writer-thread.mjs). 'none':
   * synced at checkpoints only (synchronous=NORMAL): still safe when the process is killed, but
   * a power loss may undo the last transactions (benchmarks, tests).
   */
  durability?: 'batch' | 'none';
  /** How long a write waits for another process's write lock before failing. Default 10,000 ms. */
  busyTimeoutMs?: number;
}

/** The store file in the data folder; analysts can open it with any SQLite tool. */
export const STORE_FILE = 'store.sqlite';
/** The log of the store before SQLite, imported on first open and then renamed to LEGACY_BACKUP. */
export const LEGACY_LOG = 'store.log';
export const LEGACY_BACKUP = 'store.log.imported.bak';

type Db = Database.Database;
type Stmt = Database.Statement;

/**
 * Transactions sent to the writer thread and not yet committed, at most: the next page is planned
 * while these are written, so memory holds at most this many pages' rows. 8, a crawl's default
 * concurrency: pages that wait for the writer are committed together (writer-thread.mjs).
 */
const MAX_IN_FLIGHT = 8;

/** A save planned again this many times in a row (each time another writer changed what it read) is given up. */
const MAX_CONFLICT_RETRIES = 20;

interface InFlight {
  written: WrittenSet;
  done: Promise<unknown>;
}

/**
 * The embedded backend: one SQLite file (WAL mode) with a table per collection. Writes go
 * through a writer thread (store-writer.ts) that takes SQLite's own write lock per transaction
 * (BEGIN IMMEDIATE, waiting up to busyTimeoutMs), so crawl and worker processes can share one
 * store while `query`/`export` read it; a process killed mid-transaction leaves nothing of it
 * (SQLite rolls it back on the next open). This thread plans the next page (reads through its own
 * connection, validation, merge, JSON) while the writer thread commits the one before.
 */
export class EmbeddedRepository extends BaseRepository {
  readonly backend = 'embedded' as const;
  private readonly stmts = new Map<string, Stmt>();
  private readonly planStmts = new Map<string, Stmt>();
  private closed = false;
  /** The write connection's thread and this thread's connection for planning reads (writable stores only). */
  private writer: StoreWriter | null = null;
  private planDb: Db | null = null;
  private inFlight: InFlight[] = [];
  private readonly active = new Set<Promise<unknown>>();

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly db: Db,
    private readonly opts: EmbeddedOptions,
    /** False when a read-only open found no store yet: an empty in-memory one stands in. */
    private readonly onDisk: boolean,
  ) {
    super();
  }

  static async open(opts: EmbeddedOptions): Promise<EmbeddedRepository> {
    const dir = resolve(opts.dataDir);
    const file = join(dir, STORE_FILE);
    const legacy = existsSync(join(dir, LEGACY_LOG));
    if (!opts.readOnly) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (err) {
        throw describeFsError(dir, err);
      }
    } else if (!existsSync(file) && !legacy) {
      // Nothing stored yet. A reader that stays open (the dashboard) must see what a crawl stores
      // later, so the empty store is created on disk when the folder allows it; on a read-only
      // folder queries see an empty in-memory store.
      try {
        await (await EmbeddedRepository.open({ ...opts, readOnly: false })).close();
      } catch {
        const db = new Database(':memory:');
        db.exec(schemaSql());
        return new EmbeddedRepository(dir, file, db, opts, false);
      }
    }
    if (opts.readOnly && !existsSync(file)) {
      // An old log not imported yet: the import writes once, then we read.
      await (await EmbeddedRepository.open({ ...opts, readOnly: false })).close();
    }
    let db: Db | undefined;
    try {
      db = new Database(file, { readonly: !!opts.readOnly, fileMustExist: !!opts.readOnly });
      db.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 10_000}`);
      // 64 MB of pages for writers: the random-order price indexes of a large store stay in memory.
      db.pragma(`cache_size = ${opts.readOnly ? -16384 : -65536}`);
      if (!opts.readOnly) {
        db.pragma('journal_mode = WAL');
        db.pragma(`synchronous = ${opts.durability === 'none' ? 'NORMAL' : 'FULL'}`);
        // A checkpoint copies the WAL's pages into the store file. Every commit rewrites the pages
        // its records touched in the price indexes (random order: ~2 pages a commodity), so the
        // default of a checkpoint per 4 MB of WAL copied the same pages again and again: 20,000
        // pages (80 MB) cut SQLite's time per insert by a quarter at 600,000 commodities.
        db.pragma('wal_autocheckpoint = 20000');
        db.pragma('journal_size_limit = 67108864');
        EmbeddedRepository.createTables(db, file);
        db.pragma('analysis_limit = 1000');
        db.pragma('optimize = 0x10002');
      } else {
        EmbeddedRepository.checkVersion(db, file);
      }
    } catch (err) {
      db?.close();
      throw storeError(dir, file, err);
    }
    const repo = new EmbeddedRepository(dir, file, db, opts, true);
    if (!opts.readOnly && legacy) repo.importLegacyLog();
    if (!opts.readOnly) {
      const busyTimeoutMs = opts.busyTimeoutMs ?? 10_000;
      try {
        repo.planDb = new Database(file, { fileMustExist: true });
        repo.planDb.pragma(`busy_timeout = ${busyTimeoutMs}`);
        repo.planDb.pragma('cache_size = -32768');
        repo.writer = await StoreWriter.start(file, { busyTimeoutMs, synchronous: opts.durability === 'none' ? 'NORMAL' : 'FULL' });
      } catch (err) {
        repo.planDb?.close();
        db.close();
        throw storeError(dir, file, err);
      }
    }
    return repo;
  }

  private static createTables(db: Db, file: string): void {
    db.exec('BEGIN IMMEDIATE');
    try {
      const version = EmbeddedRepository.checkVersion(db, file);
      // The upgrade holds the write lock (other processes wait on it): say why the pause.
      if (version > 0 && version < LAYOUT_VERSION) process.stderr.write(`store: upgrading ${file} from layout ${version} to ${LAYOUT_VERSION} (once; other processes of this store wait)\n`);
      for (let v = version; v > 0 && v < LAYOUT_VERSION; v++) db.exec(UPGRADES[v]!);
      db.exec(schemaSql());
      db.exec('CREATE TABLE IF NOT EXISTS store_meta (name TEXT PRIMARY KEY, value TEXT)');
      db.pragma(`user_version = ${LAYOUT_VERSION}`);
      db.exec('COMMIT');
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw err;
    }
  }

  /** The store's layout version (0: a new file); throws when a newer crawler wrote it. */
  private static checkVersion(db: Db, file: string): number {
    const v = db.pragma('user_version', { simple: true }) as number;
    if (v > LAYOUT_VERSION) {
      throw new StorageUnavailableError(`store file ${file} has layout ${v}, written by a newer version of the crawler (this one reads layout ${LAYOUT_VERSION}); upgrade the crawler`);
    }
    return v;
  }

  describe(): string {
    return this.dir;
  }

  /** The SQLite file (for messages and tools). */
  get path(): string {
    return this.file;
  }

  private stmt(sql: string, db: Db = this.db, cache = this.stmts): Stmt {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      if (cache.size > 500) cache.clear();
      cache.set(sql, s);
    }
    return s;
  }

  private fail(err: unknown): unknown {
    return storeError(this.dir, this.file, err);
  }

  // ---- writes -------------------------------------------------------------------------------

  /** Pages committed so far and the SQLite transactions they took (pages waiting for the writer are committed together). */
  commitStats(): { pages: number; commits: number } {
    return { ...(this.writer?.stats ?? { pages: 0, commits: 0 }) };
  }

  /**
   * One SQLite transaction per call. The plan reads a consistent snapshot through this thread's
   * planning connection (no lock held); its writes, guarded by what it read (guarded-writes.ts),
   * go to the writer thread, and the next plan starts while they are committed. The promise
   * resolves once they are committed. A plan that read a record a transaction still in flight
   * writes is planned again after it; one whose records another process changed meanwhile is
   * rolled back by the writer and planned again from a fresh read. Any failure rolls back:
   * nothing of the transaction is stored.
   */
  transaction<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the store is closed'));
    if (this.opts.readOnly || !this.writer) return Promise.reject(new StorageUnavailableError(`the store at ${this.dir} was opened read-only`));
    const run = this.planAndWrite(planFn);
    this.active.add(run);
    void run.then(() => this.active.delete(run), () => this.active.delete(run));
    return run;
  }

  private async planAndWrite<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    // Saves are planned and committed in the order they were called; a save planned again after
    // a conflict keeps its place (a later save of the same record does not overtake it).
    const seq = ++this.seq;
    for (let attempt = 1; ; attempt++) {
      const { result, committed } = await this.plan(planFn, seq, attempt > 1);
      let conflict: boolean;
      try {
        conflict = await committed;
      } catch (err) {
        throw this.fail(err);
      }
      if (!conflict) return result;
      if (attempt >= MAX_CONFLICT_RETRIES) {
        throw new StorageUnavailableError(`store file ${this.file}: a save kept conflicting with other processes' writes (${attempt} tries); try again`, 'SQLITE_BUSY');
      }
    }
  }

  private seq = 0;
  /** Saves waiting to plan, earliest call first; one plans at a time (the planning connection's snapshot). */
  private waiting: Array<{ seq: number; go: () => void }> = [];
  private planning = false;
  private pumping = false;

  /** Resolves when no plan is running and `seq` is the earliest save waiting. */
  private turn(seq: number): Promise<void> {
    return new Promise((go) => {
      let i = this.waiting.length;
      while (i > 0 && this.waiting[i - 1]!.seq > seq) i--;
      this.waiting.splice(i, 0, { seq, go });
      this.pump();
    });
  }

  private pump(): void {
    if (this.planning || this.pumping) return;
    this.pumping = true;
    // After the callbacks of the commit just answered: a save redone after it queues first.
    setImmediate(() => {
      this.pumping = false;
      if (this.planning) return;
      const next = this.waiting.shift();
      if (!next) return;
      this.planning = true;
      next.go();
    });
  }

  private release(): void {
    this.planning = false;
    this.pump();
  }

  /**
   * Waits (holding the turn) until `until` is false, each time for the oldest transaction in
   * flight; true when an earlier save queued meanwhile (one redone after a conflict): the turn
   * must go to it.
   */
  private async waitInTurn(seq: number, until: () => boolean): Promise<boolean> {
    if (!until()) return false;
    while (until()) await this.inFlight[0]!.done.catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    return this.waiting.length > 0 && this.waiting[0]!.seq < seq;
  }

  /**
   * Plans one transaction and sends it to the writer thread. `fresh`: redone after a conflict,
   * so it waits for everything in flight first and reads the store after it.
   */
  private async plan<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>, seq: number, fresh: boolean): Promise<{ result: T; committed: Promise<boolean> }> {
    let mustDrain = fresh;
    for (;;) {
      await this.turn(seq);
      try {
        // Back-pressure: at most MAX_IN_FLIGHT transactions wait for the writer.
        if (await this.waitInTurn(seq, () => this.inFlight.length >= (mustDrain ? 1 : MAX_IN_FLIGHT))) continue;
        mustDrain = false;
        // What the snapshot may not hold yet: the transactions in flight when it is taken.
        const unseen = [...this.inFlight];
        const read = new ReadSet();
        const db = this.planDb!;
        let planned: { ops: WriteOp[]; result: T };
        db.exec('BEGIN');
        try {
          planned = await planFn(this.reader(db, read));
        } catch (err) {
          throw this.fail(err);
        } finally {
          if (db.inTransaction) db.exec('COMMIT');
        }
        if (unseen.some((f) => readsAnyOf(read, f.written))) {
          // It read a record a transaction of ours is still writing: plan again once that is stored.
          mustDrain = true;
          continue;
        }
        if (!planned.ops.length) return { result: planned.result, committed: Promise.resolve(false) };
        const { ops, written } = guardedOps(planned.ops, read);
        const committed = this.writer!.write(ops);
        const entry: InFlight = { written, done: committed };
        this.inFlight.push(entry);
        const leave = () => { this.inFlight = this.inFlight.filter((f) => f !== entry); };
        committed.then(leave, leave);
        return { result: planned.result, committed };
      } finally {
        this.release();
      }
    }
  }

  private apply(op: WriteOp): void {
    if (op.kind === 'touch') {
      const at = op.at.getTime();
      const iso = op.at.toISOString();
      const s = this.stmt(touchSql(op.coll, false));
      for (const id of op.ids) s.run(at, iso, id);
      return;
    }
    this.put(op.coll, op.doc);
  }

  private readonly upserts = new Map<CollectionName, Stmt>();

  private upsertStmt(coll: CollectionName): Stmt {
    let s = this.upserts.get(coll);
    if (!s) this.upserts.set(coll, (s = this.db.prepare(upsertSql(coll))));
    return s;
  }

  /** Inserts or replaces a document by _id; a different document holding its unique key is replaced. */
  private put(coll: CollectionName, doc: StoredDoc): void {
    const t = TABLES[coll];
    const values = rowValues(coll, doc, true);
    const s = this.upsertStmt(coll);
    try {
      s.run(values);
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      // Only an imported old log can hold two ids for one key: the later one wins, as it did there.
      const scope = t.scoped ? 'taskId IS ? AND ' : '';
      this.stmt(`DELETE FROM ${quoteIdent(coll)} WHERE ${scope}uk = ? AND _id <> ?`)
        .run(...(t.scoped ? [doc.taskId as string, values[1], doc._id] : [values[1], doc._id]));
      s.run(values);
    }
  }

  /** Reads for a plan through `db` (inside its read transaction), each noted in `read` (guarded-writes.ts). */
  private reader(db: Db, read: ReadSet): TxReader {
    const note = (coll: CollectionName, taskId: unknown, id: string, uk: string, json: string | null, fingerprint: unknown, gone: boolean) => {
      const ik = idKey(coll, id);
      if (json !== null) read.docs.set(ik, json);
      read.marks.set(ik, { fingerprint, gone, key: recordKey(coll, taskId, uk) });
    };
    return {
      lookup: async (coll, taskId, keys) => {
        const out = new Map<string, StoredDoc>();
        for (const k of keys) read.keys.add(recordKey(coll, taskId, k));
        if (!keys.length) return out;
        // All keys in one statement (a JSON array of them): a page's 500 commodities were 500 calls.
        const t = TABLES[coll];
        const s = this.stmt(byKeysSql(coll, 'doc'), db, this.planStmts).raw();
        const list = JSON.stringify(keys);
        for (const [k, json] of (t.scoped ? s.iterate(taskId, list) : s.iterate(list)) as IterableIterator<[string, string]>) {
          const d = decodeDoc(coll, json);
          note(coll, taskId, d._id, k, json, d.fingerprint, d.gone === true);
          out.set(k, d);
        }
        return out;
      },
      fingerprints: async (coll, taskId, keys) => {
        const out = new Map<string, { id: string; fingerprint: unknown; gone: boolean }>();
        for (const k of keys) read.keys.add(recordKey(coll, taskId, k));
        if (!keys.length) return out;
        const t = TABLES[coll];
        const s = this.stmt(byKeysSql(coll, FINGERPRINT_COLUMNS), db, this.planStmts).raw();
        const list = JSON.stringify(keys);
        for (const [k, id, fingerprint, gone] of (t.scoped ? s.iterate(taskId, list) : s.iterate(list)) as IterableIterator<[string, string, unknown, unknown]>) {
          note(coll, taskId, id, k, null, fingerprint, Boolean(gone));
          out.set(k, { id, fingerprint, gone: Boolean(gone) });
        }
        return out;
      },
      findEq: async (coll, filter, limit) => {
        read.colls.add(coll);
        const docs = [...this.select(db, this.planStmts, coll, filter, { limit })];
        const raw = this.stmt(`SELECT doc FROM ${quoteIdent(coll)} WHERE _id = ?`, db, this.planStmts).pluck();
        for (const d of docs) note(coll, d.taskId, d._id, uniqueKeyOf(coll, d), raw.get(d._id) as string, d.fingerprint, d.gone === true);
        return docs;
      },
    };
  }

  /**
   * Imports the store of the old log format (store.log) in one transaction, then renames the
   * log to LEGACY_BACKUP. A crash before the commit leaves the log to import again; a crash
   * between commit and rename is seen from the marker in store_meta.
   */
  private importLegacyLog(): void {
    const log = join(this.dir, LEGACY_LOG);
    const backup = join(this.dir, LEGACY_BACKUP);
    const stats = { corrupt: 0 };
    let records = 0;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const done = this.db.prepare(`SELECT value FROM store_meta WHERE name = 'legacyLogImported'`).get();
      if (!done && existsSync(log)) {
        for (const batch of readLegacyLog(log, stats)) {
          for (const op of batch.ops) {
            if (!(COLLECTIONS as readonly string[]).includes(op.c)) continue;
            if (op.k === 'p') {
              this.put(op.c, reviveDoc(op.c, op.d));
              records++;
            } else this.apply({ kind: 'touch', coll: op.c, ids: op.ids, at: new Date(op.at) });
          }
        }
        this.db.prepare(`INSERT OR REPLACE INTO store_meta (name, value) VALUES ('legacyLogImported', ?)`).run(new Date().toISOString());
      }
      this.db.exec('COMMIT');
      if (existsSync(log)) renameSync(log, backup);
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
      throw this.fail(err);
    }
    if (records) {
      const count = COLLECTIONS.reduce((n, c) => n + (this.stmt(`SELECT count(*) AS n FROM ${quoteIdent(c)}`).get() as { n: number }).n, 0);
      process.stderr.write(`store: imported ${count} records from the old log into ${this.file}; the old log is kept as ${backup}` +
        `${stats.corrupt ? ` (${stats.corrupt} damaged log lines could not be read)` : ''}\n`);
    }
  }

  // ---- queries ------------------------------------------------------------------------------

  private prepare(coll: CollectionName, filter: Record<string, unknown> = {}): Record<string, unknown> {
    if (!(coll in TABLES)) throw new StorageInputError(`unknown collection "${coll}"; valid collections: ${COLLECTIONS.join(', ')}`);
    if (this.closed) throw new StorageUnavailableError('the store is closed');
    checkFilter(filter);
    return castFilterForEmbedded(coll, filter);
  }

  /**
   * The matching documents in order: SQL selects by the conditions on columns (see planSql),
   * mingo re-tests each row unless SQL took the whole filter; a sort SQL cannot serve is done
   * by mingo on the matches. Rows are read one at a time, so only the matches are kept (and
   * only skip + limit of them when SQL serves the sort).
   */
  private *select(db: Db, cache: Map<string, Stmt>, coll: CollectionName, filter: Record<string, unknown>, options: FindOptions): Generator<StoredDoc> {
    const skip = options.skip ?? 0;
    const limit = options.limit ?? Infinity;
    const plan = planSql(coll, filter, options.sort, Number.isFinite(limit));
    const pushDown = plan.exact && plan.orderBy !== null;
    let sql = `SELECT doc, (${plan.recheck}) AS recheck FROM ${quoteIdent(coll)} WHERE ${plan.where} ORDER BY ${plan.orderBy ?? 'rowid'}`;
    const params: Array<string | number> = [...plan.params];
    if (pushDown && (skip || Number.isFinite(limit))) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(Number.isFinite(limit) ? limit : -1, skip);
    }
    const rows = this.stmt(sql, db, cache).raw().iterate(...params) as IterableIterator<[string, number]>;
    const query = plan.recheck === '0' ? null : new Query(filter, {});
    const project = options.projection && Object.keys(options.projection).length
      ? (d: StoredDoc) => mingoFind([d], {}, options.projection).all()[0] as StoredDoc
      : (d: StoredDoc) => d;

    if (plan.orderBy === null) {
      // A sort SQL cannot serve: mingo sorts the matches. With a limit only the first skip + limit
      // in order can be returned, so the kept matches are cut back to those whenever they reach
      // twice as many: memory follows the page asked for, not the number of matches (mingo's
      // sort is stable, so ties keep their insertion order as in one sort of every match).
      const keep = skip + limit;
      const cutAt = Number.isFinite(keep) ? Math.max(2 * keep, 1000) : Infinity;
      let matched: StoredDoc[] = [];
      for (const [json, recheck] of rows) {
        const d = decodeDoc(coll, json);
        if (query && recheck && !query.test(d)) continue;
        matched.push(d);
        if (matched.length >= cutAt) matched = mingoFind(matched, {}).sort(options.sort!).limit(keep).all() as StoredDoc[];
      }
      let cursor = mingoFind(matched, {}, options.projection).sort(options.sort!);
      if (skip) cursor = cursor.skip(skip);
      if (Number.isFinite(limit)) cursor = cursor.limit(limit);
      yield* cursor.all() as StoredDoc[];
      return;
    }
    let skipped = pushDown ? skip : 0;
    let n = 0;
    if (limit <= 0) return;
    for (const [json, recheck] of rows) {
      const d = decodeDoc(coll, json);
      if (query && recheck && !query.test(d)) continue;
      if (skipped < skip) { skipped++; continue; }
      yield project(d);
      if (++n >= limit) break;
    }
  }

  async find(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): Promise<StoredDoc[]> {
    const f = this.prepare(collection, filter);
    try {
      return [...this.select(this.db, this.stmts, collection, f, options)];
    } catch (err) {
      throw this.fail(err);
    }
  }

  async count(collection: CollectionName, filter: Record<string, unknown> = {}): Promise<number> {
    const f = this.prepare(collection, filter);
    try {
      const plan = planSql(collection, f);
      const t = quoteIdent(collection);
      if (plan.recheck === '0') return this.stmt(`SELECT count(*) FROM ${t} WHERE ${plan.where}`).pluck().get(...plan.params) as number;
      // One pass over the rows SQL selects: those SQL decided are counted, only the others are
      // parsed and tested (a second scan for them took as long as the first).
      const query = new Query(f, {});
      let n = 0;
      const rows = this.stmt(`SELECT CASE WHEN ${plan.recheck} THEN doc END FROM ${t} WHERE ${plan.where}`).pluck().iterate(...plan.params) as IterableIterator<string | null>;
      for (const json of rows) {
        if (json === null || query.test(decodeDoc(collection, json))) n++;
      }
      return n;
    } catch (err) {
      throw this.fail(err);
    }
  }

  /**
   * Every match, one at a time (exports). Reads through a connection of its own: a SQLite
   * statement being iterated keeps its connection busy, and this one yields between rows while
   * the process goes on writing and querying. It reads one consistent snapshot of the store.
   */
  async *stream(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): AsyncIterable<StoredDoc> {
    const f = this.prepare(collection, filter);
    if (!this.onDisk) {
      yield* await this.find(collection, filter, options);
      return;
    }
    let db: Db;
    try {
      db = new Database(this.file, { readonly: true, fileMustExist: true });
      db.pragma(`busy_timeout = ${this.opts.busyTimeoutMs ?? 10_000}`);
    } catch (err) {
      throw this.fail(err);
    }
    const it = this.select(db, new Map(), collection, f, options);
    try {
      for (;;) {
        let next: IteratorResult<StoredDoc>;
        try {
          next = it.next();
        } catch (err) {
          throw this.fail(err);
        }
        if (next.done) break;
        yield next.value;
      }
    } finally {
      it.return(undefined);
      db.close();
    }
  }

  /**
   * Checks every page of the store file (PRAGMA quick_check: b-trees, records, index entries
   * against their rows). Throws the one-line damaged-store error when it finds a problem.
   * Too slow to run on every open of a large store (see storage/README.md): `store verify`.
   */
  async verify(): Promise<{ ok: true; ms: number }> {
    const t = performance.now();
    let rows: string[];
    try {
      rows = (this.db.pragma('quick_check') as Array<{ quick_check: string }>).map((r) => r.quick_check);
    } catch (err) {
      throw this.fail(err);
    }
    if (rows.length !== 1 || rows[0] !== 'ok') {
      throw new StorageUnavailableError(`store file ${this.file} is damaged (quick_check: ${rows.slice(0, 3).join('; ')}${rows.length > 3 ? `; … ${rows.length} problems` : ''}); ${recoveryStep(this.file)}`, 'SQLITE_CORRUPT');
    }
    return { ok: true, ms: Math.round(performance.now() - t) };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Every save under way is planned, written and answered first.
    while (this.active.size) await Promise.allSettled([...this.active]);
    // The writer thread keeps the query planner's statistics current as it closes.
    await this.writer?.close();
    this.planDb?.close();
    this.db.close();
  }
}
