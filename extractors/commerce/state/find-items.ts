import type { Candidate } from '../candidate';
import { parsePrice } from '../../price/parse-price';
import { availabilityFromText, availabilityFromValue } from '../signals/availability';
import { absUrl, toNumber } from '../util';

/**
 * The shape finder: item-like objects (a name-ish key and a price-ish key) in any JSON value,
 * found by shape rather than by variable or key path, so it works on any site's state JSON
 * and on captured XHR bodies alike.
 */
const NAME_KEY = /^(?:name|title|(?:product|item|goods|sku|display|short)_?(?:name|title)|raw_?title|subject)$/i;
const PRICE_KEY = /price|^amount$|^cost$/i;
const LIST_PRICE_KEY = /orig|list|market|regular|was|old|compare|strike|msrp|rrp|reserve|before|line|reference|full/i;
const SALE_PRICE_KEY = /sale|promo|final|current|now|discount|special|activity|real|deal|offer|view|selling|min|low|^price$/i;
const URL_KEY = /^(?:url|link|href|(?:detail|item|product|goods|pc|canonical)_?(?:url|link|href))$/i;
const IMAGE_KEY = /img|image|pic|thumb|photo/i;
const SKU_KEY = /^(?:sku(?:_?id|_?code)?|item_?id|product_?id|goods_?id|nid|item_?code|product_?code|article_?number|model)$/i;
const RATING_KEY = /^(?:rating|score|stars?|avg_?rating|average_?rating|rating_?value)$/i;
const REVIEWS_KEY = /(?:review|comment|rating)_?(?:count|num|cnt|total)|^(?:reviews|comments|ratings)$/i;
const SHOP_KEY = /^(?:shop|store|seller|vendor|merchant|nick)_?(?:name|nick|title)?$/i;
const BRAND_KEY = /^brand(?:_?name)?$/i;
const STOCK_KEY = /stock|avail|sold_?out|in_?stock/i;

export interface ItemArray {
  items: Record<string, unknown>[];
  /** Where it was found (a JSON path), for debugging and `extra`. */
  path: string;
}

function priceValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v === 'string' && /\d/.test(v) && v.length < 40) return parsePrice(v).amount;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return priceValue(o.amount ?? o.value ?? o.price ?? o.formatted ?? o.text ?? null);
  }
  return null;
}

/** Whether an object looks like an item: a non-empty name and some price. */
export function isItemLike(o: Record<string, unknown>): boolean {
  let name = false, price = false;
  for (const [k, v] of Object.entries(o)) {
    if (!name && NAME_KEY.test(k) && typeof v === 'string' && v.trim().length > 1) name = true;
    else if (!price && PRICE_KEY.test(k) && priceValue(v) !== null) price = true;
    if (name && price) return true;
  }
  return false;
}

/**
 * Arrays of item-like objects anywhere in the values, largest first; single item objects too (as
 * arrays of one). Maps of items keyed by id count as arrays (normalised stores keep `{ "812": {...} }`).
 */
export function findItemArrays(values: unknown[], opts: { maxNodes?: number } = {}): ItemArray[] {
  const found: ItemArray[] = [];
  const singles: ItemArray[] = [];
  let budget = opts.maxNodes ?? 200_000;
  const seen = new Set<object>();
  const collect = (members: unknown[], path: string) => {
    const objs = members.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x));
    const items = objs.filter(isItemLike);
    if (items.length >= 2 && items.length >= objs.length * 0.6 && items.length >= members.length * 0.5) found.push({ items, path });
  };
  const visit = (v: unknown, path: string, depth: number) => {
    if (budget-- <= 0 || depth > 25 || !v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      collect(v, path);
      v.forEach((x, i) => visit(x, `${path}[${i}]`, depth + 1));
      return;
    }
    const o = v as Record<string, unknown>;
    if (isItemLike(o)) singles.push({ items: [o], path });
    else {
      // A map keyed by ids: its keys are data, not names (numbers or id-like codes).
      const keys = Object.keys(o);
      if (keys.length >= 3 && keys.every((k) => /\d/.test(k) && !/\s/.test(k))) collect(Object.values(o), `${path}{}`);
    }
    for (const [k, x] of Object.entries(o)) if (x && typeof x === 'object') visit(x, `${path}.${k}`, depth + 1);
  };
  values.forEach((v, i) => visit(v, `$${i}`, 0));
  found.sort((a, b) => b.items.length - a.items.length);
  return [...found, ...singles];
}

