import type { ShopFacet } from '../../types';
import { goodsCountFromText } from '../signals/goods-count';
import { approvalFromText, ratingFromText } from '../signals/rating';
import { absUrl, spacedText, textOf } from '../util';
import { byName, type PageIndex } from './page-index';

const SHOP_NAME = /shop|store|seller|店铺/i;
/** Where a box names its shop, most specific first: a "name" element, a heading, a link, a "title". */
const NAME_SELECTORS = ['[class*=name i]', 'h1, h2, h3', 'a[href]', '[class*=title i]'];
const PAGINATION_PARAM = /^(page|pn|pg|pageno|page_no|pagenum|pageindex|currentpage)$/i;

export interface ShopOnPage extends ShopFacet {
  /** The shop is the page's subject (its name is the page heading): a shop's own page. */
  ownPage: boolean;
}

function nameElement(box: Element): Element | null {
  for (const sel of NAME_SELECTORS) {
    for (const el of Array.from(box.querySelectorAll(sel))) {
      const t = textOf(el);
      if (t.length >= 1 && t.length <= 60) return el;
    }
  }
  return box.tagName === 'A' ? box : null;
}

/** The page's own address without its page number: every page of a shop is the same shop. */
function withoutPagination(url: string): string {
  try {
    const u = new URL(url);
    for (const k of [...u.searchParams.keys()]) if (PAGINATION_PARAM.test(k)) u.searchParams.delete(k);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** The shop's link: one named like the shop, else a link the name sits in, else one that is not an action (rel=nofollow). */
function shopLink(box: Element, nameEl: Element, name: string): Element | null {
  const own = nameEl.closest('a[href]');
  if (own && box.contains(own)) return own;
  const links = Array.from(box.querySelectorAll('a[href]'));
  return links.find((a) => textOf(a) === name || a.getAttribute('title') === name)
    ?? links.find((a) => !/nofollow/i.test(a.getAttribute('rel') ?? '') && !/^(javascript:|#)/i.test(a.getAttribute('href') ?? ''))
    ?? null;
}

/**
 * The shop a page belongs to: a shop/store/seller box with a name, its goods count
 * ("共123件商品") and rating ("4.8分", "好评率98%"). Null when no shop box names a shop.
 * Boxes inside `skip` (a listing's records, each naming its seller) are not the page's shop.
 */
export function shopFromDom(idx: PageIndex, base: string, skip: Element | null = null): ShopOnPage | null {
  for (const box of byName(idx, SHOP_NAME, 40)) {
    if (box.closest('footer, nav') || (skip && skip.contains(box))) continue;
    const text = spacedText(box, 700);
    if (text.length < 2 || text.length > 600) continue;
    const nameEl = nameElement(box);
    const name = nameEl ? textOf(nameEl) : '';
    if (!nameEl || !name) continue;
    const goodsCount = goodsCountFromText(text);
    const rating = approvalFromText(text) ?? ratingFromText(text);
    // A box with only a name and nothing shop-like about it is more likely a "store locator" link.
    if (goodsCount === null && rating === null && !/店|shop|store|seller/i.test(`${box.getAttribute('class') ?? ''} ${text}`)) continue;
    const ownPage = nameEl.tagName === 'H1';
    const a = shopLink(box, nameEl, name);
    const url = ownPage ? withoutPagination(base) : a ? absUrl(a.getAttribute('href'), base) : null;
    return { name, url, goodsCount, rating, ownPage };
  }
  return null;
}
