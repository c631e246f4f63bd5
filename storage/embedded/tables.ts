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
  columns: ColumnSpec[];
}

const text = (field: string, index = false): ColumnSpec => ({ field, kind: 'text', index });
const num = (field: string, index = false): ColumnSpec => ({ field, kind: 'num', index });
const date = (field: string, index = false): ColumnSpec => ({ field, kind: 'date', index });

const COLUMNS: Record<CollectionName, ColumnSpec[]> = {
  tasks: [text('status'), date('startedAt')],
  categories: [text('taskId'), text('url', true), text('parentId', true), num('level'), date('lastSeenAt')],
  shops: [text('taskId'), text('url', true), text('name', true), num('goodsCount'), date('lastSeenAt')],
  commodities: [
    text('taskId'), text('url', true), text('shopId', true), text('sku'), text('brand'),
    num('price', true), num('salePrice', true), num('rating'), num('reviewCount'),
    date('firstSeenAt'), date('lastSeenAt', true), date('lastChangedAt'),
  ],
  reviews: [text('taskId'), text('url', true), text('commodityId', true), date('date', true), num('rating'), date('lastSeenAt')],
  news: [text('taskId'), text('url', true), date('publishedAt', true), date('firstSeenAt'), date('lastSeenAt', true), date('lastChangedAt')],
  workers: [text('taskId', true), text('hostId'), text('status'), date('lastHeartbeatAt')],
  hosts: [],
};

export const TABLES: Record<CollectionName, TableSpec> = Object.fromEntries(
  (Object.keys(COLUMNS) as CollectionName[]).map((name) => [name, {
    name,
    scoped: (PAGE_TABLES as readonly string[]).includes(name),
    keyField: name === 'tasks' ? 'name' : 'key',
    columns: COLUMNS[name],
  }]),
) as Record<CollectionName, TableSpec>;

/** Bump when the layout changes; a store with another version is refused with a clear message. */
export const LAYOUT_VERSION = 1;

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
export const quoteIdent = q;

/** CREATE statements for every table and index (idempotent). */
export function schemaSql(): string {
  const out: string[] = [];
  for (const t of Object.values(TABLES)) {
    const cols = t.columns.map((c) => `${q(c.field)} ${c.kind === 'text' ? 'TEXT' : c.kind === 'num' ? 'REAL' : 'INTEGER'}`);
    // taskId is a column of every scoped table (the unique key's scope).
    out.push(`CREATE TABLE IF NOT EXISTS ${q(t.name)} (_id TEXT PRIMARY KEY, uk TEXT NOT NULL, ${cols.join(', ')}${cols.length ? ', ' : ''}doc TEXT NOT NULL)`);
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${q(`${t.name}_uk`)} ON ${q(t.name)} (${t.scoped ? 'taskId, ' : ''}uk)`);
    for (const c of t.columns) {
      if (c.index) out.push(`CREATE INDEX IF NOT EXISTS ${q(`${t.name}_${c.field}`)} ON ${q(t.name)} (${q(c.field)})`);
    }
  }
  return out.join(';\n');
}

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