/** Maps an item-like object to a candidate by key shapes; other scalar fields go to `extra`. */
export function itemCandidate(o: Record<string, unknown>, base: string, source: string): Candidate {
  const c: Candidate = { source, extra: {} };
  let plain: number | null = null, list: number | null = null, sale: number | null = null;
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined) continue;
    if (c.name == null && NAME_KEY.test(k) && typeof v === 'string') c.name = v.replace(/<[^>]+>/g, '').trim();
    else if (PRICE_KEY.test(k) && !/currency|unit|text_?color/i.test(k)) {
      const p = priceValue(v);
      if (p === null) continue;
      if (/^(?:price|amount)$/i.test(k)) plain ??= p;
      else if (LIST_PRICE_KEY.test(k)) list ??= p;
      else if (SALE_PRICE_KEY.test(k)) sale ??= p;
      else plain ??= p;
      if (typeof v === 'string' && c.currency == null) c.currency = parsePrice(v).currency;
    } else if (/currency/i.test(k) && typeof v === 'string' && /^[A-Z]{3}$/.test(v)) c.currency = v;
    else if (c.url == null && URL_KEY.test(k) && typeof v === 'string') c.url = absUrl(v.startsWith('//') ? `https:${v}` : v, base);
    else if (c.image == null && IMAGE_KEY.test(k) && typeof v === 'string' && /\.(?:jpe?g|png|webp|gif|avif)|\/\/|^\//i.test(v)) c.image = absUrl(v.startsWith('//') ? `https:${v}` : v, base);
    else if (c.sku == null && SKU_KEY.test(k) && (typeof v === 'string' || typeof v === 'number')) c.sku = String(v);
    else if (c.rating == null && RATING_KEY.test(k)) c.rating = toNumber(v);
    else if (c.reviewCount == null && REVIEWS_KEY.test(k)) c.reviewCount = toNumber(v);
    else if (c.shopName == null && SHOP_KEY.test(k) && typeof v === 'string') c.shopName = v;
    else if (c.brand == null && BRAND_KEY.test(k) && typeof v === 'string') c.brand = v;
    else if (c.availability == null && STOCK_KEY.test(k)) {
      c.availability = availabilityFromValue(v as string) ?? (typeof v === 'string' ? availabilityFromText(v) : null) ?? (/sold_?out/i.test(k) && typeof v === 'boolean' ? (v ? 'OutOfStock' : 'InStock') : typeof v === 'number' && /^stock/i.test(k) ? (v > 0 ? 'InStock' : 'OutOfStock') : null);
    } else if (typeof v !== 'object') c.extra![k] = v;
  }
  // A variant or offer points to its product ({title: '1 bag', product: {title, url}}): the
  // product's name and address are what a shopper sees listed; the variant's title is an option.
  const parent = parentProduct(o);
  if (parent) {
    const inner = itemCandidate(parent, base, source);
    if (c.name) c.extra!.variant = c.name;
    c.name = inner.name ?? c.name;
    c.url ??= inner.url;
    c.image ??= inner.image;
    c.brand ??= inner.brand;
  }
  // The regular price is the list price when one is given, else the plain price; the sale price
  // is whichever lower price is paid now.
  const regular = list ?? plain ?? sale;
  const now = list !== null ? (sale ?? plain) : plain !== null ? sale : null;
  c.price = regular;
  c.salePrice = now !== null && regular !== null && now < regular ? now : null;
  return c;
}

/** A nested object with a name and an address but no price of its own: the product an offer or variant belongs to. */
function parentProduct(o: Record<string, unknown>): Record<string, unknown> | null {
  for (const v of Object.values(o)) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const inner = v as Record<string, unknown>;
    let named = false, linked = false, priced = false;
    for (const [k, x] of Object.entries(inner)) {
      if (NAME_KEY.test(k) && typeof x === 'string' && x.trim().length > 1) named = true;
      else if (URL_KEY.test(k) && typeof x === 'string' && x.length > 1) linked = true;
      else if (PRICE_KEY.test(k) && priceValue(x) !== null) priced = true;
    }
    if (named && linked && !priced) return inner;
  }
  return null;
}

/**
 * The page's own product in a detail-API body that carries no name (the name is in the HTML):
 * the shallowest object with a price and an id-ish or stock-ish key.
 */
export function detailObject(values: unknown[]): Record<string, unknown> | null {
  let best: Record<string, unknown> | null = null;
  let bestDepth = Infinity;
  let budget = 20_000;
  const visit = (v: unknown, depth: number) => {
    if (budget-- <= 0 || depth > 6 || depth >= bestDepth || !v || typeof v !== 'object' || Array.isArray(v)) return;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const priced = keys.some((k) => PRICE_KEY.test(k) && priceValue(o[k]) !== null);
    if (priced && keys.some((k) => SKU_KEY.test(k) || STOCK_KEY.test(k) || /^id$/i.test(k))) {
      best = o;
      bestDepth = depth;
      return;
    }
    for (const x of Object.values(o)) visit(x, depth + 1);
  };
  values.forEach((v) => visit(v, 0));
  return best;
}
