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
import { decodeDoc, encodeDoc, reviveDoc } from './doc-codec';
import { readLegacyLog } from './legacy-log';
import { planSql } from './sql-plan';
import { describeFsError, recoveryStep, storeError } from './store-errors';
import { byKeysSql, columnValue, FINGERPRINT_COLUMNS, LAYOUT_VERSION, quoteIdent, schemaSql, TABLES, UPGRADES, upsertSql } from './tables';

export { describeFsError } from './store-errors';

export interface EmbeddedOptions {
  /** Folder holding store.sqlite (and its -wal/-shm files). Created when missing (unless readOnly). */
  dataDir: string;
  /** Open for queries only: no writes. Default false. */
  readOnly?: boolean;
  /**
   * 'batch' (default): every transaction is synced to disk before it is acknowledged
   * (synchronous=FULL). 'none': synced at checkpoints only (synchronous=NORMAL): still safe
   * when the process is killed, but a power loss may undo the last transactions (benchmarks, tests).
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

/** How long one try to take the write lock may wait inside SQLite (it blocks the event loop). */
const BEGIN_TRY_MS = 20;

/**
 * The embedded backend: one SQLite file (WAL mode) with a table per collection. Writers take
 * SQLite's own write lock per transaction (BEGIN IMMEDIATE, waiting up to busyTimeoutMs), so
 * crawl and worker processes can share one store while `query`/`export` read it; a process
 * killed mid-transaction leaves nothing of it (SQLite rolls it back on the next open).
 */
export class EmbeddedRepository extends BaseRepository {
  readonly backend = 'embedded' as const;
  private readonly stmts = new Map<string, Stmt>();
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

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

  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * One SQLite transaction: BEGIN IMMEDIATE takes the write lock (other processes wait up to
   * busyTimeoutMs), the plan reads a consistent store, its ops are applied and committed
   * together. Any failure rolls back: nothing of the transaction is stored.
   */
  transaction<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the store is closed'));
    if (this.opts.readOnly) return Promise.reject(new StorageUnavailableError(`the store at ${this.dir} was opened read-only`));
    return this.serialize(async () => {
      await this.beginWrite();
      try {
        const { ops, result } = await planFn(this.reader());
        for (const op of ops) this.apply(op);
        this.db.exec('COMMIT');
        this.keepStatistics();
        return result;
      } catch (err) {
        try {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
        } catch {
          /* SQLite rolls back by itself after some errors (SQLITE_FULL, IOERR) */
        }
        throw this.fail(err);
      }
    });
  }

  /**
   * BEGIN IMMEDIATE, waiting for the write lock without blocking the event loop: better-sqlite3
   * waits synchronously, so a second connection of this same process waiting on SQLite's
   * busy_timeout would freeze the loop while the first awaits its plan, and neither could go on
   * (two repositories in one process: a crawl and the dashboard, or the contract suite). Each try
   * waits at most BEGIN_TRY_MS inside SQLite, then yields; up to busyTimeoutMs in all.
   */
  private async beginWrite(): Promise<void> {
    const deadline = Date.now() + (this.opts.busyTimeoutMs ?? 10_000);
    let pause = 1;
    this.db.pragma(`busy_timeout = ${BEGIN_TRY_MS}`);
    try {
      for (;;) {
        try {
          this.db.exec('BEGIN IMMEDIATE');
          return;
        } catch (err) {
          const code = String((err as { code?: unknown }).code ?? '');
          if (!code.startsWith('SQLITE_BUSY') || Date.now() >= deadline) throw this.fail(err);
        }
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, 50);
      }
    } finally {
      this.db.pragma(`busy_timeout = ${this.opts.busyTimeoutMs ?? 10_000}`);
    }
  }

  private commits = 0;

  /**
   * The query planner picks indexes from statistics (sqlite_stat1). A store grows from empty
   * during a crawl: without fresh statistics `{taskId, brand}` sorted by price walks the whole
   * task instead of the price index. PRAGMA optimize re-analyses a table (sampling 1,000 rows,
   * a few ms) only when its size changed a lot since the last analysis.
   */
  private keepStatistics(): void {
    if (++this.commits % 100 !== 0) return;
    try {
      this.db.pragma('optimize');
    } catch {
      /* statistics are an optimisation */
    }
  }

  private apply(op: WriteOp): void {
    if (op.kind === 'touch') {
      const t = quoteIdent(op.coll);
      const at = op.at.getTime();
      const iso = op.at.toISOString();
      const s = this.stmt(`UPDATE ${t} SET "lastSeenAt" = ?, doc = json_set(doc, '$.lastSeenAt', ?) WHERE _id = ?`);
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
    const values: Array<string | number | null> = [doc._id, uniqueKeyOf(coll, doc)];
    for (const c of t.columns) values.push(columnValue(c.kind, doc[c.field]));
    values.push(encodeDoc(coll, doc));
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

  private reader(): TxReader {
    return {
      lookup: async (coll, taskId, keys) => {
        const out = new Map<string, StoredDoc>();
        if (!keys.length) return out;
        // All keys in one statement (a JSON array of them): a page's 500 commodities were 500 calls.
        const t = TABLES[coll];
        const s = this.stmt(byKeysSql(coll, 'doc')).raw();
        const list = JSON.stringify(keys);
        for (const [k, json] of (t.scoped ? s.iterate(taskId, list) : s.iterate(list)) as IterableIterator<[string, string]>) {
          out.set(k, decodeDoc(coll, json));
        }
        return out;
      },
      fingerprints: async (coll, taskId, keys) => {
        const out = new Map<string, { id: string; fingerprint: unknown; gone: boolean }>();
        if (!keys.length) return out;
        const t = TABLES[coll];
        const s = this.stmt(byKeysSql(coll, FINGERPRINT_COLUMNS)).raw();
        const list = JSON.stringify(keys);
        for (const [k, id, fingerprint, gone] of (t.scoped ? s.iterate(taskId, list) : s.iterate(list)) as IterableIterator<[string, string, unknown, unknown]>) {
          out.set(k, { id, fingerprint, gone: Boolean(gone) });
        }
        return out;
      },
      findEq: async (coll, filter, limit) => [...this.select(this.db, this.stmts, coll, filter, { limit })],
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
    await this.chain.catch(() => undefined);
    this.closed = true;
    try {
      // Keeps the query planner's statistics current (cheap: only analyses what changed a lot).
      if (!this.opts.readOnly && this.onDisk) this.db.pragma('optimize');
    } catch {
      /* statistics are an optimisation */
    }
    this.db.close();
  }
}
