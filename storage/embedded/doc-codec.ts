import { pathKinds, type CollectionName } from '../../schemas/index';
import type { StoredDoc } from '../repository';

/**
 * A document as JSON text in the `doc` column and back. Schema dates (and the dates of arrays
 * of sub-documents such as priceHistory) are ISO strings in the JSON and Dates again when read;
 * other values are JSON as they are.
 *
 * JSON.stringify calls Date#toJSON once per date, which costs more than the rest of a record
 * together; most dates of a page are the same instant (its fetch time), so the strings are made
 * once per instant and put in place before stringifying (same text as JSON.stringify makes).
 */
const isoCache = new Map<number, string>();

function isoOf(d: Date): string | null {
  const t = d.getTime();
  if (Number.isNaN(t)) return null; // what Date#toJSON gives for an invalid date
  let s = isoCache.get(t);
  if (s === undefined) {
    if (isoCache.size >= 4096) isoCache.clear();
    s = d.toISOString();
    isoCache.set(t, s);
  }
  return s;
}

/** A shallow copy of `doc` with its schema dates (and array-of-subdocument dates) as ISO strings. */
function wireDoc(coll: CollectionName, doc: StoredDoc): StoredDoc {
  const kinds = pathKinds(coll);
  let w: StoredDoc | null = null;
  for (const p of kinds.dates) {
    const v = doc[p];
    if (v instanceof Date) (w ??= { ...doc })[p] = isoOf(v);
  }
  for (const p in kinds.nested) {
    const sub = kinds.nested[p]!.dates;
    const arr = doc[p];
    if (!sub.length || !Array.isArray(arr) || !arr.length) continue;
    (w ??= { ...doc })[p] = arr.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      let c: Record<string, unknown> | null = null;
      for (const sp of sub) {
        const v = (item as Record<string, unknown>)[sp];
        if (v instanceof Date) (c ??= { ...(item as Record<string, unknown>) })[sp] = isoOf(v);
      }
      return c ?? item;
    });
  }
  return w ?? doc;
}

export function encodeDoc(coll: CollectionName, doc: StoredDoc): string {
  return JSON.stringify(wireDoc(coll, doc));
}

/** Dates back into Date objects (in place); equal ISO strings share one parse. */
export function reviveDoc(coll: CollectionName, doc: StoredDoc): StoredDoc {
  const kinds = pathKinds(coll);
  for (const p of kinds.dates) {
    const v = doc[p];
    if (typeof v === 'string') doc[p] = new Date(dateMs(v));
  }
  for (const p in kinds.nested) {
    const arr = doc[p];
    if (!Array.isArray(arr)) continue;
    const sub = kinds.nested[p]!.dates;
    for (const item of arr as Array<Record<string, unknown>>) {
      if (!item || typeof item !== 'object') continue;
      for (const sp of sub) if (typeof item[sp] === 'string') item[sp] = new Date(dateMs(item[sp] as string));
    }
  }
  return doc;
}

export function decodeDoc(coll: CollectionName, json: string): StoredDoc {
  return reviveDoc(coll, JSON.parse(json) as StoredDoc);
}

const msCache = new Map<string, number>();

function dateMs(iso: string): number {
  let t = msCache.get(iso);
  if (t === undefined) {
    if (msCache.size >= 4096) msCache.clear();
    t = Date.parse(iso);
    msCache.set(iso, t);
  }
  return t;
}
