import type { Candidate } from '../candidate';
import type { Review } from '../../types';
import { availabilityFromValue } from '../../commerce/signals/availability';
import { parsePrice } from '../../price/parse-price';
import { absUrl, firstString, toNumber } from '../util';
import { isType, type SchemaNode } from './jsonld';
import { cleanSku } from '../signals/sku';
import { parseDateValue } from '../../news/meta/date-text';

export interface SchemaContext {
  url: string;
  locale: string | null;
  host: string | null;
}

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const objects = (v: unknown): SchemaNode[] => list(v).filter((x): x is SchemaNode => !!x && typeof x === 'object');

function amount(v: unknown, ctx: SchemaContext): number | null {
  const s = typeof v === 'number' ? null : firstString(v);
  // Markup often writes the page's own number format ("59,99", "1.299,00"): a comma in a
  // machine value is read as a price text is, never stripped ("59,99" is not 5999).
  const n = s !== null && /,/.test(s) ? null : toNumber(v);
  const a = n ?? (s ? parsePrice(s, { locale: ctx.locale ?? undefined, host: ctx.host ?? undefined }).amount : null);
  // 0 stays: the offer names no price to pay (merging reads it as "no price", not as a gap to fill).
  return a === null || a < 0 ? null : a;
}

/** Price facts of one Offer / AggregateOffer: the price paid now, a list price when one is stated. */
interface OfferFacts {
  now: number | null;
  list: number | null;
  currency: string | null;
  availability: 'InStock' | 'OutOfStock' | null;
  sku: string | null;
  seller: string | null;
  sellerUrl: string | null;
  url: string | null;
}

function readOffer(o: SchemaNode, ctx: SchemaContext): OfferFacts {
  let now = amount(o.price, ctx) ?? amount(o.lowPrice, ctx);
  let list: number | null = null;
  let currency = firstString(o.priceCurrency);
  for (const spec of objects(o.priceSpecification)) {
    const p = amount(spec.price, ctx);
    const kind = firstString(spec.priceType) ?? '';
    currency ??= firstString(spec.priceCurrency);
    if (p === null) continue;
    if (/ListPrice|StrikethroughPrice|MSRP|SRP/i.test(kind)) list = p;
    else if (now === null) now = p;
  }
  if (now === null) now = amount(o.highPrice, ctx);
  const seller = objects(o.seller)[0] ?? null;
  return {
    now,
    list: list !== null && now !== null && list > now ? list : null,
    currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : currency ? parsePrice(currency).currency : null,
    availability: availabilityFromValue(firstString(o.availability)),
    sku: firstString(o.sku),
    seller: seller ? firstString(seller.name) : firstString(o.seller),
    sellerUrl: seller ? absUrl(firstString(seller.url), ctx.url) : null,
    url: absUrl(firstString(o.url), ctx.url),
  };
}

function imageOf(v: unknown, base: string): string | null {
  for (const x of list(v)) {
    const s = typeof x === 'string' ? x : x && typeof x === 'object' ? firstString((x as SchemaNode).url ?? (x as SchemaNode).contentUrl) : null;
    const u = absUrl(s, base);
    if (u) return u;
  }
  return null;
}

/** A schema.org Product (JSON-LD, microdata or RDFa) as a candidate. */
export function productCandidate(node: SchemaNode, ctx: SchemaContext, source: string): Candidate {
  let offers = objects(node.offers).map((o) => readOffer(o, ctx));
  // A ProductGroup / Product with variants: the first variant's offer stands for the product.
  if (!offers.some((o) => o.now !== null)) {
    for (const v of objects(node.hasVariant)) offers = offers.concat(objects(v.offers).map((o) => readOffer(o, ctx)));
  }
  const offer = offers.find((o) => o.now !== null) ?? offers[0] ?? null;
  const rating = objects(node.aggregateRating)[0];
  const brand = objects(node.brand)[0];
  const extra: Record<string, unknown> = {};
  for (const k of ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn', 'color', 'model', 'category', 'description'] as const) {
    const v = firstString(node[k]);
    if (v) extra[k] = k === 'description' ? v.slice(0, 500) : v;
  }
  return {
    source,
    name: firstString(node.name),
    url: absUrl(firstString(node.url), ctx.url) ?? offer?.url ?? null,
    price: offer?.list ?? offer?.now ?? null,
    salePrice: offer?.list != null ? offer.now : null,
    currency: offer?.currency ?? null,
    rating: rating ? toNumber(firstString(rating.ratingValue)) : null,
    reviewCount: rating ? toNumber(firstString(rating.reviewCount ?? rating.ratingCount)) : null,
    shopName: offer?.seller ?? null,
    shopUrl: offer?.sellerUrl ?? null,
    sku: cleanSku(firstString(node.sku) ?? offer?.sku ?? firstString(node.productID)),
    brand: brand ? firstString(brand.name) : firstString(node.brand),
    // Variants come as one offer each: the product is in stock when any of them is.
    availability: offers.some((o) => o.availability === 'InStock') ? 'InStock' : offers.some((o) => o.availability === 'OutOfStock') ? 'OutOfStock' : null,
    image: imageOf(node.image, ctx.url),
    extra,
  };
}

/** Products among the nodes, skipping ones only nested as a review's itemReviewed duplicates. */
export function productNodes(nodes: SchemaNode[]): SchemaNode[] {
  return nodes.filter((n) => isType(n, 'Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'Book', 'Vehicle', 'SomeProducts'));
}

/** A review's date as written; a form only JavaScript reads ("Tue, 05 Mar 2024 14:22:00 GMT") when it names its zone. */
function reviewDate(value: string, now: Date, zone: string | null): string | null {
  const d = parseDateValue(value, now, zone);
  if (d) return d;
  return /(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})\s*$/i.test(value.trim()) && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

/**
 * Reviews from Review nodes (top level or under a product's `review`). Dates keep what the data
 * writes: an offset as given, a day as a day, a zone-less time as the local time of `zone()` (the
 * page's, see time/page-zone.ts; asked only when a review has a date), never of this machine.
 */
export function schemaReviews(nodes: SchemaNode[], now: Date = new Date(), zone: () => string | null = () => null): Review[] {
  const out: Review[] = [];
  const seen = new Set<SchemaNode>();
  for (const n of nodes) {
    for (const r of isType(n, 'Review') ? [n] : objects(n.review).filter((x) => !isType(n, 'Review'))) {
      if (seen.has(r)) continue;
      seen.add(r);
      const content = firstString(r.reviewBody ?? r.description ?? r.name);
      if (!content) continue;
      const rating = objects(r.reviewRating)[0];
      const date = firstString(r.datePublished ?? r.dateCreated);
      out.push({
        author: firstString(r.author),
        rating: rating ? toNumber(firstString(rating.ratingValue)) : null,
        content,
        date: date ? reviewDate(date, now, zone()) : null,
      });
    }
  }
  return out;
}
