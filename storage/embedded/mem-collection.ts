import { pathKinds, type CollectionName } from '../../schemas/index';
import { uniqueKeyOf } from '../backend';
import type { StoredDoc } from '../repository';

/** Fields with an equality (hash) index, per collection; `taskId` is indexed everywhere it exists. */
const HASH_FIELDS: Partial<Record<CollectionName, string[]>> = {
  tasks: ['name', 'status'],
  categories: ['taskId', 'url', 'parentId'],
  shops: ['taskId', 'url', 'name'],
  commodities: ['taskId', 'url', 'shopId', 'sku', 'brand'],
  reviews: ['taskId', 'url', 'commodityId'],
  news: ['taskId', 'url'],
  workers: ['taskId', 'hostId', 'status'],
  hosts: ['name'],
};

/** Fields with a sorted index (numbers and dates): range filters and sorts walk it. */
const SORTED_FIELDS: Partial<Record<CollectionName, string[]>> = {
  commodities: ['price', 'salePrice', 'rating', 'reviewCount', 'lastSeenAt', 'firstSeenAt', 'lastChangedAt'],
  news: ['publishedAt', 'lastSeenAt', 'firstSeenAt', 'lastChangedAt'],
  reviews: ['date', 'rating', 'lastSeenAt'],
  shops: ['goodsCount', 'lastSeenAt'],
  categories: ['level', 'lastSeenAt'],
  tasks: ['startedAt'],
};

/** A sorted index: ids ordered by numeric value, plus the ids whose value is null/not numeric. */
export interface SortedIndex {
  values: Float64Array;
  ids: string[];
  others: string[];
}

export function sortableValue(v: unknown): number | null {
  if (typeof v === 'number' && !Number.isNaN(v)) return v;
  if (v instanceof Date) return v.getTime();
  return null;
}

/**
 * Ids with one value of a hash-indexed field: one id as a plain string (most values of `url`,
 * `sku`, … belong to one record; a Set per record would double the index's memory and garbage),
 * a Set from the second id on.
 */
type Bucket = string | Set<string>;

/** One collection held in memory, with its unique-key map and secondary indexes. */
export class MemCollection {
  readonly docs = new Map<string, StoredDoc>();
  /** taskId ('' for tasks/workers/hosts) → unique key → document: the O(1) upsert lookup. */
  private readonly byKey = new Map<string, Map<string, StoredDoc>>();
  readonly hashFields: string[];
  readonly sortedFields: string[];
  private readonly hash = new Map<string, Map<unknown, Bucket>>();
  private readonly hashMaps: Array<[string, Map<unknown, Bucket>]> = [];
  private readonly sorted = new Map<string, SortedIndex>();
  private readonly kinds;

  constructor(readonly name: CollectionName) {
    this.hashFields = HASH_FIELDS[name] ?? [];
    this.sortedFields = SORTED_FIELDS[name] ?? [];
    for (const f of this.hashFields) {
      const m = new Map<unknown, Bucket>();
      this.hash.set(f, m);
      this.hashMaps.push([f, m]);
    }
    this.kinds = pathKinds(name);
  }

  private keyMap(taskId: unknown, create: boolean): Map<string, StoredDoc> | undefined {
    const t = (taskId as string | null | undefined) ?? '';
    let m = this.byKey.get(t);
    if (!m && create) this.byKey.set(t, (m = new Map()));
    return m;
  }

  getByKey(taskId: string | null, key: string): StoredDoc | undefined {
    return this.keyMap(taskId, false)?.get(key);
  }

  /** Ids with `field === value` (hash index); undefined when the field has no index. Do not modify. */
  idsWhere(field: string, value: unknown): Set<string> | undefined {
    const m = this.hash.get(field);
    if (!m) return undefined;
    const b = m.get(value);
    if (b === undefined) return new Set();
    return typeof b === 'string' ? new Set([b]) : b;
  }

