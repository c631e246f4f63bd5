import type { Candidate } from '../candidate';
import { availabilityFromValue } from '../signals/availability';
import { parsePrice } from '../../price/parse-price';
import { absUrl, tagged } from '../util';

/**
 * OpenGraph and product meta tags (og:*, product:*, twitter:*), one pass over <meta>.
 * product:price:amount is the price paid now; product:original_price / sale_price refine it.
 */
export function metaCandidate(doc: Document, url: string): Candidate & { ogType: string | null } {
  const m = new Map<string, string>();
  for (const el of tagged(doc, 'meta')) {
    const key = (el.getAttribute('property') ?? el.getAttribute('name') ?? '').trim().toLowerCase();
    const val = el.getAttribute('content');
    if (key && val !== null && !m.has(key)) m.set(key, val.trim());
  }
  const get = (...keys: string[]) => {
    for (const k of keys) if (m.get(k)) return m.get(k)!;
    return null;
  };
  const num = (s: string | null) => (s ? parsePrice(s).amount : null);
  const now = num(get('product:price:amount', 'og:price:amount', 'product:sale_price:amount'));
  const original = num(get('product:original_price:amount', 'og:original_price:amount'));
  const sale = num(get('product:sale_price:amount'));
  let price = now, salePrice: number | null = null;
  if (original !== null && now !== null && original > now) [price, salePrice] = [original, now];
  else if (sale !== null && now !== null && sale < now) [price, salePrice] = [now, sale];
  const currency = get('product:price:currency', 'og:price:currency', 'product:sale_price:currency');
  return {
    source: 'meta',
    ogType: get('og:type'),
    name: get('og:title', 'twitter:title'),
    url: absUrl(get('og:url'), url),
    price,
    salePrice,
    currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : currency ? parsePrice(currency).currency : null,
    sku: get('product:retailer_item_id', 'product:sku'),
    brand: get('product:brand', 'og:brand'),
    availability: availabilityFromValue(get('product:availability', 'og:availability')),
    image: absUrl(get('og:image', 'og:image:url', 'twitter:image'), url),
  };
}
