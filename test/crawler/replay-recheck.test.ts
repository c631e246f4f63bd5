import { describe, it, expect } from 'vitest';
import type { Commodity, PageResult } from '../../extractors/types';
import { compareRecords } from '../../src/crawler/fetching/replay/record-match';

const url = 'http://shop.test/item/6.htm';

function item(price: number | null): Commodity {
  return { name: 'Power bank 10000 mAh', url, price, salePrice: null, currency: 'CNY', rating: 4.5, reviewCount: 1, shopName: null, shopUrl: null, sku: 'PB-6', brand: null, availability: price === null ? null : 'OutOfStock', image: null, extra: {} };
}

function page(pageType: PageResult['pageType'], commodities: Commodity[], reviews = 1): PageResult {
  return { url, pageType, categories: [], shop: null, commodities, news: null, reviews: Array.from({ length: reviews }, () => ({ author: 'm***8', rating: 5, content: 'Works well, arrived quickly.', date: null })) };
}

describe('what a re-check render is compared on', () => {
  it('a render whose page typing could not tell (other, no priced item) judges nothing: the rule is not refuted', () => {
    // The replay read the item and its price; the render of the same page was typed "other".
    expect(compareRecords(page('other', [item(null)], 0), page('product', [item(199.9)]))).toEqual({ agree: false, renderMissed: true });
    expect(compareRecords(page('other', []), page('product', [item(199.9)]))).toEqual({ agree: false, renderMissed: true });
  });

  it('a render that read other values, or another definite page type, still refutes the rule', () => {
    expect(compareRecords(page('product', [item(189)]), page('product', [item(199.9)]))).toMatchObject({ agree: false, renderMissed: false, difference: expect.stringMatching(/^commodities rendered .*189/) });
    expect(compareRecords(page('listing', [item(199.9)]), page('product', [item(199.9)]))).toMatchObject({ agree: false, renderMissed: false, difference: expect.stringMatching(/^page type rendered "listing", replayed "product"/) });
    expect(compareRecords(page('other', [item(189)]), page('product', [item(199.9)]))).toMatchObject({ agree: false, renderMissed: false });
  });
});
