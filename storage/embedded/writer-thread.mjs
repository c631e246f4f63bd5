// The embedded store's write connection, on a thread of its own (see store-writer.ts): the calling
// thread plans the next page (reads, validation, merge, JSON) while this one commits the last.
// Plain JavaScript with no import of ours, so it loads the same under tsx, vitest and node.
//
// Each message is one page's transaction: its statements between BEGIN IMMEDIATE (SQLite's write
// lock, waiting up to the busy timeout for another process) and COMMIT. Every statement is guarded
// by what the plan read (an insert by the unique indexes, an update by the document text it
// replaces, a touch by the fingerprint and gone flag): when a guard fails, another writer changed
// a record since it was read, the page is rolled back and answered `conflict` (the caller plans
// it again).
//
// Group commit: pages that arrive while one is being written are committed together, each inside
// a SAVEPOINT of one SQLite transaction (a page whose guard fails is rolled back to its savepoint
// alone). A commit writes every page it dirtied to the WAL once: at 600,000 commodities the
// random-order price indexes put most records on a page of their own, and 10 pages of 500 in one
// commit cost 43.7 ms of CPU per 1,000 against 60.1 one page at a time (bench/storage-sqlite.ts
// group=10). A crawl saves up to its concurrency (8) pages at once, so pages do queue up.
import { parentPort, workerData, receiveMessageOnPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fdatasync, openSync, closeSync } from 'node:fs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const { file, busyTimeoutMs, synchronous } = workerData;
// synchronous=FULL in WAL mode is NORMAL plus a sync of the WAL file after each commit (SQLite's
// "PRAGMA synchronous" page). That sync is done here instead, on libuv's thread pool, and the
// transaction is answered once it is done: the same guarantee (an answered transaction survives
// a power loss; a checkpoint that lets SQLite reuse the WAL syncs the store file first), while
// this thread goes on with the next transaction instead of waiting for the disk.
const syncEachCommit = synchronous === 'FULL';
let walFd = null;
let syncing = 0;
let onSynced = null;

/** A conflict found by a guard: not an error, the page is planned again. */
class Conflict extends Error {}

let db;
try {
  db = new Database(file, { fileMustExist: true });
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // 64 MB of pages: the random-order price indexes of a large store stay in memory.
  db.pragma('cache_size = -65536');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A checkpoint per 20,000 WAL pages (80 MB), not SQLite's 1,000: every commit rewrites the
  // random-order price-index pages its records touch, and frequent checkpoints copied them again
  // and again (storage/README.md).
  db.pragma('wal_autocheckpoint = 20000');
  db.pragma('journal_size_limit = 67108864');
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'open-error', code: err?.code, message: String(err?.message ?? err) });
  process.exit(0);
}

const stmts = new Map();
function stmt(sql) {
  let s = stmts.get(sql);
  if (!s) {
    if (stmts.size > 200) stmts.clear();
    stmts.set(sql, (s = db.prepare(sql)));
  }
  return s;
}

/** op: { kind: 'insert' | 'update' | 'touch' | 'put', sql, rows }; see store-writer.ts WriterOp. */
function apply(op) {
  const s = stmt(op.sql);
  for (const row of op.rows) {
    if (op.kind === 'insert') {
      try {
        s.run(row);
      } catch (err) {
        // Another writer inserted the key (or the id) since the plan read it.
        if (err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new Conflict();
        throw err;
      }
    } else if (s.run(row).changes !== 1 && op.kind !== 'put') throw new Conflict();
  }
}

/** A batch stops growing at this many rows or pages (bounds the time until its pages are answered). */
const BATCH_ROWS = 5000;
const BATCH_PAGES = 16;
const rowsOf = (msg) => msg.ops.reduce((n, op) => n + op.rows.length, 0);

parentPort.on('message', (first) => {
  if (first.type === 'close') return close(first);
  const batch = [first];
  let rows = rowsOf(first);
  let closing = null;
  while (rows < BATCH_ROWS && batch.length < BATCH_PAGES) {
    const next = receiveMessageOnPort(parentPort)?.message;
    if (!next) break;
    if (next.type === 'close') {
      closing = next; // the last message: the store sends nothing after it
      break;
    }
    batch.push(next);
    rows += rowsOf(next);
  }
  if (batch.length === 1) commitAlone(first);
  else commitTogether(batch);
  if (closing) close(closing);
});

function close(msg) {
  if (syncing) {
    onSynced = () => close(msg);
    return;
  }
  try {
    // Keeps the query planner's statistics current (cheap: only analyses what changed a lot).
    db.pragma('optimize');
  } catch {
    /* statistics are an optimisation */
  }
  db.close();
  if (walFd !== null) closeSync(walFd);
  parentPort.postMessage({ type: 'closed' });
  parentPort.close();
}

const answerConflict = (id) => parentPort.postMessage({ type: 'done', id, conflict: true });
const answerError = (id, err) => parentPort.postMessage({ type: 'done', id, error: { code: err?.code, message: String(err?.message ?? err) } });

function rollback() {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch {
    /* SQLite rolls back by itself after some errors (SQLITE_FULL, IOERR) */
  }
}

/** One page in a transaction of its own; answered once committed (and synced). */
function commitAlone({ id, ops }) {
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const op of ops) apply(op);
    db.exec('COMMIT');
  } catch (err) {
    rollback();
    if (err instanceof Conflict) answerConflict(id);
    else answerError(id, err);
    return;
  }
  answerCommitted([id]);
}

/**
 * Several pages in one transaction, each in a savepoint. An error other than a conflict rolls
 * the whole batch back and each page is then committed alone, so the error reaches the page
 * that caused it and the others are stored.
 */
function commitTogether(batch) {
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (err) {
    // The write lock was not had (another process held it past the busy timeout): nothing written.
    for (const { id } of batch) answerError(id, err);
    return;
  }
  const stored = [];
  const conflicts = [];
  try {
    for (const { id, ops } of batch) {
      db.exec('SAVEPOINT page');
      try {
        for (const op of ops) apply(op);
        stored.push(id);
      } catch (err) {
        if (!(err instanceof Conflict)) throw err;
        db.exec('ROLLBACK TO page');
        conflicts.push(id);
      }
      db.exec('RELEASE page');
    }
    db.exec('COMMIT');
  } catch {
    rollback();
    for (const msg of batch) commitAlone(msg);
    return;
  }
  for (const id of conflicts) answerConflict(id);
  answerCommitted(stored);
}

let transactions = 0;

/** Answers committed pages (with their transaction's number): at once without a sync per commit, else when the WAL is synced. */
function answerCommitted(ids) {
  if (!ids.length) return;
  const tx = ++transactions;
  // The query planner picks indexes from statistics (sqlite_stat1); a store grows from empty
  // during a crawl. PRAGMA optimize re-analyses a table only when its size changed a lot.
  if (tx % 100 === 0) {
    try {
      db.pragma('optimize');
    } catch {
      /* statistics are an optimisation */
    }
  }
  const done = () => {
    for (const id of ids) parentPort.postMessage({ type: 'done', id, conflict: false, tx });
  };
  if (!syncEachCommit) return done();
  syncing++;
  const answer = (err) => {
    syncing--;
    if (err) for (const id of ids) answerError(id, err);
    else done();
    if (!syncing && onSynced) {
      const go = onSynced;
      onSynced = null;
      go();
    }
  };
  try {
    // The WAL file stays while this connection is open (SQLite removes it when the last one closes).
    walFd ??= openSync(`${file}-wal`, 'r');
    fdatasync(walFd, answer);
  } catch (err) {
    answer(err);
  }
}
