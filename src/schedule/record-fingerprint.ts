import { createHash } from 'node:crypto';
import type { Commodity, NewsFacet } from '../../extractors/types';
import { DEFAULT_MAX_DISTANCE, simhash, textChanged } from './simhash';

/**
 * The commodity fields whose change is a real change for a re-crawl. Left out on purpose:
 * rating and reviewCount (drift with every new review), image (CDN URLs rotate), shop and
 * extra (layout noise); they are still stored, they just do not make a page "changed".
 */
export const COMMODITY_FINGERPRINT_FIELDS = ['name', 'price', 'salePrice', 'currency', 'availability', 'sku', 'brand'] as const;

/** Trimmed, whitespace-collapsed, NFKC text; money rounded to cents, so "1299.50" ≡ 1299.5. */
function norm(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v * 100) / 100 : null;
  if (typeof v === 'string') return v.normalize('NFKC').replace(/\s+/g, ' ').trim() || null;
  return v;
}

function digest(values: unknown[]): string {
  // An array in a fixed field order is already stable JSON: no key ordering to worry about.
  return createHash('sha1').update(JSON.stringify(values)).digest('base64url');
}

/** Fingerprint of a commodity: equal before and after a re-crawl ⇔ nothing that matters changed. */
export function commodityFingerprint(c: Partial<Commodity>): string {
  return digest(COMMODITY_FINGERPRINT_FIELDS.map((f) => norm(c[f])));
}

/** What to keep of a news item to tell later whether it changed: its title and main-text SimHash. */
export interface NewsSignature {
  title: string | null;
  contentSimhash: string;
}

export function newsSignature(n: Pick<NewsFacet, 'title' | 'content'>): NewsSignature {
  return { title: norm(n.title) as string | null, contentSimhash: simhash(n.content ?? '') };
}

/**
 * A news item changed when its title changed or its main text moved more than `maxDistance`
 * SimHash bits (default DEFAULT_MAX_DISTANCE): a new timestamp or ad line does not count.
 */
export function newsChanged(before: NewsSignature, after: NewsSignature, maxDistance = DEFAULT_MAX_DISTANCE): boolean {
  if (before.title !== after.title) return true;
  return textChanged(before.contentSimhash, after.contentSimhash, { hashed: true, maxDistance });
}
