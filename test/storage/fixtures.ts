import type { Commodity, PageResult } from '../../extractors/types';

/** A commodity as an extractor would hand it over; override what a test cares about. */
export function commodity(over: Partial<Commodity> & { url: string }): Commodity {
  return {
    name: `商品 ${over.url.split('/').pop()}`,
    price: 199,
    salePrice: null,
    currency: 'CNY',
    rating: null,
    reviewCount: null,
    shopName: null,
    shopUrl: null,
    sku: null,
    brand: null,
    availability: null,
    image: null,
    extra: {},
    ...over,
  };
}

export function listingPage(url: string, commodities: Commodity[], extra: Partial<PageResult> = {}): PageResult {
  return { url, pageType: 'listing', categories: [], shop: null, commodities, reviews: [], news: null, ...extra };
}

export function productPage(url: string, c: Partial<Commodity>, extra: Partial<PageResult> = {}): PageResult {
  // The product of a product page is the page itself.
  return { url, pageType: 'product', categories: [], shop: null, commodities: [commodity({ ...c, url })], reviews: [], news: null, ...extra };
}

export function newsPage(url: string, title: string, content: string): PageResult {
  return {
    url,
    pageType: 'news',
    categories: [],
    shop: null,
    commodities: [],
    reviews: [],
    news: { title, publishedAt: '2026-03-01T08:00:00Z', author: '记者', content, summary: content.slice(0, 20), keywords: ['关键'], language: 'zh', extra: {} },
  };
}
