import type { PageResult } from '../../../../extractors/types';

/** How a rendered page's records compare with its replay's. */
export type RecordComparison =
  | { agree: true }
  /** The render lacks values the replay has, nothing else differs: a render that missed late data judges nothing. */
  | { agree: false; renderMissed: true }
  | { agree: false; renderMissed: false; difference: string };

/**
 * What a re-check compares between a rendered page and its replay: the values a user reads in
 * the tables (images and free-form extras are left out: lazy loading changes them without
 * changing the product).
 */
export function compareRecords(rendered: PageResult, replayed: PageResult): RecordComparison {
  const a = essentials(rendered);
  const b = essentials(replayed);
  let missed = false;
  for (const k of Object.keys(a) as Array<keyof typeof a>) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x === y) continue;
    // A rendered page typed 'other' (typing could not tell) is the render reading less, not the
    // rule going stale: the demo shop's rendered out-of-stock item 100006 is typed 'other' and
    // its replay a product; a re-check landing on it sent the template back to rendering (three
    // such pages in a long crawl, and replay stopped for the rest of the run).
    if (missing(a[k], b[k]) || (k === 'page type' && a[k] === 'other')) {
      missed = true;
      continue;
    }
    return { agree: false, renderMissed: false, difference: `${k} rendered ${clip(x)}, replayed ${clip(y)}` };
  }
  return missed ? { agree: false, renderMissed: true } : { agree: true };
}

/** `rendered` equals `replayed` except where it has null or an empty list in its place. */
function missing(rendered: unknown, replayed: unknown): boolean {
  if (rendered === null || (Array.isArray(rendered) && rendered.length === 0)) return replayed !== null;
  if (Array.isArray(rendered) && Array.isArray(replayed)) return rendered.length === replayed.length && rendered.every((x, i) => JSON.stringify(x) === JSON.stringify(replayed[i]) || missing(x, replayed[i]));
  return false;
}

function essentials(r: PageResult) {
  return {
    'page type': r.pageType,
    commodities: r.commodities.map((c) => [c.url, c.name, c.price, c.salePrice, c.currency, c.availability, c.rating, c.reviewCount, c.sku]),
    reviews: r.reviews.map((v) => [v.author, v.rating, v.content, v.date]),
    shop: r.shop ? r.shop.name : null,
  };
}

function clip(s: string): string {
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
}
