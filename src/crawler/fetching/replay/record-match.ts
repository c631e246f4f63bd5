import type { PageResult } from '../../../../extractors/types';

/**
 * What a re-check compares between a rendered page and its replay: the values a user reads in
 * the tables (images and free-form extras are left out: lazy loading changes them without
 * changing the product). Returns the first difference, or null when they agree.
 */
export function recordDifference(rendered: PageResult, replayed: PageResult): string | null {
  const a = essentials(rendered);
  const b = essentials(replayed);
  for (const k of Object.keys(a) as Array<keyof typeof a>) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y) return `${k} rendered ${clip(x)}, replayed ${clip(y)}`;
  }
  return null;
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
