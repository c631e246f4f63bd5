import { CURRENCYISH, hasPriceClass, isNotPrice, priceInText, struckHow, type LocaleHints } from '../signals/price-text';
import { labelBefore, priceLabelKind } from '../signals/price-label';
import { findCurrencies } from '../../price/currency';
import type { ParsedPrice } from '../../price/parse-price';

/** A price seen in the DOM: the smallest element around a text that reads as a price. */
export interface PriceSpot {
  el: Element;
  amount: number;
  currency: string | null;
  struck: boolean;
  /** Struck only because a class name or its label says "old" / "list price" (nothing is drawn through it). */
  struckByClass?: boolean;
  /** The label before it names the price paid now ("促销价", "Sale price", "Now"). */
  saleLabel?: boolean;
  /** Text-node index in document order. */
  index: number;
}

/**
 * One walk over the body that every DOM heuristic shares: elements in document order with their
 * class/id words, elements by tag, text nodes, price spots, and which elements contain a link or
 * a price. Selector engines are slow on attribute-substring selectors over big pages, so the
 * heuristics filter these arrays instead of calling querySelectorAll repeatedly.
 */
export interface PageIndex {
  elements: Element[];
  /** `class id` per element, same order as `elements`. */
  names: string[];
  byTag: Map<string, Element[]>;
  texts: Array<{ node: Text; index: number }>;
  spots: PriceSpot[];
  withLink: Set<Element>;
  withPrice: Set<Element>;
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD', 'IFRAME', 'OBJECT']);
const MAX_ELEMENTS = 80_000;

/**
 * Whether a hidden element is a cover over the page while it loads: shop apps (content locks,
 * A/B testers) hide the whole content in the HTML and show it by script. Hidden so, it holds
 * most of the page's text; a hidden menu, popup or template holds little of it.
 */
function loadingCover(el: Element, pageText: () => number): boolean {
  const own = (el.textContent ?? '').length;
  return own > 2000 && own * 2 > pageText();
}

function markUp(set: Set<Element>, el: Element | null): void {
  for (let e = el; e && !set.has(e); e = e.parentElement) set.add(e);
}

export function buildPageIndex(doc: Document, hints: LocaleHints): PageIndex {
  const idx: PageIndex = { elements: [], names: [], byTag: new Map(), texts: [], spots: [], withLink: new Set(), withPrice: new Set() };
  const root = doc.body;
  if (!root) return idx;
  const stack: Node[] = [root];
  let textIndex = 0;
  const seen = new Set<Element>();
  const wholes = new Set<Element>();
  let textLength = -1;
  const pageText = () => (textLength < 0 ? (textLength = (root.textContent ?? '').length) : textLength);
  while (stack.length && idx.elements.length < MAX_ELEMENTS) {
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      const v = n.nodeValue ?? '';
      if (!v.trim()) continue;
      const index = textIndex++;
      idx.texts.push({ node: n as Text, index });
      if (/\d/.test(v)) spotAt(n as Text, index, hints, seen, wholes, idx);
      continue;
    }
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    const tag = el.tagName.toUpperCase();
    if (SKIP.has(tag) || el.hasAttribute('hidden')) continue;
    const style = el.getAttribute('style');
    if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style) && !loadingCover(el, pageText)) continue;
    idx.elements.push(el);
    idx.names.push(`${el.getAttribute('class') ?? ''} ${el.id}`);
    const list = idx.byTag.get(tag);
    if (list) list.push(el);
    else idx.byTag.set(tag, [el]);
    if (tag === 'A' && el.hasAttribute('href')) markUp(idx.withLink, el);
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return idx;
}

