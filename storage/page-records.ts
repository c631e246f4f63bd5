import { createHash } from 'node:crypto';
import type { PageResult } from '../extractors/types';
import { cleanMoney } from './plain';
import { putTime } from './local-time';

/** A record as read off a page, before linking and validation. */
export interface CategoryCandidate { key: string; parentKey: string | null; url: string | null; fields: Record<string, unknown> }
export interface ShopCandidate { key: string; url: string | null; fields: Record<string, unknown> }
export interface CommodityCandidate { key: string | null; url: string | null; shopUrl: string | null; shopName: string | null; fields: Record<string, unknown> }
export interface ReviewCandidate { contentHash: string; author: string; fields: Record<string, unknown> }
export interface NewsCandidate { key: string; fields: Record<string, unknown> }

export interface PageRecords {
  site: string;
  categories: CategoryCandidate[];
  shop: ShopCandidate | null;
  commodities: CommodityCandidate[];
  reviews: ReviewCandidate[];
  news: NewsCandidate | null;
}

export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export const categoryKey = (site: string, path: string[]): string => `${site}|${path.join(' > ')}`;
export const shopKeyByName = (site: string, name: string): string => `name:${site}/${name.trim()}`;

/**
 * MongoDB field names cannot hold "." (it means a sub-path) or start with "$"; extension keys
 * come from pages, so those characters are replaced by their full-width forms.
 */
export function sanitizeExtra(extra: unknown): Record<string, unknown> {
  if (!extra || typeof extra !== 'object' || Array.isArray(extra)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra as Record<string, unknown>)) {
    if (v === undefined) continue;
    const key = k.replace(/\./g, '．').replace(/^\$/, '＄');
    out[key] = v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? sanitizeExtra(v) : v;
  }
  return out;
}

const nn = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Reads one PageResult into candidate records (pure; linking happens in savePage). */
export function pageRecords(result: PageResult): PageRecords {
  const site = siteOf(result.url);
  const categories: CategoryCandidate[] = (result.categories ?? []).map((c) => {
    const path = Array.isArray(c.path) && c.path.length ? c.path.map(String) : [String(c.name ?? '')];
    return {
      key: categoryKey(site, path),
      parentKey: path.length > 1 ? categoryKey(site, path.slice(0, -1)) : null,
      url: nn(c.url),
      fields: { name: c.name, url: nn(c.url), level: c.level, path, site, extra: {} },
    };
  });
  // Parents before children, so a child's parent id is known when it is linked.
  categories.sort((a, b) => (a.fields.path as string[]).length - (b.fields.path as string[]).length);

  let shop: ShopCandidate | null = null;
  if (result.shop && (result.shop.url || result.shop.name)) {
    const s = result.shop;
    // Trimmed as the schema trims `url`: the key must equal the stored URL.
    const url = s.url?.trim() || null;
    shop = {
      key: url ?? shopKeyByName(site, String(s.name ?? '')),
      url,
      fields: { url, name: s.name, goodsCount: nn(s.goodsCount), rating: nn(s.rating), site, extra: {} },
    };
  }

  const commodities: CommodityCandidate[] = (result.commodities ?? []).map((c, i) => {
    // A product page's own product may carry no URL of its own: it is the page.
    // Trimmed as the schema trims `url`: the key must equal the stored URL, or lookups by URL miss it.
    const url = (c.url ?? (i === 0 && result.pageType === 'product' ? result.url : null))?.trim() || null;
    return {
      key: url,
      url,
      shopUrl: nn(c.shopUrl),
      shopName: nn(c.shopName),
      fields: {
        url,
        name: c.name,
        price: cleanMoney(nn(c.price)),
        salePrice: cleanMoney(nn(c.salePrice)),
        currency: nn(c.currency),
        rating: nn(c.rating),
        reviewCount: nn(c.reviewCount),
        sku: nn(c.sku),
        brand: nn(c.brand),
        availability: nn(c.availability),
        image: nn(c.image),
        site,
        extra: sanitizeExtra(c.extra),
      },
    };
  });

  const reviews: ReviewCandidate[] = (result.reviews ?? []).map((r) => {
    const fields: Record<string, unknown> = { url: result.url, author: nn(r.author), rating: nn(r.rating), content: r.content };
    putTime(fields, 'date', nn(r.date));
    Object.assign(fields, { site, extra: {} });
    return {
      contentHash: createHash('sha1').update(String(r.content ?? '')).digest('hex').slice(0, 16),
      author: String(r.author ?? ''),
      fields,
    };
  });

  let news: NewsCandidate | null = null;
  if (result.news) {
    const n = result.news;
    const extra = sanitizeExtra(n.extra);
    const classification = typeof extra.classification === 'string' ? extra.classification : null;
    const fields: Record<string, unknown> = { url: result.url, title: n.title };
    putTime(fields, 'publishedAt', nn(n.publishedAt));
    news = {
      key: result.url,
      fields: {
        ...fields,
        author: nn(n.author),
        content: n.content,
        summary: n.summary ?? '',
        keywords: n.keywords ?? [],
        language: nn(n.language),
        classification,
        site,
        extra,
      },
    };
  }
  return { site, categories, shop, commodities, reviews, news };
}
