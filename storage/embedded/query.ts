import { Query, find as mingoFind } from 'mingo';
import type { FindOptions, StoredDoc } from '../repository';
import { sortableValue, type MemCollection } from './mem-collection';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

interface Range { lo: number; loIncl: boolean; hi: number; hiIncl: boolean }

/** `{ $gt: 1, $lte: 5 }` on numbers/dates as a range; undefined when it is anything else. */
function asRange(v: unknown): Range | undefined {
  if (!isPlainObject(v)) return undefined;
  const r: Range = { lo: -Infinity, loIncl: true, hi: Infinity, hiIncl: true };
  let any = false;
  for (const [op, x] of Object.entries(v)) {
    const n = sortableValue(x);
    if (n === null) return undefined;
    if (op === '$gt' || op === '$gte') {
      if (n > r.lo || (n === r.lo && op === '$gt')) { r.lo = n; r.loIncl = op === '$gte'; }
    } else if (op === '$lt' || op === '$lte') {
      if (n < r.hi || (n === r.hi && op === '$lt')) { r.hi = n; r.hiIncl = op === '$lte'; }
    } else return undefined;
    any = true;
  }
  return any ? r : undefined;
}

/** Equality values usable with a hash index: `v`, `{$eq: v}`, `{$in: [...]}`. */
function asEquality(v: unknown): unknown[] | undefined {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return [v];
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$eq' && ['string', 'number', 'boolean'].includes(typeof v.$eq)) return [v.$eq];
    if (keys.length === 1 && keys[0] === '$in' && Array.isArray(v.$in) && v.$in.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) return v.$in;
  }
  return undefined;
}

function lowerBound(a: Float64Array, x: number, inclusive: boolean): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (inclusive ? a[mid]! < x : a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function* rangeIds(idx: { values: Float64Array; ids: string[] }, r: Range | undefined, descending: boolean): Generator<string> {
  const start = r ? lowerBound(idx.values, r.lo, r.loIncl) : 0;
  const end = r ? lowerBound(idx.values, r.hi, !r.hiIncl) : idx.values.length;
  if (descending) for (let i = end - 1; i >= start; i--) yield idx.ids[i]!;
  else for (let i = start; i < end; i++) yield idx.ids[i]!;
}

interface Plan {
  ids: Iterable<string>;
  /** The ids come in the requested sort order already. */
  ordered: boolean;
}

/**
 * Picks candidates from an index: `_id`, then the smallest hash-index match, then a sorted
 * index that serves the sort (walked in order, so `--sort -salePrice --limit 5` stops early) or
 * the range; otherwise every document. mingo re-tests every candidate against the full filter,
 * so a plan only ever narrows.
 */
function plan(coll: MemCollection, filter: Record<string, unknown>, sort: Record<string, 1 | -1> | undefined): Plan {
  const id = asEquality(filter._id);
  if (id) return { ids: id.map(String), ordered: false };

  // The smallest hash-index match; index sets are used as they are (no copy) for one value.
  let best: Set<string> | undefined;
  for (const field of coll.hashFields) {
    if (!(field in filter)) continue;
    const vals = asEquality(filter[field]);
    if (!vals) continue;
    let set: Set<string>;
    if (vals.length === 1) set = coll.idsWhere(field, vals[0]) ?? new Set();
    else {
      set = new Set<string>();
      for (const v of vals) for (const x of coll.idsWhere(field, v) ?? []) set.add(x);
    }
    if (!best || set.size < best.size) best = set;
  }
  const sortKeys = sort ? Object.keys(sort) : [];
  if (best && best.size <= 2000) return { ids: best, ordered: false };

  if (sortKeys.length === 1) {
    const field = sortKeys[0]!;
    const idx = coll.sortedIndex(field);
    const range = filter[field] !== undefined ? asRange(filter[field]) : undefined;
    if (idx && (filter[field] === undefined || range)) {
      const desc = sort![field] === -1;
      // MongoDB puts null/missing first ascending and last descending; a range excludes them.
      const others = range ? [] : idx.others;
      const ids = desc ? chain(rangeIds(idx, range, true), others) : chain(others, rangeIds(idx, range, false));
      return { ids, ordered: true };
    }
  }
  if (best) return { ids: best, ordered: false };
  for (const field of coll.sortedFields) {
    const range = filter[field] !== undefined ? asRange(filter[field]) : undefined;
    if (!range) continue;
    const idx = coll.sortedIndex(field)!;
    return { ids: rangeIds(idx, range, false), ordered: false };
  }
  return { ids: coll.docs.keys(), ordered: false };
}

function* chain<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const p of parts) yield* p;
}

/** Runs a (cast, checked) MongoDB filter against one in-memory collection. */
export function runQuery(coll: MemCollection, filter: Record<string, unknown>, options: FindOptions = {}): StoredDoc[] {
  const query = new Query(filter, {});
  const { ids, ordered } = plan(coll, filter, options.sort);
  const skip = options.skip ?? 0;
  const limit = options.limit ?? Infinity;
  const matched: StoredDoc[] = [];
  if (ordered || !options.sort) {
    // In order already: stop as soon as skip + limit documents matched.
    let skipped = 0;
    for (const id of ids) {
      const d = coll.docs.get(id);
      if (!d || !query.test(d)) continue;
      if (skipped < skip) { skipped++; continue; }
      matched.push(d);
      if (matched.length >= limit) break;
    }
    return options.projection ? (mingoFind(matched, {}, options.projection).all() as StoredDoc[]) : matched;
  }
  for (const id of ids) {
    const d = coll.docs.get(id);
    if (d && query.test(d)) matched.push(d);
  }
  let cursor = mingoFind(matched, {}, options.projection).sort(options.sort);
  if (skip) cursor = cursor.skip(skip);
  if (Number.isFinite(limit)) cursor = cursor.limit(limit);
  return cursor.all() as StoredDoc[];
}

export function countQuery(coll: MemCollection, filter: Record<string, unknown>): number {
  if (Object.keys(filter).length === 0) return coll.docs.size;
  const query = new Query(filter, {});
  let n = 0;
  for (const id of plan(coll, filter, undefined).ids) {
    const d = coll.docs.get(id);
    if (d && query.test(d)) n++;
  }
  return n;
}
