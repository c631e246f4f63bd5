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

/** One collection held in memory, with its unique-key map and secondary indexes. */
export class MemCollection {
  readonly docs = new Map<string, StoredDoc>();
  private readonly byKey = new Map<string, string>();
  readonly hashFields: string[];
  readonly sortedFields: string[];
  private readonly hash = new Map<string, Map<unknown, Set<string>>>();
  private readonly sorted = new Map<string, SortedIndex>();
  private readonly kinds;

  constructor(readonly name: CollectionName) {
    this.hashFields = HASH_FIELDS[name] ?? [];
    this.sortedFields = SORTED_FIELDS[name] ?? [];
    for (const f of this.hashFields) this.hash.set(f, new Map());
    this.kinds = pathKinds(name);
  }

  static uniqueKey(coll: CollectionName, doc: Record<string, unknown>): string {
    return `${(doc.taskId as string | undefined) ?? ''}\u0001${uniqueKeyOf(coll, doc)}`;
  }

  getByKey(taskId: string | null, key: string): StoredDoc | undefined {
    const id = this.byKey.get(`${taskId ?? ''}\u0001${key}`);
    return id ? this.docs.get(id) : undefined;
  }

  /** Ids with `field === value` (hash index); undefined when the field has no index. */
  idsWhere(field: string, value: unknown): Set<string> | undefined {
    return this.hash.get(field)?.get(value) ?? (this.hash.has(field) ? new Set() : undefined);
  }

  /** Stored JSON back into the in-memory form (dates as Date objects). */
  revive(doc: StoredDoc): StoredDoc {
    for (const p of this.kinds.dates) {
      const v = doc[p];
      if (typeof v === 'string') doc[p] = new Date(v);
    }
    for (const [p, sub] of Object.entries(this.kinds.nested)) {
      const arr = doc[p];
      if (!Array.isArray(arr)) continue;
      for (const item of arr as Array<Record<string, unknown>>) {
        for (const sp of sub.dates) if (typeof item[sp] === 'string') item[sp] = new Date(item[sp] as string);
      }
    }
    return doc;
  }

  put(doc: StoredDoc): void {
    const old = this.docs.get(doc._id);
    const ukey = MemCollection.uniqueKey(this.name, doc);
    // Another document holding this unique key (only possible from a foreign log) is replaced.
    const holder = this.byKey.get(ukey);
    if (holder && holder !== doc._id) this.remove(holder);
    if (old) this.unindex(old);
    this.docs.set(doc._id, doc);
    this.byKey.set(ukey, doc._id);
    for (const f of this.hashFields) {
      const v = doc[f];
      if (v === null || v === undefined) continue;
      const m = this.hash.get(f)!;
      let s = m.get(v);
      if (!s) m.set(v, (s = new Set()));
      s.add(doc._id);
    }
    this.sorted.clear();
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
    this.unindex(d);
    this.docs.delete(id);
  }

  private unindex(doc: StoredDoc): void {
    const ukey = MemCollection.uniqueKey(this.name, doc);
    if (this.byKey.get(ukey) === doc._id) this.byKey.delete(ukey);
    for (const f of this.hashFields) {
      const v = doc[f];
      if (v === null || v === undefined) continue;
      const s = this.hash.get(f)!.get(v);
      s?.delete(doc._id);
      if (s && s.size === 0) this.hash.get(f)!.delete(v);
    }
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
