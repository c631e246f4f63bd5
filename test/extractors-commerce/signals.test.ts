import { describe, expect, it } from 'vitest';
import { availabilityFromText, availabilityFromValue } from '../../extractors/commerce/signals/availability';
import { approvalFromText, ratingFromText, ratingFromWidget, reviewCountFromText } from '../../extractors/commerce/signals/rating';
import { goodsCountFromText } from '../../extractors/commerce/signals/goods-count';
import { skuFromText, skuFromUrl, skuLabel } from '../../extractors/commerce/signals/sku';
import { isStruck, priceInText } from '../../extractors/commerce/signals/price-text';
import { htmlDoc } from './helpers';

describe('availability', () => {
  it('reads schema.org values and phrases in several languages', () => {
    expect(availabilityFromValue('https://schema.org/InStock')).toBe('InStock');
    expect(availabilityFromValue('http://schema.org/SoldOut')).toBe('OutOfStock');
    expect(availabilityFromText('该商品暂时无货')).toBe('OutOfStock');
    expect(availabilityFromText('现货，24小时发货')).toBe('InStock');
    expect(availabilityFromText('Sorry, this item is not in stock')).toBe('OutOfStock');
    expect(availabilityFromText('Only 3 left - In stock')).toBe('InStock');
    expect(availabilityFromText('Derzeit nicht verfügbar.')).toBe('OutOfStock');
    expect(availabilityFromText('Free delivery')).toBeNull();
  });
});

describe('ratings and counts', () => {
  it('reads scores, approval rates, star widgets and review counts', () => {
    expect(ratingFromText('店铺评分 4.8分')).toBe(4.8);
    expect(ratingFromText('4.5 out of 5 stars')).toBe(4.5);
    expect(approvalFromText('好评率98%')).toBe('98%');
    const doc = htmlDoc('<div class="stars"><span style="width: 90%"></span></div><span class="rating" aria-label="Rated 4.2 out of 5"></span>');
    expect(ratingFromWidget(doc.querySelector('.stars')!)).toBe(4.5);
    expect(ratingFromWidget(doc.querySelector('.rating')!)).toBe(4.2);
    expect(reviewCountFromText('1,234 reviews')).toBe(1234);
    expect(reviewCountFromText('累计评价 2万+')).toBe(20000);
  });

  it('reads goods counts', () => {
    expect(goodsCountFromText('共123件商品')).toBe(123);
    expect(goodsCountFromText('全部宝贝(57)')).toBe(57);
    expect(goodsCountFromText('Showing 1–20 of 1,057 results')).toBe(1057);
    expect(goodsCountFromText('Free shipping over $50')).toBeNull();
  });
});

describe('sku', () => {
  it('reads labelled codes, strong labels over model numbers', () => {
    expect(skuFromText('商品编号：100012043978')).toEqual({ value: '100012043978', strong: true });
    expect(skuFromText('SKU: AB-123.')).toEqual({ value: 'AB-123', strong: true });
    expect(skuFromText('Item # 55501')).toEqual({ value: '55501', strong: true });
    expect(skuFromText('Model: XR-200')).toEqual({ value: 'XR-200', strong: false });
    expect(skuFromText('Our model citizen')).toBeNull();
    expect(skuLabel('ASIN')).toBe('strong');
    expect(skuLabel('货号：')).toBe('strong');
  });
  it('reads item ids from URLs', () => {
    expect(skuFromUrl('https://www.ebay.it/itm/133588510845')).toBe('133588510845');
    expect(skuFromUrl('https://www.example.com/dp/B07FW264WL')).toBe('B07FW264WL');
    expect(skuFromUrl('https://www.example.at/regal-p400105394.html')).toBe('400105394');
    expect(skuFromUrl('https://www.gomaji.com/store/36064?pid=262388')).toBe('262388');
    expect(skuFromUrl('https://example.com/about-us')).toBeNull();
  });
});

describe('price text', () => {
  it('accepts short texts with a currency and refuses dates and percentages', () => {
    const hints = { locale: 'zh-CN', host: null };
    expect(priceInText('￥1,299.00', hints)?.amount).toBe(1299);
    expect(priceInText('2024-05-01', hints)).toBeNull();
    expect(priceInText('-15%', hints)).toBeNull();
    expect(priceInText('12.50', hints)).toBeNull();
    expect(priceInText('12.50', hints, false)?.amount).toBe(12.5);
  });
  it('marks struck and old-price elements', () => {
    const doc = htmlDoc('<del><span id="a">¥199</span></del><span class="price-old" id="b">¥99</span><span id="c" style="text-decoration: line-through">¥5</span><span id="d">¥1</span>');
    expect(['a', 'b', 'c', 'd'].map((id) => isStruck(doc.getElementById(id)!))).toEqual([true, true, true, false]);
  });
});
