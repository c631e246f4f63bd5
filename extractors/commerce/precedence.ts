import type { Candidate } from './candidate';

/**
 * Where the merged product (structured data first) is overruled by what the page shows. Each
 * rule needs a visible signal that is hard to get by accident; otherwise structured data stands.
 */

const now = (c: Candidate | null | undefined) => (c ? c.salePrice ?? c.price ?? null : null);

/**
 * Price: when the meta tags and the visible price agree with each other and structured data says
 * something else (a starting bid, a stale or per-variant offer), the two that agree win.
 */
export function votePrice(merged: Candidate, schema: Candidate | null, meta: Candidate | null, dom: Candidate): void {
  const m = now(meta), d = now(dom);
  if (!schema || m === null || d === null || m !== d) return;
  if (schema.price === m || schema.salePrice === m || merged.price === m || merged.salePrice === m) return;
  merged.extra = { ...merged.extra, structuredPrice: now(schema) };
  merged.price = dom.price ?? null;
  merged.salePrice = dom.salePrice ?? null;
}

/**
 * SKU: a code the page prints under a strong label ("SKU:", "Product code:", "Item #") is the
 * shop's own code for the item; structured data often carries an internal or variant id instead.
 */
export function preferLabelledSku(merged: Candidate, dom: Candidate): void {
  if (dom.skuLabel !== 'strong' || !dom.sku || merged.sku === dom.sku) return;
  if (merged.sku) merged.extra = { ...merged.extra, structuredSku: merged.sku };
  merged.sku = dom.sku;
}

/**
 * Availability: an enabled buy button in the product's own box means the buyer can order it now,
 * whatever a structured-data OutOfStock (often one variant's, or stale) says. Not against the
 * stock the page's own data request answered (`live`, a captured XHR body): the button is then
 * the template's, written before the page's script filled the stock in from that answer.
 */
export function preferBuyButton(merged: Candidate, dom: Candidate, live: Candidate | null = null): void {
  if (live?.availability && live.availability === merged.availability) return;
  if (merged.availability === 'OutOfStock' && dom.buyButton) {
    merged.availability = 'InStock';
    merged.extra = { ...merged.extra, structuredAvailability: 'OutOfStock' };
  }
}

/**
 * Availability the other way: when the product's own box says it cannot be bought now ("Sold
 * out", "Momentálne nie je možné produkt kúpiť") and the page holds no enabled buy button (one
 * variant's "Out of stock" beside an "Add to cart" is not the product's), a structured
 * InStock (a template default, or another variant's) does not stand against what the buyer sees.
 */
export function preferVisibleOutOfStock(merged: Candidate, dom: Candidate): void {
  if (merged.availability === 'InStock' && dom.availability === 'OutOfStock' && !dom.buyButton && !dom.pageBuyButton) {
    merged.availability = 'OutOfStock';
    merged.extra = { ...merged.extra, structuredAvailability: 'InStock' };
  }
}
