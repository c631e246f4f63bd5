import { PAGE_TABLES, type CollectionName } from '../../schemas/index';

/**
 * How each collection is laid out in SQLite: one table per collection, the whole document as
 * JSON in `doc`, plus real columns for the unique key and the fields queries filter and sort
 * on. A column holds the field's value only when it has the column's kind (a string, a finite
 * number, a Date as ms since the epoch), else NULL; so a condition on a column is exactly the
 * MongoDB condition whenever the filter's value has that kind (MongoDB compares within a type).
 */
export type ColumnKind = 'text' | 'num' | 'date';

export interface ColumnSpec {
  /** The document field (and the column's name). */
  field: string;
  kind: ColumnKind;
  /** A secondary index on this column (each costs insert time; columns alone still spare a JSON parse per row). */
  index: boolean;
}

export interface TableSpec {
  name: CollectionName;
  /** Page tables: the unique key is per task, (taskId, uk). Others: uk alone. */
  scoped: boolean;
  /** The document field the unique key column `uk` holds: `name` for tasks, `key` elsewhere. */
  keyField: string;
  /**
   * The key is the record's URL whenever it has one (shops, commodities, news: see
   * storage/page-records.ts), so `url = X` selects the rows with `uk = X`: the unique-key index
   * serves URL lookups and the table needs no index of its own on url (one b-tree less to
   * update per record; with crawl-order URLs that index cost a random page per insert).
   */
  keyIsUrl: boolean;
  columns: ColumnSpec[];
}

/** An SQL identifier, quoted (table and column names come from code, but a field path may hold anything). */
export function quoteIdent(id: string): string {
  return `"${id.replace(/"/g, '""')}"`;
}
const q = quoteIdent;

const text = (field: string, index = false): ColumnSpec => ({ field, kind: 'text', index });
const num = (field: string, index = false): ColumnSpec => ({ field, kind: 'num', index });
const date = (field: string, index = false): ColumnSpec => ({ field, kind: 'date', index });

const COLUMNS: Record<CollectionName, ColumnSpec[]> = {
  tasks: [text('status'), date('startedAt')],
  categories: [text('taskId', true), text('url', true), text('parentId', true), num('level'), date('lastSeenAt')],
  shops: [text('taskId', true), text('url'), text('name', true), num('goodsCount'), date('lastSeenAt')],
  commodities: [
    text('taskId', true), text('url'), text('shopId', true), text('sku'), text('brand'),
    num('price', true), num('salePrice', true), num('rating'), num('reviewCount'),
    date('firstSeenAt'), date('lastSeenAt', true), date('lastChangedAt'),
  ],
  reviews: [text('taskId', true), text('url', true), text('commodityId', true), date('date', true), num('rating'), date('lastSeenAt')],
  news: [text('taskId', true), text('url'), date('publishedAt', true), date('firstSeenAt'), date('lastSeenAt', true), date('lastChangedAt')],
  workers: [text('taskId', true), text('hostId'), text('status'), date('lastHeartbeatAt')],
  hosts: [],
};

export const TABLES: Record<CollectionName, TableSpec> = Object.fromEntries(
  (Object.keys(COLUMNS) as CollectionName[]).map((name) => [name, {
    name,
    scoped: (PAGE_TABLES as readonly string[]).includes(name),
    keyField: name === 'tasks' ? 'name' : 'key',
    keyIsUrl: name === 'shops' || name === 'commodities' || name === 'news',
    columns: COLUMNS[name],
  }]),
) as Record<CollectionName, TableSpec>;

/**
 * Bump when the layout changes; a store of a newer layout is refused with a clear message, an
 * older one is brought up to date by the first writer that opens it (UPGRADES).
 * 2: the unique key index leads with uk, (uk, taskId), so it serves a lookup by key or URL
 * without the task; shops, commodities and news lost their url index (TableSpec.keyIsUrl); the
 * page tables got an index on taskId (a task's counts and exports; cheap to keep: a task's new
 * rows all go to the end of its part of the index).
 */
export const LAYOUT_VERSION = 2;

/** SQL that brings a store of layout `from` to `from + 1`, run before schemaSql() recreates what is missing. */
export const UPGRADES: Record<number, string> = {
  1: Object.values(TABLES).flatMap((t) => [
    ...(t.scoped ? [`DROP INDEX IF EXISTS ${q(`${t.name}_uk`)}`] : []),
    ...(t.keyIsUrl ? [`DROP INDEX IF EXISTS ${q(`${t.name}_url`)}`] : []),
  ]).join(';\n'),
};


/** CREATE statements for every table and index (idempotent). */
export function schemaSql(): string {
  const out: string[] = [];
  for (const t of Object.values(TABLES)) {
    const cols = t.columns.map((c) => `${q(c.field)} ${c.kind === 'text' ? 'TEXT' : c.kind === 'num' ? 'REAL' : 'INTEGER'}`);
    // taskId is a column of every scoped table (the unique key's scope).
    out.push(`CREATE TABLE IF NOT EXISTS ${q(t.name)} (_id TEXT PRIMARY KEY, uk TEXT NOT NULL, ${cols.join(', ')}${cols.length ? ', ' : ''}doc TEXT NOT NULL)`);
    // uk first: a lookup by key (or URL) without the task uses it too; the page tables' lookups
    // give both columns.
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${q(`${t.name}_uk`)} ON ${q(t.name)} (uk${t.scoped ? ', taskId' : ''})`);
    for (const c of t.columns) {
      if (c.index) out.push(`CREATE INDEX IF NOT EXISTS ${q(`${t.name}_${c.field}`)} ON ${q(t.name)} (${q(c.field)})`);
    }
  }
  return out.join(';\n');
}

/** A row's columns as the write statements list them: _id, uk, the table's columns in TABLES order, doc. */
export function rowColumns(coll: CollectionName): string[] {
  return ['_id', 'uk', ...TABLES[coll].columns.map((c) => q(c.field)), 'doc'];
}

/** The insert-or-replace of a record by _id (columns as rowColumns). */
export function upsertSql(coll: CollectionName): string {
  const cols = rowColumns(coll);
  return `INSERT INTO ${q(coll)} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) ` +
    `ON CONFLICT(_id) DO UPDATE SET ${cols.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`;
}

/**
 * The rows of a page's unique keys (a JSON array, after the task id in a scoped table): `what`
 * is the selected expressions after uk.
 */
export function byKeysSql(coll: CollectionName, what: string): string {
  return `SELECT uk, ${what} FROM ${q(coll)} WHERE ${TABLES[coll].scoped ? 'taskId = ? AND ' : ''}uk IN (SELECT value FROM json_each(?))`;
}

/** byKeysSql's expressions for a re-crawl's fingerprint check: json_extract reads two fields, no document crosses into JavaScript. */
export const FINGERPRINT_COLUMNS = `_id, json_extract(doc, '$.fingerprint'), json_extract(doc, '$.gone')`;

/** The value a column holds for a document field (NULL unless it has the column's kind). */
export function columnValue(kind: ColumnKind, v: unknown): string | number | null {
  if (kind === 'text') return typeof v === 'string' ? v : null;
  if (kind === 'num') return typeof v === 'number' && Number.isFinite(v) ? v : null;
  if (v instanceof Date) {
    const t = v.getTime();
    return Number.isNaN(t) ? null : t;
  }
  return null;
}
