import { COLLECTION_DEFS, type CollectionName } from '../../schemas/index';
import type { StoredDoc } from '../repository';
import { isLocalCompanion } from '../local-time';

/** Columns a table shows when the user names none: the fields people read first. */
export const TABLE_COLUMNS: Record<CollectionName, string[]> = {
  tasks: ['name', 'type', 'status', 'startedAt', 'endedAt', 'hosts'],
  categories: ['name', 'level', 'site', 'url', 'lastSeenAt'],
  shops: ['name', 'goodsCount', 'rating', 'url', 'lastSeenAt'],
  commodities: ['name', 'price', 'salePrice', 'currency', 'rating', 'reviewCount', 'url'],
  reviews: ['author', 'rating', 'date', 'content'],
  news: ['title', 'publishedAt', 'author', 'language', 'url'],
  workers: ['hostName', 'pid', 'status', 'lastHeartbeatAt', 'taskId'],
  hosts: ['name', 'ip', 'lastSeenAt'],
};

/** Every field of a collection, `_id` first: the CSV header (known before any row streams). */
export function allColumns(coll: CollectionName): string[] {
  const cols = ['_id'];
  COLLECTION_DEFS[coll].schema.eachPath((p) => {
    const top = p.split('.')[0]!;
    // A page time's text companion is shown in the time's own column (see storage/local-time.ts).
    if (!cols.includes(top) && !isLocalCompanion(coll, top)) cols.push(top);
  });
  return cols;
}

/** A dotted path out of a document (`extra.颜色`). */
export function getPath(doc: Record<string, unknown>, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A value as text for a table or CSV cell: dates ISO, lists comma-joined, objects as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record for JSON output: dates become ISO strings (JSON.stringify does that), money stays a number. */
export function jsonLine(doc: StoredDoc | Record<string, unknown>): string {
  return JSON.stringify(doc);
}
