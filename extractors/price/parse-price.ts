import { findCurrencies, localeCurrency, type CurrencyMatch } from './currency';

export interface ParsedPrice {
  /** The price (the low end of a range), or null when the text holds none. */
  amount: number | null;
  min?: number;
  max?: number;
  /** ISO 4217, from the text, else the hints; null when nothing says. */
  currency: string | null;
}

export interface PriceHints {
  /** BCP 47 page locale ("zh-CN"); settles "$"/"¥"/"kr" and decimal commas. */
  locale?: string;
  /** A currency code, symbol or text near the price ("EUR", "€", "Price in USD"). */
  currency?: string;
  /** Page host, for its TLD. */
  host?: string;
  /** The decimal separator when the caller knows it. */
  decimalSeparator?: '.' | ',';
}

/** Currencies with three decimals: "1.234" there is one dinar and change, not a thousand. */
const THREE_DECIMALS = new Set(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD']);

// A number: digit groups split by thousands separators, or a plain run, then an optional fraction.
// (?!\d) stops "1.11000" from being read as the group "1.110". Indian grouping ("₹1,14,990":
// pairs before the last three digits) is tried first, else it would read as "1,14".
// Thousands groups keep one separator throughout ("1.234.567,89", "1 299"): "$1,134 599元" is two
// numbers, not 1.134599.
const NUMBER_RE = /\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,])|\d{1,3}(?<group>[.,'’\u00a0\u202f]| (?=\d{3}(?!\d)))\d{3}(?:\k<group>\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/g;
const RANGE_SEP_RE = /^\s*(?:[-–—~～至到]|to|bis|a|à)\s*\D{0,4}?\s*$/i;
// "Free" alone is a price of 0; "Free shipping on orders $49+" is not.
const FREE_RE = /^\s*(?:free|gratis|gratuit|kostenlos|免费)\s*[!.]?\s*$/i;

function normalise(text: string): string {
  return text
    .replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/＄/g, '$')
    .replace(/￡/g, '£')
    .replace(/[，]/g, ',')
    .replace(/[．。]/g, '.')
    .replace(/\s+/g, ' ')
    // "35€99": the currency sign written as the decimal point
    .replace(/(\d)([€£$])(\d{2})(?!\d)/g, '$1,$3 $2')
    // "119. 95", "118, 99": a fraction split off by a stray space
    .replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3')
    // ".75", "$..75": a bare fraction
    .replace(/(?<![\d\p{L}])[.,]+(\d{1,2})(?![\d.,])/gu, '0.$1');
}

/** Reads one number token, choosing which of "." and "," is the decimal point. */
export function readNumber(token: string, decimal?: '.' | ',', currency?: string | null): number | null {
  let t = token.replace(/[\s\u00a0\u202f'’]/g, '');
  const lastDot = t.lastIndexOf('.'), lastComma = t.lastIndexOf(',');
  let dec: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) dec = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = t.split(sep).length - 1;
    const tail = t.length - t.lastIndexOf(sep) - 1;
    if (count > 1) dec = null;
    else if (decimal) dec = decimal === sep ? sep : null;
    else if (tail !== 3) dec = sep;
    // "1,299" / "350.000": exactly three digits after one separator reads as thousands,
    // except "0.999" and three-decimal currencies.
    else if (/^0[.,]/.test(t) || (sep === '.' && currency && THREE_DECIMALS.has(currency))) dec = sep;
    else dec = null;
  }
  if (dec === null) t = t.replace(/[.,]/g, '');
  else t = t.split(dec === '.' ? ',' : '.').join('').replace(',', '.');
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

interface NumberHit {
  value: number;
  index: number;
  end: number;
}

function numbers(text: string, decimal: '.' | ',' | undefined, currency: string | null, currencies: CurrencyMatch[] = []): NumberHit[] {
  const out: NumberHit[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    for (const { token, index } of twoAmounts(m[0], m.index, currencies) ?? [{ token: m[0], index: m.index }]) {
      let value = readNumber(token, decimal, currency);
      if (value === null) continue;
      const after = text.slice(index + token.length, index + token.length + 2);
      // Chinese magnitude words: 1.2万 = 12000, 3亿 = 300000000.
      if (/^\s?万/.test(after)) value *= 1e4;
      else if (/^\s?亿/.test(after)) value *= 1e8;
      else if (/^\s?%/.test(after)) continue; // a discount, not a price
      out.push({ value, index, end: index + token.length });
    }
  }
  return out;
}

/**
 * A number grouped by plain spaces with a currency on each side ("$599 500元", an old price and
 * the price as a shop's list prints them) is two amounts: one number never carries two
 * currencies. Split at its first space.
 */
function twoAmounts(token: string, index: number, currencies: CurrencyMatch[]): Array<{ token: string; index: number }> | null {
  const space = token.indexOf(' ');
  if (space < 0) return null;
  const end = index + token.length;
  const before = currencies.some((c) => c.index + c.length <= index && index - (c.index + c.length) <= 1);
  const after = currencies.some((c) => c.index >= end && c.index - end <= 1);
  return before && after ? [{ token: token.slice(0, space), index }, { token: token.slice(space + 1), index: index + space + 1 }] : null;
}

/** Whether the text between two numbers joins them as a range ("-", " to ", "元 - ¥", "至"). */
function isRange(between: string): boolean {
  const stripped = between.replace(/[\p{Sc}]|[A-Z]{3}|元|руб\.?|zł|kr|€/gu, '').trim();
  return RANGE_SEP_RE.test(stripped) || /^(?:[-–—~～至到]|to|bis|à)$/i.test(stripped);
}

/** Picks the number a currency token stands next to, else the first number. */
function pickIndex(hits: NumberHit[], currencies: CurrencyMatch[], text: string): number {
  if (currencies.length === 0 || hits.length < 2) return 0;
  const c = currencies[0];
  let best = 0, bestGap = Infinity;
  hits.forEach((h, i) => {
    const gap = h.index >= c.index + c.length ? h.index - (c.index + c.length) : c.index - h.end;
    const between = gap >= 0 ? text.slice(Math.min(h.end, c.index + c.length), Math.max(h.index, c.index)) : '';
    if (gap >= 0 && gap < bestGap && /^[\s:.\-]*$/.test(between)) { best = i; bestGap = gap; }
  });
  return bestGap === Infinity ? 0 : best;
}

/** How the amount sits in its text: what tells a price ("€ 12") from a figure that mentions a currency ("BIOS/… XMP 3.0"). */
export interface PriceShape {
  /** Characters between the chosen number and the nearest currency token; null when the text names none. */
  currencyGap: number | null;
  /** The chosen number is glued to a Latin letter that is no currency ("810H", "G88", "256GB"): a model or a size. */
  glued: boolean;
}

/** A number glued to Latin letters that are no currency token (letters of "12.99USD", "200Q", "RM12" are one), or hyphened to them as a code's part. */
function gluedToLetter(text: string, hit: NumberHit, currencies: CurrencyMatch[]): boolean {
  const inCurrency = (i: number) => currencies.some((c) => i >= c.index && i < c.index + c.length);
  const before = hit.index - 1, after = hit.end;
  if (before >= 0 && /[A-Za-z]/.test(text[before]) && !inCurrency(before)) return true;
  // A part of a hyphenated code ("BB-20-RM", "X-200"): letters, a hyphen, then the number.
  if (before >= 1 && text[before] === '-' && /[A-Za-z]/.test(text[before - 1]) && !inCurrency(before - 1)) return true;
  return after < text.length && /[A-Za-z]/.test(text[after]) && !inCurrency(after);
}

/**
 * Parses a human-written price: "¥1,299.00", "￥99-199" (range: amount = low end), "1299元",
 * "$1.299,00", "US $12", "1.2万", "34,50 € *". Currency comes from the text, then the hints.
 * Never throws; a text without a number gives amount null.
 */
export function parsePrice(text: string | null | undefined, hints: PriceHints = {}): ParsedPrice {
  return parsePriceShape(text, hints).price;
}

/** parsePrice, with how the amount stands to its currency and neighbouring letters. */
export function parsePriceShape(text: string | null | undefined, hints: PriceHints = {}): { price: ParsedPrice; shape: PriceShape } {
  const raw = normalise(String(text ?? ''));
  const localeHint = { locale: hints.locale ?? null, host: hints.host ?? null };
  const inText = findCurrencies(raw, localeHint);
  const hinted = hints.currency ? findCurrencies(normalise(hints.currency), localeHint)[0]?.code ?? null : null;
  const currency = inText[0]?.code ?? hinted;
  const decimal = hints.decimalSeparator;
  const none: PriceShape = { currencyGap: null, glued: false };
  if (FREE_RE.test(raw)) return { price: { amount: 0, currency }, shape: none };
  const hits = numbers(raw, decimal, currency, inText);
  if (hits.length === 0) return { price: { amount: null, currency }, shape: none };
  const i = pickIndex(hits, inText, raw);
  const shapeOf = (h: NumberHit): PriceShape => ({
    currencyGap: inText.length
      ? Math.min(...inText.map((c) => (h.index >= c.index + c.length ? h.index - (c.index + c.length) : Math.max(0, c.index - h.end))))
      : null,
    glued: gluedToLetter(raw, h, inText),
  });
  // A range reads from its low end, whichever end the currency sits next to ("26 to 50 €").
  for (const j of [i - 1, i]) {
    const lo = hits[j], hi = hits[j + 1];
    if (!lo || !hi) continue;
    if (isRange(raw.slice(lo.end, hi.index)) && hi.value >= lo.value) {
      const a = shapeOf(lo), b = shapeOf(hi);
      const gap = a.currencyGap === null ? null : Math.min(a.currencyGap, b.currencyGap ?? Infinity);
      return { price: { amount: lo.value, min: lo.value, max: hi.value, currency }, shape: { currencyGap: gap, glued: a.glued && b.glued } };
    }
  }
  return { price: { amount: hits[i].value, currency }, shape: shapeOf(hits[i]) };
}

/** The locale-derived currency for callers that have no price text currency (re-exported for the extractors). */
export { localeCurrency };