function spotAt(node: Text, index: number, hints: LocaleHints, seen: Set<Element>, wholes: Set<Element>, idx: PageIndex): void {
  // A piece of a price already read whole (the cents in <sup>, the ",800" after "¥50").
  for (let e = node.parentElement, i = 0; e && i < 4; e = e.parentElement, i++) if (wholes.has(e)) return;
  let el: Element | null = node.parentElement;
  // Digits inside a Latin word ("G88", "256GB") are a model or a size: read with a currency from a
  // neighbouring element they would make a price up. Only the text's own element may read them.
  const maxUp = MODEL_NUMBER.test(node.nodeValue ?? '') && !CURRENCYISH.test(node.nodeValue ?? '') ? 1 : 3;
  for (let up = 0; el && up < maxUp; up++, el = el.parentElement) {
    // Big elements are never a single price; checking first keeps textContent calls small.
    if (seen.has(el) || el.childElementCount > 6) return;
    const raw = el.textContent ?? '';
    if (raw.length > 400) return;
    // Pretty-printed pages wrap a price in lines of indentation: the length that counts is the visible one.
    let text = withRaisedCents(el, raw.replace(/\s+/g, ' ').trim());
    if (text.length > 48) return;
    let p = priceInText(text, hints, !hasPriceClass(el)) ?? (up === 0 ? splitPrice(el, text, hints) : null);
    if (!p || p.amount === null) continue;
    const whole = wholePrice(el, hints);
    if (whole) {
      el = whole.el;
      text = whole.text;
      p = whole.price;
      wholes.add(el);
    } else if (p.currency === null && up < 2 && partOfPrice(el, hints)) {
      // "10." and "37" in their own elements are the parts of "€10.37" (a price written as whole,
      // decimal and fraction spans): a part without a currency whose container reads as a price
      // with one is not a price itself; the container is.
      continue;
    }
    seen.add(el);
    if (isNotPrice(el) || DISCOUNT.test(text) || strayCode(text, p.currency)) return;
    // "₹855/Month", "(£1.29/100g)": an instalment or a unit price, said just after the number.
    if (PER_UNIT.test(`${text.replace(/^\D*\d[\d.,'\s\u00a0]*/, '')} ${textAfter(el)}`)) return;
    // "每期 $806", "Brez DDV: 36,53 €": an instalment or a price without tax, not the price.
    // The label may also be inside the element itself, before its last number ("每期$806").
    const label = priceLabelKind(`${labelBefore(el)} ${text.replace(/\d[\d.,'\s\u00a0]*\D*$/, '')}`);
    if (label === 'instalment' || label === 'exclTax' || label === 'notItemPrice') return;
    // "商城价 ￥2999" beside "促销价 ￥2599": the list price is marked by its label alone.
    const how = struckHow(el) ?? (label === 'list' ? 'class' : null);
    idx.spots.push({ el, amount: p.amount!, currency: p.currency, struck: how !== null, struckByClass: how === 'class', saleLabel: label === 'sale', index });
    markUp(idx.withPrice, el);
    return;
  }
}

/**
 * The text of a small element as a reader sees a price in it: the pieces joined without the
 * markup's line breaks, and two superscript digits after a whole number read as its cents
 * (`$549<sup>00</sup>` is $549.00).
 */
function priceText(el: Element): string {
  let out = '';
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        const t = (c.nodeValue ?? '').trim();
        if (!t) continue;
        const sup = (c.parentElement?.tagName ?? '') === 'SUP';
        if (sup && /^\d{2}$/.test(t) && /\d$/.test(out)) out += (/\.\d{3}$/.test(out) ? ',' : '.') + t;
        else out += (out && /[\p{L}]$/u.test(out) && /^[\p{L}]/u.test(t) ? ' ' : '') + t;
      } else if (c.nodeType === 1 && !SKIP.has((c as Element).tagName.toUpperCase())) walk(c);
    }
  };
  walk(el);
  return out;
}

