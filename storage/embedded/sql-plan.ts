import type { CollectionName } from '../../schemas/index';
import { columnValue, quoteIdent, TABLES, type ColumnKind } from './tables';

/**
 * The part of a MongoDB filter (already cast: dates as Dates) that maps onto real columns,
 * as SQL. Only conditions whose value has the column's kind are translated (equality, $eq,
 * $in, $gt/$gte/$lt/$lte), and only at the top level or under $and: the SQL then selects a
 * superset of the matches, and exactly the matches when `exact` (nothing left for mingo).
 */
export interface SqlPlan {
  /** SQL conditions joined by AND ('1' when none). */
  where: string;
  params: Array<string | number>;
  /** Every condition of the filter was translated: no row needs re-testing. */
  exact: boolean;
  /** SQL true for the rows SQL selected that mingo must re-test ('1' all, '0' none). */
  recheck: string;
  /** ORDER BY serving the whole sort (ties in insertion order), or null when the sort needs mingo. */
  orderBy: string | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** `key`: the unique key column holds the same value whenever this one is a string (see TableSpec.keyIsUrl). */
interface Column { sql: string; kind: ColumnKind; key?: true }

/** The column a filter or sort field reads, if any. */
function columnOf(coll: CollectionName, field: string): Column | undefined {
  const t = TABLES[coll];
  if (field === '_id') return { sql: '_id', kind: 'text' };
  if (field === t.keyField) return { sql: 'uk', kind: 'text' };
  const c = t.columns.find((x) => x.field === field);
  if (!c) return undefined;
  return { sql: quoteIdent(c.field), kind: c.kind, ...(field === 'url' && t.keyIsUrl ? { key: true as const } : {}) };
}

const RANGE_OPS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * `limited`: the caller wants the first few rows. With a sort on an indexed column, the index
 * then walks in order and stops early, unless the planner prefers the task's unique-key index:
 * a store mostly holds one or a few tasks, so `taskId = ?` selects nearly everything and the
 * planner's sampled statistics do not show it. `+taskId` keeps it from using that index.
 */
export function planSql(coll: CollectionName, filter: Record<string, unknown>, sort?: Record<string, 1 | -1>, limited = false): SqlPlan {
  const firstSort = sort ? Object.keys(sort)[0] : undefined;
  const sortIndexed = !!firstSort && TABLES[coll].columns.some((c) => c.field === firstSort && c.index);
  const unindexTask = limited && sortIndexed;
  const where: string[] = [];
  const params: Array<string | number> = [];
  let exact = true;

  const addField = (col: Column, value: unknown): void => {
    if (unindexTask && col.sql === '"taskId"') col = { ...col, sql: '+"taskId"' };
    // A URL equal to X is a key equal to X: the condition on uk lets its index find the rows.
    const eq = (v: string | number): void => {
      where.push(`${col.sql} = ?`);
      params.push(v);
      if (col.key) {
        where.push('uk = ?');
        params.push(v);
      }
    };
    const scalar = columnValue(col.kind, value);
    if (scalar !== null) {
      eq(scalar);
      return;
    }
    if (!isPlainObject(value)) { exact = false; return; }
    for (const [op, x] of Object.entries(value)) {
      if (op === '$eq' || RANGE_OPS[op]) {
        const v = columnValue(col.kind, x);
        if (v === null) { exact = false; continue; }
        if (op === '$eq') { eq(v); continue; }
        where.push(`${col.sql} ${RANGE_OPS[op]} ?`);
        params.push(v);
      } else if (op === '$in' && Array.isArray(x)) {
        const vs = x.map((y) => columnValue(col.kind, y));
        if (vs.some((v) => v === null)) { exact = false; continue; }
        if (!vs.length) { where.push('0'); continue; }
        for (const c of col.key ? [col.sql, 'uk'] : [col.sql]) {
          where.push(`${c} IN (${vs.map(() => '?').join(',')})`);
          params.push(...(vs as Array<string | number>));
        }
      } else exact = false;
    }
  };

  /**
   * A field without a column (`extra.颜色`, `gone`, …): SQLite's JSON functions select rows
   * before any is parsed in JavaScript. A condition also checks the JSON type (MongoDB compares
   * within a type), so a row it selects matches, unless an array lies on the path: MongoDB then
   * matches elements too, so such rows always pass and are re-tested by mingo (`recheck`).
   */
  const guards: string[] = [];
  const addJsonField = (field: string, value: unknown): void => {
    const segs = field.split('.');
    if (segs.some((x) => !x || /["'\\]/.test(x) || /^\d+$/.test(x))) { exact = false; return; }
    const path = `'$.${segs.map((x) => `"${x}"`).join('.')}'`;
    const typed = (x: unknown): { cond: string; v: string | number | null } | null => {
      if (typeof x === 'string') return { cond: `json_type(doc, ${path}) = 'text'`, v: x };
      if (typeof x === 'number' && Number.isFinite(x)) return { cond: `json_type(doc, ${path}) IN ('integer', 'real')`, v: x };
      if (typeof x === 'boolean') return { cond: `json_type(doc, ${path}) = '${x}'`, v: null };
      return null;
    };
    const conds: string[] = [];
    const condParams: Array<string | number> = [];
    const add = (op: string, x: unknown): boolean => {
      const t = typed(x);
      if (!t || (op !== '=' && typeof x !== 'number')) return false;
      if (t.v === null) conds.push(t.cond);
      else {
        conds.push(`json_extract(doc, ${path}) ${op} ? AND ${t.cond}`);
        condParams.push(t.v);
      }
      return true;
    };
    if (!add('=', value)) {
      if (!isPlainObject(value)) { exact = false; return; }
      for (const [op, x] of Object.entries(value)) {
        if (!(op === '$eq' ? add('=', x) : RANGE_OPS[op] ? add(RANGE_OPS[op]!, x) : false)) exact = false;
      }
    }
    if (!conds.length) return;
    const onPath = segs.map((_, i) => `json_type(doc, '$.${segs.slice(0, i + 1).map((x) => `"${x}"`).join('.')}') = 'array'`).join(' OR ');
    where.push(`((${conds.join(' AND ')}) OR ${onPath})`);
    params.push(...condParams);
    guards.push(onPath);
  };

  const walk = (f: Record<string, unknown>): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v) && v.every(isPlainObject)) { for (const sub of v) walk(sub); continue; }
      if (k.startsWith('$')) { exact = false; continue; }
      const col = columnOf(coll, k);
      if (!col) addJsonField(k, v);
      else addField(col, v);
    }
  };
  walk(filter);

  let orderBy: string | null = 'rowid';
  if (sort && Object.keys(sort).length) {
    const parts: string[] = [];
    for (const [field, dir] of Object.entries(sort)) {
      const col = columnOf(coll, field);
      if (!col) { parts.length = 0; break; }
      parts.push(`${col.sql}${dir === -1 ? ' DESC' : ''}`);
    }
    // MongoDB (and mingo) put null/missing first ascending and last descending, as SQLite does.
    // Ties by rowid in the first key's direction: an index on that key then serves the whole
    // ORDER BY (its entries end with the rowid), read forwards or backwards.
    const firstDesc = Object.values(sort)[0] === -1;
    orderBy = parts.length ? `${parts.join(', ')}, rowid${firstDesc ? ' DESC' : ''}` : null;
  }
  return { where: where.length ? where.join(' AND ') : '1', params, exact: exact && !guards.length, recheck: exact ? (guards.length ? guards.join(' OR ') : '0') : '1', orderBy };
}
