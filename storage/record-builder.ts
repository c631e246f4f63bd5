import { createHash } from 'node:crypto';
import type { Error as MongooseError } from 'mongoose';
import { BOOKKEEPING_FIELDS } from '../schemas/common';
import { COLLECTION_DEFS, validationModel, type CollectionName, type PageTable } from '../schemas/index';
import { toPlain } from './plain';
import type { StoredDoc } from './repository';

const bookkeeping = new Set<string>(BOOKKEEPING_FIELDS);
const contentPathsCache = new Map<CollectionName, string[]>();

/** Top-level schema paths that make up a record's content (what the fingerprint covers). */
function contentPaths(coll: CollectionName): string[] {
  let paths = contentPathsCache.get(coll);
  if (!paths) {
    paths = [];
    COLLECTION_DEFS[coll].schema.eachPath((p) => {
      const top = p.split('.')[0]!;
      if (!bookkeeping.has(top) && !paths!.includes(top)) paths!.push(top);
    });
    contentPathsCache.set(coll, paths);
  }
  return paths;
}

export type Validated = { ok: true; content: Record<string, unknown> } | { ok: false; field: string; message: string };

/**
 * Validates and casts a record with the collection's Mongoose schema (no server needed).
 * Bookkeeping fields get placeholders here; the merge step sets their real values.
 */
export async function validateRecord(coll: CollectionName, fields: Record<string, unknown>, now: Date): Promise<Validated> {
  const Model = validationModel(coll);
  const placeholders = COLLECTION_DEFS[coll].crawled
    ? { firstSeenAt: now, lastSeenAt: now, lastChangedAt: now, fingerprint: '-' }
    : {};
  const doc = new Model({ ...fields, ...placeholders }, null, { skipId: true });
  try {
    await doc.validate();
  } catch (err) {
    const errors = (err as MongooseError.ValidationError).errors ?? {};
    const fieldsFailed = Object.keys(errors);
    const field = fieldsFailed[0] ?? '(document)';
    const message = fieldsFailed.length
      ? fieldsFailed.map((f) => `${f}: ${shortMessage(errors[f]!.message)}`).join('; ')
      : (err as Error).message;
    return { ok: false, field, message };
  }
  const content: Record<string, unknown> = {};
  for (const p of contentPaths(coll)) content[p] = toPlain(doc.get(p));
  return { ok: true, content };
}

/** Mongoose messages name the model and repeat the value at length; keep them to one short line. */
function shortMessage(m: string): string {
  return m.replace(/ for model "[^"]+"/, '').replace(/\s+/g, ' ').slice(0, 200);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

export function fingerprintOf(content: Record<string, unknown>): string {
  return createHash('sha1').update(stableJson(content)).digest('base64url');
}

export type Merge =
  | { kind: 'insert'; doc: StoredDoc }
  | { kind: 'update'; doc: StoredDoc }
  | { kind: 'unchanged'; id: string };

/**
 * Re-crawl semantics: a new key is inserted (first/last-seen/last-changed = now, price history
 * opened); the same fingerprint is `unchanged` (only lastSeenAt moves); otherwise the record is
 * rewritten with lastChangedAt = now, and a commodity's price history gets an entry only when
 * price or salePrice differ from the last one.
 */
export function mergeRecord(
  table: PageTable,
  content: Record<string, unknown>,
  existing: StoredDoc | undefined,
  now: Date,
  newId: () => string,
): Merge {
  const fingerprint = fingerprintOf(content);
  if (existing && existing.fingerprint === fingerprint && !existing.gone) return { kind: 'unchanged', id: existing._id };
  const doc: StoredDoc = {
    _id: existing?._id ?? newId(),
    ...content,
    firstSeenAt: (existing?.firstSeenAt as Date | undefined) ?? now,
    lastSeenAt: now,
    lastChangedAt: existing && existing.fingerprint === fingerprint ? (existing.lastChangedAt as Date) : now,
    gone: false,
    goneAt: null,
    fingerprint,
  };
  if (table === 'commodities') {
    const history = Array.isArray(existing?.priceHistory) ? [...(existing!.priceHistory as Array<Record<string, unknown>>)] : [];
    const last = history[history.length - 1];
    const price = content.price ?? null;
    const salePrice = content.salePrice ?? null;
    if (!last || last.price !== price || last.salePrice !== salePrice) history.push({ at: now, price, salePrice });
    doc.priceHistory = history;
  }
  return existing ? { kind: 'update', doc } : { kind: 'insert', doc };
}
