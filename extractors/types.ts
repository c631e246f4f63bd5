/**
 * The extraction result contract of SPEC.md: one object per page, produced by
 * `npm start -- extract` and by the crawler's page handler alike.
 * Absent values are `null` (or omitted), never invented.
 */

export type PageType = 'product' | 'listing' | 'category' | 'shop' | 'news' | 'other';

/** What the caller asks for; `auto` lets the classifier decide. */
export type ExtractKind = 'auto' | 'news' | 'product' | 'listing' | 'category';

export interface CategoryEntry {
  name: string;
  url: string | null;
  /** 1 = top menu, 2 = sub-menu, 3 = leaf. */
  level: number;
  /** Names from the top level down to this entry, inclusive. */
  path: string[];
}

export interface ShopFacet {
  name: string | null;
  url: string | null;
  goodsCount: number | null;
  /** A grade or score as the page states it, normalised where possible ("4.8", "98%"). */
  rating: string | number | null;
}

export interface Commodity {
  name: string;
  url: string | null;
  /** Regular / list price, in the page's currency units. */
  price: number | null;
  /** Promotional price the buyer pays now; null when the page shows one price only. */
  salePrice: number | null;
  /** ISO 4217 code. */
  currency: string | null;
  rating: number | null;
  reviewCount: number | null;
  shopName: string | null;
  shopUrl: string | null;
  sku: string | null;
  brand: string | null;
  availability: 'InStock' | 'OutOfStock' | null;
  image: string | null;
  /** Site-specific attributes found on the page, kept rather than dropped. */
  extra: Record<string, unknown>;
}

export interface Review {
  author: string | null;
  rating: number | null;
  content: string;
  /** ISO 8601. */
  date: string | null;
}

export interface NewsFacet {
  title: string | null;
  /** ISO 8601. */
  publishedAt: string | null;
  author: string | null;
  /** Main text, paragraphs separated by "\n\n". */
  content: string;
  summary: string;
  keywords: string[];
  /** BCP 47 primary tag, e.g. "zh", "en". */
  language: string | null;
  extra: Record<string, unknown>;
}

export interface PageLinks {
  next?: string | null;
  count?: number;
}

export interface PageResult {
  url: string;
  pageType: PageType;
  categories: CategoryEntry[];
  shop: ShopFacet | null;
  commodities: Commodity[];
  reviews: Review[];
  news: NewsFacet | null;
  links?: PageLinks;
}

/** A JSON body the page fetched while the browser rendered it (kept by the crawler for the extractors). */
export interface CapturedJson {
  url: string;
  body: unknown;
}

/** Everything an extractor may look at besides the document itself. */
export interface ExtractContext {
  /** The page URL after redirects; relative links resolve against it. */
  url: string;
  kind: ExtractKind;
  /** JSON responses captured during rendering (empty offline). */
  xhr: CapturedJson[];
  /** The crawl time: "3 hours ago" resolves against it. */
  now: Date;
}
