import type { Candidate } from '../candidate';
import { availabilityFromText, availabilityFromValue } from '../signals/availability';
import { hasPriceClass } from '../signals/price-text';
import { byTags, type PageIndex } from './page-index';
import { ratingFromText, reviewCountFromText } from '../signals/rating';
import { skuFromText, skuLabel, skuValue, type SkuHit } from '../signals/sku';
import { spacedText, tagged, textOf } from '../util';
import { inChrome } from './walk';
import { follows } from '../../dom-order';

const BUY_BUTTON =
  /add to (?:your |my )?(?:cart|bag|basket|trolley)|buy (?:it )?now|in den (?:warenkorb|einkaufswagen)|ajouter au panier|añadir al carrito|agregar al carrito|adicionar ao carrinho|comprar|aggiungi al carrello|in winkelwagen|do koszyka|в корзину|加入购物车|立即购买|加入购物袋|カートに入れる|장바구니/i;

/** Ids / names / classes of buy buttons: add-to-cart, addToBasket, buy-now. */
const BUY_NAME = /add[-_ ]?to[-_ ]?(?:cart|bag|basket)|addtocart|buy[-_ ]?now|buy[-_ ]?button/i;

/** The product title: the first h1 with a sensible length, else og:title, else <title>. */
function inItemprop(el: Element, re: RegExp): boolean {
  for (let e: Element | null = el, i = 0; e && i < 8; e = e.parentElement, i++) if (re.test(e.getAttribute('itemprop') ?? '')) return true;
  return false;
}

export function productTitle(doc: Document, idx?: PageIndex): Element | null {
  // Pages carry several h1s (pop-ups, logos); the product's shares the most words with <title> / og:title.
  const og = tagged(doc, 'meta').find((m) => m.getAttribute('property') === 'og:title');
  const ref = `${doc.title} ${og?.getAttribute('content') ?? ''}`.toLowerCase();
  const refWords = new Set(ref.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));
  let best: Element | null = null;
  let bestScore = -1;
  for (const h of (idx ? idx.byTag.get('H1') ?? [] : tagged(doc, 'h1')).slice(0, 20)) {
    const t = textOf(h);
    if (t.length < 2 || t.length > 300) continue;
    const words = t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
    const cjk = refWords.size === 0 || /[\u3400-\u9fff]/.test(t) ? (ref.includes(t.toLowerCase().slice(0, 6)) ? 1 : 0) : 0;
    const score = words.length ? words.filter((w) => refWords.has(w)).length / words.length + cjk : cjk;
    if (score > bestScore) {
      best = h;
      bestScore = score;
    }
  }
  if (best && bestScore > 0) return best;
  // No h1 names the product: a leaf element with a name/title class that the <title> contains.
  if (idx && ref.trim()) {
    for (let i = 0; i < idx.elements.length; i++) {
      const el = idx.elements[i];
      if (el.childElementCount > 0 || !/name|title/i.test(idx.names[i])) continue;
      const t = textOf(el);
      if (t.length >= 4 && t.length <= 200 && ref.includes(t.toLowerCase())) return el;
    }
  }
  return best;
}

/**
 * Product-page DOM heuristics around the title: the price paid now is the best-ranked
 * non-struck price near the title (price-ish class, currency, distance); a struck / "old"
 * price next to it is the regular price. Availability and SKU from phrases and labels,
 * preferring the buy box (the price's neighbourhood) over the whole page.
 */
