import type { ShopFacet } from '../../types';
import { goodsCountFromText } from '../signals/goods-count';
import { approvalFromText, ratingFromText, shopScoresFromText } from '../signals/rating';
import { absUrl, spacedText, textOf } from '../util';
import { byName, type PageIndex } from './page-index';

const SHOP_NAME = /shop|store|seller|店铺/i;
/** Where a box names its shop, most specific first: a "name" element, a heading, a link, a "title", bold text. */
const NAME_SELECTORS = ['[class*=name i]', 'h1, h2, h3', 'a[href]', '[class*=title i]', 'strong, b'];
const PAGINATION_PARAM = /^(page|pn|pg|pageno|page_no|pagenum|pageindex|currentpage)$/i;
/** Links and labels that act on a shop rather than name it. */
const ACTION = /^(?:店铺首页|首页|主页|home|进店|进入店铺|进店逛逛|逛逛店铺|收藏|收藏店铺|关注|关注店铺|联系|联系卖家|联系客服|和我联系|客服|咨询|在线咨询|分享|举报|enter|visit|visit (?:the )?store|follow|contact|chat|message|share|report|more|更多|查看更多|全部)/i;
/**
 * Text that says a box is about a shop: its goods count, its detail scores, its approval rate,
 * a label naming the seller. Found by what the text says, for shops whose class names say nothing.
 */
const SHOP_TEXT = /宝贝数量|商品数量|在售商品|全部宝贝|商品总数|描述(?:相符)?\s*[:：]?\s*\d(?:\.\d+)?\s*(?:分)?\s*服务|店铺(?:好评率|评分|动态评分|信誉|等级)|卖家信用|掌柜[:：]|seller rating|positive (?:feedback|ratings?)|\d\s*%\s*positive|sold by|店铺[:：]|卖家[:：]|seller[:：]|store[:：]/i;
/** Words one of SHOP_TEXT's text nodes holds: a cheap test before reading its surroundings. */
const SHOP_HINT = /宝贝|商品|描述|店铺|卖家|掌柜|seller|positive|sold by|store/i;
/** "店铺：好物旗舰店", "Seller: ACME" (with the colon: "Sold by" alone heads a filter as often as it names a seller). */
const NAME_LABEL = /(?:^|\s)(?:店铺名称|店铺名|店铺|卖家|掌柜|商家|seller|store|sold by)\s*[:：]\s*([^\s:：|][^|:：]{0,40}?)(?=\s+(?:宝贝|商品|描述|服务|物流|店铺|卖家|掌柜|所在地|信用|seller|rating|\d)|\s*$)/i;

export interface ShopOnPage extends ShopFacet {
  /** The shop is the page's subject (its name is the page heading, or the page's address is a shop's): a shop's own page. */
  ownPage: boolean;
}

function usableName(t: string): boolean {
  return t.length >= 1 && t.length <= 60 && !ACTION.test(t) && !/^[\d\s.,:：%分]+$/.test(t) && !SHOP_TEXT.test(t);
}

