import type { Commodity } from '../types';

/** A commodity as one heuristic saw it: any field may be missing; `source` says which heuristic. */
export interface Candidate {
  source: string;
  name?: string | null;
  url?: string | null;
  price?: number | null;
  salePrice?: number | null;
  currency?: string | null;
  rating?: number | null;
  reviewCount?: number | null;
  shopName?: string | null;
  shopUrl?: string | null;
  sku?: string | null;
  brand?: string | null;
  availability?: 'InStock' | 'OutOfStock' | null;
  image?: string | null;
  extra?: Record<string, unknown>;
  /** DOM only: an enabled buy button stands in the product's own box (not merged). */
  buyButton?: boolean;
  /** DOM only: an enabled buy button stands anywhere on the page (not merged). */
  pageBuyButton?: boolean;
  /** DOM only: how the SKU was labelled on the page (not merged). */
  skuLabel?: 'strong' | 'weak' | 'class';
}

const FIELDS = ['name', 'url', 'currency', 'rating', 'reviewCount', 'shopName', 'shopUrl', 'sku', 'brand', 'availability', 'image'] as const;

const has = (v: unknown) => v !== undefined && v !== null && v !== '';
/** A price of 0 (or less) is a placeholder in data ("price": 0 until the shop fills it in), never what an item costs. */
const amount = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : null);

/**
 * Merges candidates strongest first. Each field comes from the first candidate that has it,
 * except the price pair: price and salePrice travel together from one source, so a list price
 * from one heuristic is never paired with a sale price from another.
 */
export function mergeCandidates(cands: Candidate[]): Candidate {
  const out: Candidate = { source: cands.map((c) => c.source).join('+'), extra: {} };
  for (const f of FIELDS) {
    for (const c of cands) {
      if (has(c[f])) {
        (out as unknown as Record<string, unknown>)[f] = c[f];
        break;
      }
    }
  }
  // A source that states a price of 0 (a free item, or one whose price is filled in later) is
  // still the source of the price: its "no price" must not let a weaker heuristic put a
  // neighbouring item's price on the page.
  const priced = cands.find((c) => has(c.price) || has(c.salePrice));
  if (priced) {
    out.price = amount(priced.price);
    out.salePrice = amount(priced.salePrice);
    if (has(priced.currency)) out.currency = priced.currency;
  }
  for (const c of [...cands].reverse()) Object.assign(out.extra!, c.extra ?? {});
  return out;
}

/** A candidate as a contract Commodity: absent → null; a lone sale price becomes the price. */
export function toCommodity(c: Candidate): Commodity {
  let price = amount(c.price);
  let salePrice = amount(c.salePrice);
  if (price === null && salePrice !== null) [price, salePrice] = [salePrice, null];
  if (price !== null && salePrice !== null && salePrice >= price) salePrice = price === salePrice ? null : salePrice;
  if (price !== null && salePrice !== null && salePrice > price) [price, salePrice] = [salePrice, price];
  return {
    name: (c.name ?? '').trim(),
    url: c.url ?? null,
    price,
    salePrice,
    currency: c.currency ?? null,
    rating: c.rating ?? null,
    reviewCount: c.reviewCount ?? null,
    shopName: c.shopName ?? null,
    shopUrl: c.shopUrl ?? null,
    sku: c.sku ?? null,
    brand: c.brand ?? null,
    availability: c.availability ?? null,
    image: c.image ?? null,
    extra: c.extra ?? {},
  };
}