export function productFromDom(doc: Document, idx: PageIndex): Candidate {
  const c: Candidate = { source: 'dom', extra: {} };
  if (!doc.body) return c;
  const h1 = productTitle(doc, idx);
  if (h1) c.name = textOf(h1);
  let titleIndex = -1;
  let strongSku: string | null = null;
  let weakSku: string | null = null;
  let pending: 'strong' | 'weak' | null = null;
  let strongAfterTitle = false;
  for (const { node, index } of idx.texts) {
    if (titleIndex < 0 && h1 && h1.contains(node)) titleIndex = index;
    if (strongSku) {
      if (titleIndex >= 0 || !h1) break;
      continue;
    }
    // SKU labels: inline ("SKU: 123") or a label whose value is the next text.
    const t = (node.nodeValue ?? '').trim();
    const label = t.length < 40 ? skuLabel(t) : null;
    if (label) pending = label;
    else if (pending && /^[\s:：#\u200e\u200f]*$/.test(t)) {
      // punctuation between a label and its value
    } else if (pending) {
      const v = skuValue(t.replace(/^[\s:：#\u200e\u200f]+/, ''));
      if (v && pending === 'strong') [strongSku, strongAfterTitle] = [v, titleIndex >= 0 || !h1];
      else if (v) weakSku ??= v;
      pending = null;
    } else if (t.length < 160) {
      const hit: SkuHit | null = skuFromText(t);
      if (hit?.strong) [strongSku, strongAfterTitle] = [hit.value, titleIndex >= 0 || !h1];
      else if (hit) weakSku ??= hit.value;
    }
  }
  const classSku = strongSku ? null : skuByClass(idx);
  c.sku = strongSku ?? classSku ?? weakSku ?? null;
  // A strong label above the title (a header, another item) does not speak for this product as surely.
  c.skuLabel = strongSku ? (strongAfterTitle ? 'strong' : 'weak') : classSku ? 'class' : weakSku ? 'weak' : undefined;
  const spots = idx.spots;
  if (spots.length === 0) return withTitleAvailability(c, idx, titleIndex);
  // Rank: price class, currency, closeness after the title; chrome (nav/footer) and far-away prices lose.
  const scored = spots.map((s) => {
    let score = 0;
    if (hasPriceClass(s.el)) score += 3;
    if (s.currency) score += 1;
    if (inItemprop(s.el, /offers|price/i)) score += 3;
    if (s.saleLabel) score += 2;
    if (inChrome(s.el)) score -= 4;
    if (titleIndex >= 0) {
      const d = s.index - titleIndex;
      score += d >= 0 ? Math.max(0, 4 - d / 15) : Math.max(-2, d / 30);
    } else score += Math.max(0, 2 - s.index / 500);
    return { ...s, score };
  });
  // A price marked "old" only by a class name, with no live price on the page, is the price:
  // themes keep such class names on the one price they show.
  const anyLive = scored.some((s) => !s.struck);
  const isLive = (s: (typeof scored)[number]) => !s.struck || (!anyLive && !!s.struckByClass);
  const tiles = new Map<Element, boolean>();
  const live = scored.filter((s) => isLive(s) && !inTile(s.el, tiles)).sort((a, b) => b.score - a.score || a.index - b.index);
  const best = live[0] ?? null;
  if (!best) return withTitleAvailability(c, idx, titleIndex);
  c.currency = best.currency;
  // The regular price: a struck price close to the chosen one and higher than it.
  const old = scored
    .filter((s) => s !== best && s.struck && Math.abs(s.index - best.index) <= 12 && s.amount > best.amount)
    .sort((a, b) => Math.abs(a.index - best.index) - Math.abs(b.index - best.index))[0];
  if (old) {
    c.price = old.amount;
    c.salePrice = best.amount;
  } else {
    c.price = best.amount;
    c.salePrice = null;
  }
  const box = buyBox(best.el);
  const boxText = spacedText(box, 4000);
  // An enabled buy button outweighs "notify me when available" lines of single variants.
  const said = availabilityFromText(boxText);
  const boxButton = hasBuyButton(buttonsIn(idx, box));
  c.pageBuyButton = boxButton || hasBuyButton(buttonsIn(idx, null));
  const canBuy = boxButton || (said !== 'OutOfStock' && c.pageBuyButton);
  c.availability = canBuy ? 'InStock' : said;
  // Remembered for outweighing structured data only when the box says nothing against it
  // (false: a button beside a stock-out line, which still marks the product's own box).
  if (boxButton) c.buyButton = said !== 'OutOfStock';
  // The price found may sit in another box (a recommendation); the title's own box still speaks.
  if (c.availability == null) withTitleAvailability(c, idx, titleIndex);
  c.rating ??= ratingFromText(boxText);
  c.reviewCount ??= reviewCountFromText(boxText);
  return c;
}

/**
 * Whether a price sits in another item's tile: a list item (a carousel card, a "consider this
 * instead" box) that also holds a picture linking to another page. The product's own price box
 * does not link its picture away.
 */
export function inTile(el: Element, memo?: Map<Element, boolean>): boolean {
  let e: Element | null = el;
  for (let i = 0; e && i < 10 && e.tagName !== 'BODY'; i++, e = e.parentElement) {
    if (e.tagName !== 'LI' && e.getAttribute('role') !== 'listitem') continue;
    // Prices of one tile share its answer (a product page lists many prices per carousel card).
    const known = memo?.get(e);
    if (known !== undefined) return known;
    const tile = linksAwayWithPicture(e);
    memo?.set(e, tile);
    return tile;
  }
  return false;
}

function linksAwayWithPicture(item: Element): boolean {
  for (const a of tagged(item, 'a')) {
    const href = (a.getAttribute('href') ?? '').trim();
    if (href && !href.startsWith('#') && !/^javascript:/i.test(href) && a.getElementsByTagName('img').length > 0) return true;
  }
  return false;
}

/** How many text nodes after the title still belong to the product's own box in most layouts. */
const TITLE_WINDOW = 40;

/**
 * Availability from the texts right after the title, for when no price box told: an enabled buy
 * button there says InStock (and, when no out-of-stock phrase stands with it, is remembered to
 * outweigh structured data), else a stock phrase ("Currently unavailable", "Derzeit nicht verfügbar").
 */
function withTitleAvailability(c: Candidate, idx: PageIndex, titleIndex: number): Candidate {
  if (titleIndex < 0) return c;
  const win = idx.texts.slice(titleIndex, titleIndex + TITLE_WINDOW);
  if (win.length === 0) return c;
  const first = win[0].node, last = win[win.length - 1].node;
  const inWindow = buttonsIn(idx, null).filter(
    (b) => follows(first, b) && follows(b, last),
  );
  const said = availabilityFromText(win.map((t) => t.node.nodeValue ?? '').join(' '));
  c.pageBuyButton ??= hasBuyButton(buttonsIn(idx, null));
  if (hasBuyButton(inWindow)) {
    c.availability = 'InStock';
    c.buyButton = said !== 'OutOfStock';
  } else c.availability = said;
  return c;
}

/** Class / id words of an element that holds the item's code: "product-sku", "prd-code", "CatNumber". */
const SKU_CLASS = /(?:^|[\s_-])sku(?:$|[\s_-])|sku[-_]?(?:value|code|number|id)|(?<![a-z])(?:product|prd|item|article|art|cat(?:alog(?:ue)?)?|part)[-_]?(?:code|number|no|sku|ref)\b/i;

/** The SKU in a small leaf element whose class names it, when no label on the page does. */
function skuByClass(idx: PageIndex): string | null {
  for (let i = 0; i < idx.elements.length; i++) {
    const el = idx.elements[i];
    if (el.childElementCount > 0 || !SKU_CLASS.test(idx.names[i])) continue;
    const t = textOf(el);
    if (t.length < 3 || t.length > 40) continue;
    const v = skuValue(t) ?? skuFromText(t)?.value ?? null;
    if (v) return v;
  }
  return null;
}

/** Button-like elements of the page, or of one subtree. */
export function buttonsIn(idx: PageIndex, root: Element | null): Element[] {
  const all = byTags(idx, 'BUTTON', 'INPUT', 'A');
  return root ? all.filter((b) => root.contains(b)) : all;
}

/** The price's neighbourhood: the closest ancestor with a few hundred characters of text. */
export function buyBox(el: Element): Element {
  let box = el;
  for (let e = el.parentElement; e && e.tagName !== 'BODY'; e = e.parentElement) {
    if ((e.textContent ?? '').length > 2500) break;
    box = e;
  }
  return box;
}

const CART_HREF = /cart|basket|checkout/i;

/** Whether any of the elements is an enabled add-to-cart / buy button. */
export function hasBuyButton(candidates: Element[]): boolean {
  let checked = 0;
  for (const b of candidates) {
    if (checked > 3000) break;
    if (b.tagName === 'INPUT' && !/^(submit|button|image)$/i.test(b.getAttribute('type') ?? '')) continue;
    const cls = b.getAttribute('class') ?? '';
    // A link counts when it is styled as a button or leads to the cart ("/cart/add?pid=1").
    if (b.tagName === 'A' && !/btn|button|cart|buy/i.test(`${cls} ${b.id} ${b.getAttribute('role') ?? ''}`) && !CART_HREF.test(b.getAttribute('href') ?? '')) continue;
    checked++;
    if (b.hasAttribute('disabled') || /disabled/i.test(cls)) continue;
    const label = b.tagName === 'INPUT' ? b.getAttribute('value') ?? b.getAttribute('alt') ?? '' : (b.textContent ?? '').slice(0, 80);
    const named = `${b.id} ${b.getAttribute('name') ?? ''} ${cls}`;
    if (BUY_BUTTON.test(label) || BUY_NAME.test(named)) return true;
  }
  return false;
}

/** Availability of the whole page when no buy box is known: schema.org URLs in link/meta attributes, then a buy button. */
export function pageAvailability(doc: Document, idx: PageIndex): 'InStock' | 'OutOfStock' | null {
  const tags = [...tagged(doc, 'link'), ...tagged(doc, 'meta')];
  let inStock = false;
  for (const el of tags) {
    const v = el.getAttribute('href') ?? el.getAttribute('content') ?? '';
    if (!/schema\.org\//i.test(v)) continue;
    const a = availabilityFromValue(v);
    if (a === 'OutOfStock') return a;
    if (a === 'InStock') inStock = true;
  }
  if (inStock) return 'InStock';
  return hasBuyButton(buttonsIn(idx, null)) ? 'InStock' : null;
}
