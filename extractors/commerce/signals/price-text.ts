import { parsePriceShape, type ParsedPrice } from '../../price/parse-price';
import { hasCurrencyHint } from '../../price/currency';

export interface LocaleHints {
  locale: string | null;
  host: string | null;
}

/** Class / id / itemprop words that mark a price element. */
export const PRICE_CLASS = /price|preis|prix|precio|preco|prezzo|cena|цена|amount|cost|价|售价/i;
/**
 * Class words that mark the crossed-out regular price, read word by word: class tokens split at
 * "-", "_" and camelCase, so "price-old" and "oldPrice" count but "font-bold", "list-unstyled" or
 * "placeholder" do not. "list", "full" and "normal" count only before "price" (listPrice,
 * full-price), since alone they are layout words.
 */
const OLD_WORDS = new Set(['old', 'orig', 'original', 'was', 'regular', 'market', 'strike', 'strikethrough', 'striked', 'crossed', 'before', 'compare', 'rrp', 'msrp', 'uvp', 'retail', 'reference', 'del', 'linethrough']);
const OLD_NEXT_TO_PRICE = new Set(['list', 'full', 'normal']);
/** Glued forms: "oldprice", "listprice", "priceold". */
const OLD_GLUED = /^(?:old|orig(?:inal)?|was|regular|list|full|strike|crossed|compare|retail|market|before)(?:price|preis|prix|precio|preco|prezzo|cena)$|^(?:price|preis|prix)(?:old|orig|was|list|before|regular)$/;

export function classWordsOf(cls: string): string[][] {
  return cls
    .split(/\s+/)
    .filter(Boolean)
    .map((tok) => tok.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s\-_]+/).filter(Boolean));
}

export function isOldPriceClass(cls: string): boolean {
  if (!cls || /list-?price-?sale/i.test(cls)) return false;
  for (const words of classWordsOf(cls)) {
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (OLD_WORDS.has(w) || OLD_GLUED.test(w)) return true;
      if (w === 'line' && words[i + 1] === 'through') return true;
      if (w === 'non' && words[i + 1] === 'sale') return true;
      if (OLD_NEXT_TO_PRICE.has(w) && words[i + 1] === 'price') return true;
    }
  }
  return false;
}

/** Class words that mark per-unit, instalment or shipping figures, which are not the price. */
const NOT_PRICE_CLASS = /unit|per-|instal|monthly|shipping|delivery|vat|tax|save|saving|discount|percent|off\b|badge|qty|quantity|count|rating|review|star/i;

const PRICE_LIKE = /\d/;
/**
 * A currency sign, code or word somewhere in a text (a quick test before parsing): every token
 * the currency module knows ("원", "円", "лв", "TL"…), so no currency is seen by one and missed here.
 */
export const CURRENCYISH = { test: hasCurrencyHint };
/** Most characters between a currency and its amount: "US $ 12", "12,- €", "Price: 89 EUR". */
const MAX_CURRENCY_GAP = 4;

/** A short text that reads as a price with a currency ("¥1,299.00", "1299元", "US $12"), parsed; else null. */
export function priceInText(text: string, hints: LocaleHints, needCurrency = true): ParsedPrice | null {
  const t = text.trim();
  if (t.length === 0 || t.length > 48 || !PRICE_LIKE.test(t)) return null;
  if (needCurrency && !CURRENCYISH.test(t)) return null;
  // Dates, phone numbers and percentages are not prices; nor are sums in 亿 (hundreds of
  // millions: market sizes and budgets in news headlines, never what a shop asks).
  if (/%|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}|\d{3}-\d{3,4}-\d{4}|\d\s*亿/.test(t)) return null;
  const { price: p, shape } = parsePriceShape(t, { locale: hints.locale ?? undefined, host: hints.host ?? undefined });
  if (p.amount === null || p.amount <= 0 || p.amount > 1e8) return null;
  // "810H", "G88", "3.0GHz": a number glued to letters is a model or a size, not an amount.
  if (shape.glued) return null;
  // The currency must stand by the amount: "BIOS/Performance Profile Intel XMP 3.0" names no price.
  if (needCurrency && (p.currency === null || shape.currencyGap === null || shape.currencyGap > MAX_CURRENCY_GAP)) return null;
  return p;
}

export function classWords(el: Element): string {
  return `${el.getAttribute('class') ?? ''} ${el.id ?? ''} ${el.getAttribute('itemprop') ?? ''} ${el.getAttribute('data-testid') ?? ''}`;
}

/**
 * How an element (or a close ancestor) is marked as the old price: 'drawn' when it is really
 * struck through (<del>, <s>, line-through), 'class' when only a class name says "old".
 */
export function struckHow(el: Element, stopAt?: Element | null): 'drawn' | 'class' | null {
  let byClass = false;
  let e: Element | null = el;
  for (let i = 0; e && i < 4 && e !== stopAt; i++, e = e.parentElement) {
    const tag = e.tagName;
    if (tag === 'DEL' || tag === 'S' || tag === 'STRIKE') return 'drawn';
    const style = e.getAttribute('style');
    if (style && /line-through/i.test(style)) return 'drawn';
    if (!byClass && isOldPriceClass(e.getAttribute('class') ?? '')) byClass = true;
  }
  return byClass ? 'class' : null;
}

/** Whether an element (or a close ancestor) is struck through or marked as the old price. */
export function isStruck(el: Element, stopAt?: Element | null): boolean {
  return struckHow(el, stopAt) !== null;
}

export function isNotPrice(el: Element): boolean {
  let e: Element | null = el;
  for (let i = 0; e && i < 3; i++, e = e.parentElement) {
    const cls = e.getAttribute('class') ?? '';
    if (cls && NOT_PRICE_CLASS.test(cls) && !PRICE_CLASS.test(cls.replace(NOT_PRICE_CLASS, ''))) return true;
  }
  return false;
}

export function hasPriceClass(el: Element): boolean {
  let e: Element | null = el;
  for (let i = 0; e && i < 3; i++, e = e.parentElement) if (PRICE_CLASS.test(classWords(e))) return true;
  return false;
}
