import { hash } from 'node:crypto';
import type { Error as MongooseError } from 'mongoose';
import { validationModel, type CollectionName, type PageTable } from '../schemas/index';
import { toPlain } from './plain';
import type { StoredDoc } from './repository';
import { collectionPlan, fastCheck, recordInput } from './schema-plan';
import { searchTermsOf } from './text-search';

export type Validated = { ok: true; content: Record<string, unknown> } | { ok: false; field: string; message: string };

/**
 * Validates and casts a record with the collection's Mongoose schema (no server needed). The
 * record is first built as Mongoose would see it (content paths only, schema defaults and
 * string setters applied, placeholders for the bookkeeping fields the merge step fills in).
 * Then the schema's casts and validators run synchronously, path by path (`fastCheck`, about
 * ten times cheaper than `Model.validate` per record, which matters for bulk upserts); a record
 * it does not accept goes through `Model.validate`, which decides and names the failing field.
 */
export function validateRecordSync(coll: CollectionName, fields: Record<string, unknown>, now: Date): Validated | null {
  const content = fastCheck(coll, fields, now);
  return content ? { ok: true, content } : null;
}

export async function validateRecord(coll: CollectionName, fields: Record<string, unknown>, now: Date): Promise<Validated> {
  return validateRecordSync(coll, fields, now) ?? validateWithModel(coll, fields, now);
}

/**
 * The reference path: `Model.validate(obj)` casts and runs every validator of the schema and
 * returns the cast object (it skips setters and defaults, which recordInput applies from the
 * same schema first).
 */
export async function validateWithModel(coll: CollectionName, fields: Record<string, unknown>, now: Date): Promise<Validated> {
  const Model = validationModel(coll);
  const obj = recordInput(coll, fields, now);
  let cast: Record<string, unknown>;
  try {
    cast = (await Model.validate(obj)) as Record<string, unknown>;
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
  for (const p of collectionPlan(coll).contentPaths) content[p] = toPlain(cast[p] ?? null);
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
  return hash('sha1', stableJson(content), 'base64url');
}

/**
 * What makes a commodity "changed" on a re-crawl: its offer and identity. Left out on purpose
 * (still stored, refreshed whenever the record is rewritten): rating and reviewCount (drift with
 * every review), image (CDN URLs rotate), shopId (which shop record a mention resolves to
 * depends on crawl order), extra and site.
 */
export const COMMODITY_CHANGE_FIELDS = ['name', 'price', 'salePrice', 'currency', 'availability', 'sku', 'brand'] as const;

export function commodityFingerprint(content: Record<string, unknown>): string {
  return 'c1:' + hash('sha1', JSON.stringify(COMMODITY_CHANGE_FIELDS.map((f) => content[f] ?? null)), 'base64url');
}

/** Fields a listing's mention of a commodity does not overwrite once known (its own page names it). */
const IDENTITY_FIELDS = new Set(['name', 'sku', 'brand', 'image', 'shopId']);

const asMap = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * One commodity is usually saved from several pages of a crawl: its own product page and
 * mentions on listings, shop pages and recommendations, each showing a different subset of its
 * fields (a listing has no SKU; plain HTTP sees no price on a script-rendered product page).
 * Replacing the record with whichever page came last made it flip between those views on every
 * re-crawl (a rewrite and a new lastChangedAt per page, price-history entries for nulls). So a
 * save is laid over what is stored instead:
 * - a field the page does not show (null) keeps its stored value;
 * - price and salePrice are one offer: taken together from any page that shows a price;
 * - name, SKU, brand, image and shop come from the commodity's own page; a mention only fills
 *   them in when nothing is stored yet (listings often abbreviate or decorate names);
 * - `extra` is the union, the own page winning on a key both have.
 */
export function overlayCommodity(content: Record<string, unknown>, existing: StoredDoc, ownPage: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...content };
  const offerShown = (content.price ?? null) !== null || (content.salePrice ?? null) !== null;
  for (const k of Object.keys(content)) {
    const incoming = content[k] ?? null;
    const stored = existing[k] ?? null;
    if (k === 'price' || k === 'salePrice') {
      if (!offerShown) out[k] = stored;
    } else if (k === 'extra') {
      out[k] = ownPage ? { ...asMap(stored), ...asMap(incoming) } : { ...asMap(incoming), ...asMap(stored) };
    } else if (incoming === null) {
      out[k] = stored;
    } else if (!ownPage && stored !== null && IDENTITY_FIELDS.has(k)) {
      out[k] = stored;
    }
  }
  return out;
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
/** Fields the new view leaves empty keep their stored values. */
function keepKnown(content: Record<string, unknown>, existing: StoredDoc): Record<string, unknown> {
  const out = { ...content };
  for (const [k, v] of Object.entries(out)) if ((v === null || v === undefined) && existing[k] != null) out[k] = existing[k];
  return out;
}

/**
 * A stored record the page shows again as it was: same fingerprint, and not marked gone (a gone
 * record seen again is brought back). The one rule for "unchanged", also where only a stored
 * record's fingerprint and gone flag are read (storage/save-page.ts).
 */
export function unchangedSince(stored: Record<string, unknown>, fingerprint: string): boolean {
  return stored.fingerprint === fingerprint && !stored.gone;
}

export function mergeRecord(
  table: PageTable,
  content: Record<string, unknown>,
  existing: StoredDoc | undefined,
  now: Date,
  newId: () => string,
  /** Commodities: whether the page saving it is the commodity's own page (see overlayCommodity). */
  ownPage = true,
): Merge {
  if (table === 'commodities' && existing) content = overlayCommodity(content, existing, ownPage);
  // A shop mentioned on another page (a product's seller box) shows its name, not its goods count or rating.
  if (table === 'shops' && existing) content = keepKnown(content, existing);
  const fingerprint = table === 'commodities' ? commodityFingerprint(content) : fingerprintOf(content);
  // A news record stored before it had search terms is rewritten once to get them.
  const termsMissing = table === 'news' && existing !== undefined && !Array.isArray(existing.searchTerms);
  if (existing && unchangedSince(existing, fingerprint) && !termsMissing) return { kind: 'unchanged', id: existing._id };
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
  // What `$text` searches on both backends (storage/text-search.ts); derived, so not in the fingerprint.
  if (table === 'news') doc.searchTerms = searchTermsOf(content.title as string, content.content as string);
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
