import type { CollectionName } from '../../schemas/index';
import { uniqueKeyOf, type WriteOp } from '../backend';
import { encodeDoc } from './doc-codec';
import type { WriterOp } from './store-writer';
import { columnValue, quoteIdent, rowColumns, TABLES, upsertSql } from './tables';

/**
 * What a plan read, kept so its writes can be guarded by it: a page is planned from the store as
 * it was (outside the write lock, while the writer thread commits the page before), so each of
 * its writes states what it expects to replace, and the writer thread refuses the whole page when
 * another writer changed any of those records meanwhile (store-writer.ts). Nothing a save read is
 * overwritten unseen: the page is planned again from a fresh read.
 */
export class ReadSet {
  /** Record identities looked up (found or not): `coll | scope | key`. */
  readonly keys = new Set<string>();
  /** Collections read by a filter (findEq): any write to them may change what it found. */
  readonly colls = new Set<CollectionName>();
  /** The document text read per `coll | _id`: an update replaces exactly that text or nothing. */
  readonly docs = new Map<string, string>();
  /** The fingerprint and gone flag read per `coll | _id` (a touch's guard) and the record's identity. */
  readonly marks = new Map<string, { fingerprint: unknown; gone: boolean; key: string }>();
}

/** A record's identity across the store: its collection, task (page tables) and unique key. */
export function recordKey(coll: CollectionName, taskId: unknown, uk: string): string {
  return `${coll}\u0001${TABLES[coll].scoped ? String(taskId) : ''}\u0001${uk}`;
}

export const idKey = (coll: CollectionName, id: string): string => `${coll}\u0001${id}`;

/** The records and collections a transaction writes, to tell whether a plan read any of them. */
export interface WrittenSet {
  keys: Set<string>;
  colls: Set<CollectionName>;
}

/** True when the plan read something `written` changes (it must be planned again once that is committed). */
export function readsAnyOf(read: ReadSet, written: WrittenSet): boolean {
  for (const c of read.colls) if (written.colls.has(c)) return true;
  const [small, large] = read.keys.size < written.keys.size ? [read.keys, written.keys] : [written.keys, read.keys];
  for (const k of small) if (large.has(k)) return true;
  return false;
}

const sqlCache = new Map<string, string>();
const cached = (name: string, make: () => string): string => {
  let s = sqlCache.get(name);
  if (s === undefined) sqlCache.set(name, (s = make()));
  return s;
};

/** A plain insert: fails on an existing id or unique key (another writer got there first). */
const insertSql = (coll: CollectionName) => cached(`i:${coll}`, () => {
  const cols = rowColumns(coll);
  return `INSERT INTO ${quoteIdent(coll)} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
});

/** An update of the row whose document is still the text the plan read. Parameters: uk, columns, doc, _id, old doc. */
const updateSql = (coll: CollectionName) => cached(`u:${coll}`, () => {
  const cols = rowColumns(coll).slice(1);
  return `UPDATE ${quoteIdent(coll)} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE _id = ? AND doc = ?`;
});

/** lastSeenAt moves; guarded by the fingerprint and gone flag the "unchanged" decision read. */
export const touchSql = (coll: CollectionName, guarded: boolean) => cached(`t:${coll}:${guarded}`, () =>
  `UPDATE ${quoteIdent(coll)} SET "lastSeenAt" = ?, doc = json_set(doc, '$.lastSeenAt', ?) WHERE _id = ?` +
  (guarded ? ` AND json_extract(doc, '$.fingerprint') IS ? AND coalesce(json_extract(doc, '$.gone'), 0) = ?` : ''));

/** A row's parameters in rowColumns order (`withId` false: without the leading _id). */
export function rowValues(coll: CollectionName, doc: Record<string, unknown>, withId: boolean): Array<string | number | null> {
  const values: Array<string | number | null> = withId ? [doc._id as string, uniqueKeyOf(coll, doc)] : [uniqueKeyOf(coll, doc)];
  for (const c of TABLES[coll].columns) values.push(columnValue(c.kind, doc[c.field]));
  values.push(encodeDoc(coll, doc as never));
  return values;
}

/**
 * A plan's writes as the writer thread's guarded statements (consecutive rows of one statement
 * together), and the records they write. An update or touch of a record the plan did not read
 * is a bug of the plan, refused here rather than written unguarded.
 */
export function guardedOps(ops: WriteOp[], read: ReadSet): { ops: WriterOp[]; written: WrittenSet } {
  const out: WriterOp[] = [];
  const written: WrittenSet = { keys: new Set(), colls: new Set() };
  const writtenIds = new Set<string>();
  const add = (kind: WriterOp['kind'], sql: string, row: Array<string | number | null>) => {
    const last = out[out.length - 1];
    if (last && last.sql === sql) last.rows.push(row);
    else out.push({ kind, sql, rows: [row] });
  };
  for (const op of ops) {
    written.colls.add(op.coll);
    if (op.kind === 'touch') {
      const at = op.at.getTime();
      const iso = op.at.toISOString();
      for (const id of op.ids) {
        const ik = idKey(op.coll, id);
        const mark = read.marks.get(ik);
        if (writtenIds.has(ik)) add('put', touchSql(op.coll, false), [at, iso, id]);
        else if (!mark) throw new Error(`store: a touch of ${op.coll} ${id} that its plan did not read`);
        else add('touch', touchSql(op.coll, true), [at, iso, id, (mark.fingerprint ?? null) as string | null, mark.gone ? 1 : 0]);
        if (mark) written.keys.add(mark.key);
      }
      continue;
    }
    const ik = idKey(op.coll, op.doc._id);
    written.keys.add(recordKey(op.coll, op.doc.taskId, uniqueKeyOf(op.coll, op.doc)));
    if (writtenIds.has(ik)) add('put', upsertSql(op.coll), rowValues(op.coll, op.doc, true));
    else if (op.kind === 'insert') add('insert', insertSql(op.coll), rowValues(op.coll, op.doc, true));
    else {
      const before = read.docs.get(ik);
      if (before === undefined) throw new Error(`store: an update of ${op.coll} ${op.doc._id} that its plan did not read`);
      add('update', updateSql(op.coll), [...rowValues(op.coll, op.doc, false), op.doc._id, before]);
    }
    writtenIds.add(ik);
  }
  return { ops: out, written };
}