  /**
   * Stored JSON back into the in-memory form (dates as Date objects). The records of a batch
   * mostly carry the same instants (its commit time), so equal strings share one Date, as the
   * records of a batch written by this process do (they are never mutated in place).
   */
  revive(doc: StoredDoc): StoredDoc {
    for (const p of this.kinds.dates) {
      const v = doc[p];
      if (typeof v === 'string') doc[p] = dateOf(v);
    }
    for (const p in this.kinds.nested) {
      const arr = doc[p];
      if (!Array.isArray(arr)) continue;
      const sub = this.kinds.nested[p]!.dates;
      for (const item of arr as Array<Record<string, unknown>>) {
        for (const sp of sub) if (typeof item[sp] === 'string') item[sp] = dateOf(item[sp] as string);
      }
    }
    return doc;
  }

  put(doc: StoredDoc): void {
    const id = doc._id;
    const old = this.docs.get(id);
    const key = uniqueKeyOf(this.name, doc);
    const keys = this.keyMap(doc.taskId, true)!;
    // Another document holding this unique key (only possible from a foreign log) is replaced.
    const holder = keys.get(key);
    if (holder && holder._id !== id) this.remove(holder._id);
    if (old) {
      const oldKeys = this.keyMap(old.taskId, false);
      const oldKey = uniqueKeyOf(this.name, old);
      if (oldKeys && (oldKeys !== keys || oldKey !== key) && oldKeys.get(oldKey)?._id === id) oldKeys.delete(oldKey);
      for (const [f, m] of this.hashMaps) {
        if (old[f] === doc[f]) continue;
        unindexValue(m, old[f], id);
        indexValue(m, doc[f], id);
      }
    } else {
      for (const [f, m] of this.hashMaps) indexValue(m, doc[f], id);
    }
    this.docs.set(id, doc);
    keys.set(key, doc);
    if (this.sorted.size) this.sorted.clear();
  }

  touch(ids: string[], at: Date): void {
    for (const id of ids) {
      const d = this.docs.get(id);
      if (d) d.lastSeenAt = at;
    }
    if (this.sortedFields.includes('lastSeenAt')) this.sorted.delete('lastSeenAt');
  }

  private remove(id: string): void {
    const d = this.docs.get(id);
    if (!d) return;
    const keys = this.keyMap(d.taskId, false);
    const key = uniqueKeyOf(this.name, d);
    if (keys?.get(key)?._id === id) keys.delete(key);
    for (const [f, m] of this.hashMaps) unindexValue(m, d[f], id);
    this.docs.delete(id);
  }

  /** The sorted index of a field, rebuilt lazily after writes (bulk loads sort once). */
  sortedIndex(field: string): SortedIndex | undefined {
    if (!this.sortedFields.includes(field)) return undefined;
    let idx = this.sorted.get(field);
    if (idx) return idx;
    const pairs: Array<[number, string]> = [];
    const others: string[] = [];
    for (const [id, d] of this.docs) {
      const v = sortableValue(d[field]);
      if (v === null) others.push(id);
      else pairs.push([v, id]);
    }
    pairs.sort((a, b) => a[0] - b[0]);
    idx = { values: Float64Array.from(pairs, (p) => p[0]), ids: pairs.map((p) => p[1]), others };
    this.sorted.set(field, idx);
    return idx;
  }
}

function indexValue(m: Map<unknown, Bucket>, v: unknown, id: string): void {
  if (v === null || v === undefined) return;
  const b = m.get(v);
  if (b === undefined) m.set(v, id);
  else if (typeof b === 'string') {
    if (b !== id) m.set(v, new Set([b, id]));
  } else b.add(id);
}

function unindexValue(m: Map<unknown, Bucket>, v: unknown, id: string): void {
  if (v === null || v === undefined) return;
  const b = m.get(v);
  if (b === undefined) return;
  if (typeof b === 'string') {
    if (b === id) m.delete(v);
  } else {
    b.delete(id);
    if (b.size === 0) m.delete(v);
  }
}

const dateCache = new Map<string, Date>();

function dateOf(iso: string): Date {
  let d = dateCache.get(iso);
  if (d === undefined) {
    if (dateCache.size >= 4096) dateCache.clear();
    d = new Date(iso);
    dateCache.set(iso, d);
  }
  return d;
}