/** One number (digits with group and decimal marks) and, around it, nothing but signs and currency words. */
const ONE_NUMBER = /^(\D*?)\d(?:[\d.,'\u00a0\u202f\u2009 ]*\d)?(\D*)$/;
const CURRENCY_WORDS = /[A-Z]{3}|元|руб\.?|zł|Kč|kr|lei|Ft|Rp|RM|R\$|Rs\.?|US|AU|CA|NZ|HK|SG/g;

/**
 * A price whose number the markup splits across elements (`<span>¥</span><span>50</span><span>,800</span>`,
 * `$<strong>459</strong><sup>.99</sup>`): the smallest element reading as a price holds only the
 * first piece. The closest ancestor (up to two levels) whose whole text is one number starting
 * with that piece is the price; null when there is none.
 */
function wholePrice(el: Element, hints: LocaleHints): { el: Element; text: string; price: ParsedPrice } | null {
  const first = priceText(el).replace(/\D/g, '');
  if (!first) return null;
  let best: { el: Element; text: string; price: ParsedPrice } | null = null;
  for (let e = el.parentElement, i = 0; e && i < 2; e = e.parentElement, i++) {
    if (e.childElementCount > 6 || (e.textContent ?? '').length > 400) break;
    const text = priceText(e);
    if (text.length > 48) break;
    const m = ONE_NUMBER.exec(text);
    if (!m || /\p{L}/u.test(`${m[1]}${m[2]}`.replace(CURRENCY_WORDS, ''))) break;
    const digits = text.replace(/\D/g, '');
    if (digits.length <= first.length || !digits.startsWith(first)) continue;
    const p = priceInText(text, hints, !hasPriceClass(e));
    if (!p || p.amount === null) break;
    best = { el: e, text, price: p };
  }
  return best;
}

const PER_UNIT = /^\s*(?:\/|per\b|a\b|每)\s*(?:month|mo|mth|week|wk|year|yr|月|期|周|年|100\s*(?:g|ml)|kg|lb|oz|ml|l|g|ea\b)/i;

/** The text right after an element inside its container (up to two levels up, a few dozen characters). */
function textAfter(el: Element): string {
  let out = '';
  let node: Element | null = el;
  for (let up = 0; node && up < 2 && out.trim().length < 20; up++, node = node.parentElement) {
    for (let s = node.nextSibling; s && out.length < 40; s = s.nextSibling) out += s.textContent ?? '';
  }
  return out.slice(0, 40);
}

/** "+ $20 off w/ promo code", "Save $50", "立减20元": a discount, not a price. */
const DISCOUNT = /\d\s*off\b|\b(?:save|you save|coupon|promo code)\b|立减|优惠券|省\s*\d/i;

/**
 * A currency read from a three-letter word that does not stand by the number ("AMD Ryzen 3
 * Quad Core": AMD is also the Armenian dram's code): a name with a number in it, not a price.
 */
function strayCode(text: string, currency: string | null): boolean {
  if (!currency || !text.includes(currency) || /\p{Sc}/u.test(text)) return false;
  return !new RegExp(`${currency}\\s*[\\d.,]|\\d\\s*${currency}`).test(text);
}

const MODEL_NUMBER = /[A-Za-z]\d|\d[A-Za-z]/;

/**
 * "$229<sup>99</sup>", "$229<span class=…>99</span>": cents written raised, with no decimal
 * point, read as "$229.99" (the element's text alone says "$22999").
 */
function withRaisedCents(el: Element, text: string): string {
  const last = el.lastElementChild;
  if (!last || text.length > 48) return text;
  const cents = (last.textContent ?? '').trim();
  // Two digits in their own element right after the units, with no separator, are cents: no
  // shop splits the digits of a whole number into elements.
  if (!/^\d{2}$/.test(cents)) return text;
  const before = text.slice(0, text.lastIndexOf(cents));
  return /\d\s*$/.test(before) ? `${before.trimEnd()}.${cents}${text.slice(text.lastIndexOf(cents) + 2)}` : text;
}

/** Whether the element's parent, a short text, reads as a price with a currency of which the element is a part. */
function partOfPrice(el: Element, hints: LocaleHints): boolean {
  const parent = el.parentElement;
  if (!parent || parent.childElementCount > 6) return false;
  const text = parent.textContent ?? '';
  return text.length <= 48 && text.trim() !== (el.textContent ?? '').trim() && priceInText(text, hints) !== null;
}

/** A currency alone in an element ("元", "€", "$"), as written next to a bare number. */
function currencyOnly(el: Element | null): string | null {
  if (!el || el.childElementCount > 0) return null;
  const t = (el.textContent ?? '').trim();
  return t.length > 0 && t.length <= 4 && !/\d/.test(t) && findCurrencies(t).length > 0 ? t : null;
}

/**
 * A bare number whose currency sits in the next (or previous) sibling element:
 * `<span>2320</span><span>元</span>`, `<b>$</b><b>12.99</b>`. Read as one price text.
 */
function splitPrice(el: Element, text: string, hints: LocaleHints): ReturnType<typeof priceInText> {
  if (!/^\s*\d[\d.,\s]*\s*$/.test(text)) return null;
  const after = currencyOnly(el.nextElementSibling);
  if (after) return priceInText(`${text.trim()} ${after}`, hints);
  const before = currencyOnly(el.previousElementSibling);
  return before ? priceInText(`${before} ${text.trim()}`, hints) : null;
}

/** Elements whose class or id matches a pattern, in document order. */
export function byName(idx: PageIndex, re: RegExp, limit = 200): Element[] {
  const out: Element[] = [];
  for (let i = 0; i < idx.elements.length && out.length < limit; i++) if (re.test(idx.names[i])) out.push(idx.elements[i]);
  return out;
}

/** Elements of some tags, in document order per tag. */
export function byTags(idx: PageIndex, ...tags: string[]): Element[] {
  return tags.flatMap((t) => idx.byTag.get(t) ?? []);
}
