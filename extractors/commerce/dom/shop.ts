import type { ShopFacet } from '../../types';
import { goodsCountFromText } from '../signals/goods-count';
import { approvalFromText, ratingFromText } from '../signals/rating';
import { absUrl, spacedText, textOf } from '../util';
import { byName, type PageIndex } from './page-index';

const SHOP_NAME = /shop|store|seller|店铺/i;
const NAME_IN_BOX = '[class*=name i], [class*=title i], h1, h2, h3, a[href]';

/**
 * The shop a page belongs to: a shop/store/seller box with a name, its goods count
 * ("共123件商品") and rating ("4.8分", "好评率98%"). Null when no shop box names a shop.
 */
export function shopFromDom(idx: PageIndex, base: string): ShopFacet | null {
  for (const box of byName(idx, SHOP_NAME, 40)) {
    if (box.closest('footer, nav')) continue;
    const text = spacedText(box, 700);
    if (text.length < 2 || text.length > 600) continue;
    const nameEl = box.querySelector(NAME_IN_BOX) ?? (box.tagName === 'A' ? box : null);
    const name = nameEl ? textOf(nameEl) : '';
    if (!name || name.length > 60) continue;
    const goodsCount = goodsCountFromText(text);
    const rating = approvalFromText(text) ?? ratingFromText(text);
    // A box with only a name and nothing shop-like about it is more likely a "store locator" link.
    if (goodsCount === null && rating === null && !/店|shop|store|seller/i.test(`${box.getAttribute('class') ?? ''} ${text}`)) continue;
    const a = nameEl?.tagName === 'A' ? nameEl : box.querySelector('a[href]');
    return { name, url: a ? absUrl(a.getAttribute('href'), base) : null, goodsCount, rating };
  }
  return null;
}