function nameElement(box: Element): Element | null {
  for (const sel of NAME_SELECTORS) {
    for (const el of Array.from(box.querySelectorAll(sel))) {
      if (usableName(textOf(el))) return el;
    }
  }
  if (box.tagName === 'A') return box;
  // Class names that say nothing: the short text the page's title repeats, else the first one
  // that is neither a figure, a label nor an action.
  const leaves = Array.from(box.querySelectorAll('*')).filter((e) => e.childElementCount === 0 && usableName(textOf(e)) && textOf(e).length >= 2 && !/[:：]/.test(textOf(e)));
  const title = box.ownerDocument?.title ?? '';
  return leaves.find((e) => title.includes(textOf(e))) ?? leaves[0] ?? null;
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

/**
 * An address that is a shop's own page: a path ending in a shop folder and its id
 * (/shop/123, /store/acme, /seller/9/), a shop script with an id in its query
 * (shop.asp?sid=12, store.php?id=3), or a shop id parameter. Any site's, not one site's.
 */
export function shopAddress(url: string): boolean {
  try {
    const u = new URL(url);
    const path = u.pathname;
    if (/\/(?:shops?|stores?|sellers?|vendors?|merchants?|店铺)\/[^/]+\/?(?:index\.\w+)?$/i.test(path) && !/\/(?:shops?|stores?)\/(?:product|item|p|goods|cart|category|c|search)s?\/?$/i.test(path)) return true;
    if (/(?:shop|store|seller|vendor|merchant)[^/]*\.(?:asp|aspx|php|jsp|html?|do)$/i.test(path) && [...u.searchParams.keys()].some((k) => /id$/i.test(k))) return true;
    return [...u.searchParams.keys()].some((k) => /^(?:sid|shop_?id|store_?id|seller_?id|vendor_?id|merchant_?id)$/i.test(k)) && !/item|product|goods|detail/i.test(path);
  } catch {
    return false;
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
 * Boxes whose text says they are about a shop, whatever their class names: from each text
 * node that reads as a shop sign, the largest ancestor still small enough to be one box.
 */
function textBoxes(idx: PageIndex, skip: Element | null): Element[] {
  const out: Element[] = [];
  for (const { node } of idx.texts) {
    if (out.length >= 20) break;
    const v = node.nodeValue ?? '';
    if (v.length > 200 || !SHOP_HINT.test(v) || !SHOP_TEXT.test(spacedText(node.parentElement?.parentElement ?? null, 300))) continue;
    let box: Element | null = null;
    for (let e = node.parentElement, up = 0; e && up < 6 && e.tagName !== 'BODY'; e = e.parentElement, up++) {
      // Not past the box: into the page's goods list or a block of many links.
      // Nor into the product beside a seller box: a shop's box shows no prices.
      if (spacedText(e, 700).length > 600 || (skip && e.contains(skip)) || e.getElementsByTagName('a').length > 8 || (idx.withPrice.has(e) && !idx.withPrice.has(node.parentElement!))) break;
      box = e;
    }
    if (box && !out.some((b) => b === box || b.contains(box!))) out.push(box);
  }
  return out;
}

/** The shop's score: an approval rate, the description score of the three detail scores, a rating. */
function shopRating(text: string): string | number | null {
  return approvalFromText(text) ?? shopScoresFromText(text) ?? ratingFromText(text) ?? labelledScore(text);
}

/** "店铺评分 4.6", "Store rating: 4.7". */
function labelledScore(text: string): number | null {
  const m = /(?:店铺评分|综合评分|店铺得分|store rating|shop rating|seller score)\s*[:：]?\s*(\d(?:\.\d{1,2})?)(?![\d%])/i.exec(text);
  return m && Number(m[1]) <= 5 ? Number(m[1]) : null;
}

function readBox(box: Element, base: string, ownAddress: boolean, byText: boolean): ShopOnPage | null {
  const text = spacedText(box, 700);
  if (text.length < 2 || text.length > 600) return null;
  let nameEl = nameElement(box);
  let name = nameEl ? textOf(nameEl) : '';
  const labelled = NAME_LABEL.exec(text)?.[1]?.trim();
  // A label names the shop better than the box's first link or bold text ("店铺：好物旗舰店").
  if (labelled && usableName(labelled) && nameEl && nameEl.tagName !== 'H1' && !textOf(nameEl).includes(labelled) && !/name/i.test(nameEl.getAttribute('class') ?? '')) {
    const el = Array.from(box.querySelectorAll('*')).find((e) => textOf(e) === labelled) ?? null;
    nameEl = el ?? nameEl;
    name = labelled;
  }
  if (!nameEl || !name) return null;
  // The figures are the box's, not digits in the name ("Chess Pieces 20 items").
  const rest = text.replace(name, ' ');
  const digits = name.replace(/\D/g, '');
  let goodsCount = goodsCountFromText(rest);
  if (goodsCount !== null && digits.includes(String(goodsCount))) goodsCount = null;
  const rating = shopRating(rest);
  // A box found by its text only is a shop's when it counts or rates it, or labels its name.
  if (byText && goodsCount === null && rating === null && name !== labelled) return null;
  // A name guessed from a plain text (no heading, link or name class) needs the figures beside it.
  if (goodsCount === null && rating === null && name !== labelled && !nameEl.matches(NAME_SELECTORS.join(', ')) && nameEl !== box) return null;
  // A box with only a name and nothing shop-like about it is more likely a "store locator" link.
  if (goodsCount === null && rating === null && !/店|shop|store|seller/i.test(`${box.getAttribute('class') ?? ''} ${text}`)) return null;
  const ownPage = nameEl.tagName === 'H1' || (ownAddress && (goodsCount !== null || rating !== null));
  const a = shopLink(box, nameEl, name);
  const url = ownPage ? withoutPagination(base) : a ? absUrl(a.getAttribute('href'), base) : null;
  return { name, url, goodsCount, rating, ownPage };
}

/**
 * The shop a page belongs to: a shop/store/seller box (by class name, or by text that reads as
 * a shop's: "宝贝数量 358", "描述 4.8 服务 4.7 物流 4.9", "店铺好评率：98.5%", "Seller rating 98%
 * positive") with a name, its goods count and rating. Null when no box names a shop. Boxes
 * inside `skip` (a listing's records, each naming its seller) are not the page's shop.
 * On a shop's own address the box that counts and rates it is the page's own shop.
 */
export function shopFromDom(idx: PageIndex, base: string, skip: Element | null = null): ShopOnPage | null {
  const ownAddress = shopAddress(base);
  const usable = (b: Element) => !b.closest('footer, nav') && !(skip && skip.contains(b));
  const named = byName(idx, SHOP_NAME, 40).filter(usable);
  const texted = textBoxes(idx, skip).filter(usable);
  const boxes = [...named, ...texted];
  // The first box named shop/store/seller that names one; else, for pages whose class names say
  // nothing, the first box whose text counts or rates a shop. On a shop's own address the box
  // that counts or rates it goes first: its header may be a plain name link.
  let found: ShopOnPage | null = null;
  for (const box of ownAddress ? [...texted, ...named] : boxes) {
    found = readBox(box, base, ownAddress, !named.includes(box));
    if (found) break;
  }
  // A shop's own page may show its name in the heading and its figures in a panel apart from it.
  if (found?.ownPage && (found.goodsCount === null || found.rating === null)) {
    for (const box of boxes) {
      const text = spacedText(box, 700);
      if (text.length > 600) continue;
      found.goodsCount ??= goodsCountFromText(text);
      found.rating ??= shopRating(text);
    }
  }
  // A shop's address whose figures sit apart from any name: the page heading names it.
  if (!found && ownAddress) {
    const h1 = (idx.byTag.get('H1') ?? []).map((e) => textOf(e)).find(usableName);
    const text = boxes.map((b) => spacedText(b, 700)).filter((t) => t.length <= 600).join(' ');
    const goodsCount = goodsCountFromText(text);
    const rating = shopRating(text);
    if (h1 && (goodsCount !== null || rating !== null)) found = { name: h1, url: withoutPagination(base), goodsCount, rating, ownPage: true };
  }
  return found;
}
