/**
 * Currency detection: ISO 4217 codes from symbols, codes and words in a price text, with the
 * page's locale (html lang, domain TLD) to settle ambiguous symbols such as "$", "¥" or "kr".
 */

/** Active ISO 4217 codes (data, not logic: the list changes once in years). */
const ISO_CODES = new Set(
  ('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BYR BZD ' +
    'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF ' +
    'GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK ' +
    'LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR ' +
    'PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STN SYP SZL ' +
    'THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL ' +
    // withdrawn but still printed on old pages
    'DEM FRF ITL ESP PTE NLG BEF ATS FIM IEP GRD LTL LVL EEK SKK SIT RUR VEF MRO STD').split(' '),
);

const WORD_CODES = new Set(['ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'PEN', 'GEL', 'BAM', 'TRY', 'MAD', 'SOS', 'NAD', 'AED', 'BIF', 'CAD', 'FIM', 'ESP', 'ITL']);

/** Whether a string is an ISO 4217 code we know. */
export function isCurrencyCode(s: string): boolean {
  return ISO_CODES.has(s.toUpperCase());
}

/**
 * Symbols and words; `null` marks a symbol shared by several currencies, settled by locale.
 * Matched case-insensitively for words of letters, exactly for symbols.
 */
const TOKENS: Array<[string, string | null]> = [
  ['US$', 'USD'], ['U$S', 'USD'], ['USD$', 'USD'], ['AU$', 'AUD'], ['A$', 'AUD'], ['CA$', 'CAD'], ['C$', 'CAD'],
  ['NZ$', 'NZD'], ['HK$', 'HKD'], ['NT$', 'TWD'], ['S$', 'SGD'], ['SG$', 'SGD'], ['R$', 'BRL'], ['MX$', 'MXN'],
  ['CN¥', 'CNY'], ['JP¥', 'JPY'], ['RMB', 'CNY'], ['人民币', 'CNY'], ['元', 'CNY'], ['￥', 'CNY'], ['円', 'JPY'],
  ['美元', 'USD'], ['欧元', 'EUR'], ['英镑', 'GBP'], ['日元', 'JPY'], ['港币', 'HKD'], ['港元', 'HKD'], ['台币', 'TWD'],
  ['€', 'EUR'], ['£', 'GBP'], ['₤', 'GBP'], ['₹', 'INR'], ['Rs.', 'INR'], ['₩', 'KRW'], ['원', 'KRW'], ['₽', 'RUB'],
  ['руб', 'RUB'], ['р.', 'RUB'], ['₴', 'UAH'], ['грн', 'UAH'], ['zł', 'PLN'], ['Kč', 'CZK'], ['lei', 'RON'],
  ['Ft', 'HUF'], ['₺', 'TRY'], ['TL', 'TRY'], ['₫', 'VND'], ['đ', 'VND'], ['Rp', 'IDR'], ['RM', 'MYR'], ['₱', 'PHP'],
  ['฿', 'THB'], ['₪', 'ILS'], ['Fr.', 'CHF'], ['KD', 'KWD'], ['лв', 'BGN'], ['din', 'RSD'], ['Br', 'BYN'],
  ['kn', 'HRK'], ['₸', 'KZT'], ['₦', 'NGN'], ['₡', 'CRC'], ['₲', 'PYG'], ['₾', 'GEL'], ['؋', 'AFN'], ['KM', 'BAM'],
  ['Rs', 'INR'], ['₨', 'INR'], ['Р', 'RUB'], ['تومان', 'IRR'], ['ریال', 'IRR'], ['﷼', 'IRR'], ['ريال', 'SAR'],
  ['درهم', 'AED'], ['جنيه', 'EGP'], ['Lek', 'ALL'], ['₼', 'AZN'], ['৳', 'BDT'], ['₭', 'LAK'], ['₮', 'MNT'],
  ['GH₵', 'GHS'], ['₵', 'GHS'], ['FCFA', 'XAF'], ['CFA', 'XOF'], ['֏', 'AMD'], ['៛', 'KHR'], ['Bs', 'VES'], ['S/', 'PEN'], ['Q', 'GTQ'], ['kr', null], ['$', null], ['¥', null], ['dollars', null], ['euro', 'EUR'],
  ['рублей', 'RUB'], ['рубля', 'RUB'], ['рубль', 'RUB'], ['гривен', 'UAH'], ['гривня', 'UAH'], ['yen', 'JPY'], ['yuan', 'CNY'], ['บาท', 'THB'], ['ر.س', 'SAR'], ['ج.م', 'EGP'], ['E£', 'EGP'], ['د.إ', 'AED'], ['Dhs', 'AED'], ['ден', 'MKD'], ['VNĐ', 'VND'],
  ['KShs', 'KES'], ['KSh', 'KES'], ['TSh', 'TZS'], ['USh', 'UGX'], ['SFr', 'CHF'], ['zl', 'PLN'], ['dinara', 'RSD'], ['тг', 'KZT'], ['сум', 'UZS'], ["so'm", 'UZS'], ['ש״ח', 'ILS'], ['ש"ח', 'ILS'], ['ƒ', 'ANG'],
];

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const isWordish = (t: string) => /^\p{L}+\.?$/u.test(t) && /^[A-Za-z]/.test(t);
const byLength = [...TOKENS].sort((a, b) => b[0].length - a[0].length);
/** Latin words match case-insensitively and stand alone ("Bs", not inside "Bsomething"). */
const WORD_RE = new RegExp(`(?<!\\p{L})(?:${byLength.filter(([t]) => isWordish(t)).map(([t]) => escape(t)).join('|')})(?!\\p{L})`, 'giu');
/** Symbols and CJK words match exactly, anywhere. */
const SYMBOL_RE = new RegExp(byLength.filter(([t]) => !isWordish(t)).map(([t]) => escape(t)).join('|'), 'gu');
const SYMBOL_TEST = new RegExp(SYMBOL_RE.source, 'u');
const WORD_TEST = new RegExp(WORD_RE.source, 'iu');
/** A quick test for any currency token (symbol, word or upper-case code) before a full parse. */
export function hasCurrencyHint(text: string): boolean {
  return SYMBOL_TEST.test(text) || WORD_TEST.test(text) || /(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])/.test(text);
}
/** Currency words that are other words (units) in another case: they count only as written. */
const CASE_SENSITIVE = new Set(['Ft', 'KM', 'TL', 'Br', 'Bs', 'RM', 'Rp', 'KD', 'din', 'kn']);
const TOKEN_CODE = new Map<string, string | null>(TOKENS.map(([t, c]) => [isWordish(t) ? t.toLowerCase() : t, c]));
const TOKEN_KEY = new Map<string, string>(TOKENS.map(([t]) => [isWordish(t) ? t.toLowerCase() : t, t]));

/** Currency by country-code TLD or BCP 47 region. */
const REGION_CURRENCY: Record<string, string> = {
  us: 'USD', uk: 'GBP', gb: 'GBP', cn: 'CNY', jp: 'JPY', de: 'EUR', fr: 'EUR', it: 'EUR', es: 'EUR', pt: 'EUR', nl: 'EUR',
  be: 'EUR', at: 'EUR', ie: 'EUR', fi: 'EUR', gr: 'EUR', si: 'EUR', sk: 'EUR', ee: 'EUR', lv: 'EUR', lt: 'EUR', hr: 'EUR',
  lu: 'EUR', mt: 'EUR', cy: 'EUR', au: 'AUD', ca: 'CAD', nz: 'NZD', hk: 'HKD', tw: 'TWD', sg: 'SGD', br: 'BRL',
  mx: 'MXN', cl: 'CLP', ar: 'ARS', co: 'COP', pe: 'PEN', uy: 'UYU', in: 'INR', kr: 'KRW', ru: 'RUB', ua: 'UAH', pl: 'PLN',
  cz: 'CZK', ro: 'RON', hu: 'HUF', tr: 'TRY', vn: 'VND', id: 'IDR', my: 'MYR', ph: 'PHP', th: 'THB', il: 'ILS', ch: 'CHF',
  se: 'SEK', no: 'NOK', dk: 'DKK', is: 'ISK', za: 'ZAR', bg: 'BGN', rs: 'RSD', by: 'BYN', kz: 'KZT', ng: 'NGN',
  ae: 'AED', sa: 'SAR', eg: 'EGP', kw: 'KWD', gt: 'GTQ',
};

/** Language → currency when there is no region (only where one currency dominates). */
const LANG_CURRENCY: Record<string, string> = {
  zh: 'CNY', ja: 'JPY', ko: 'KRW', ru: 'RUB', uk: 'UAH', pl: 'PLN', cs: 'CZK', ro: 'RON', hu: 'HUF', tr: 'TRY', vi: 'VND',
  id: 'IDR', th: 'THB', he: 'ILS', sv: 'SEK', nb: 'NOK', no: 'NOK', da: 'DKK', bg: 'BGN', de: 'EUR', fr: 'EUR', it: 'EUR',
  nl: 'EUR', fi: 'EUR', el: 'EUR', sk: 'EUR', sl: 'EUR', et: 'EUR', lv: 'EUR', lt: 'EUR', pt: 'EUR', es: 'EUR',
};

/** Which currencies an ambiguous symbol may stand for, first = default. */
const AMBIGUOUS: Record<string, string[]> = {
  $: ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'TWD', 'SGD', 'MXN', 'CLP', 'ARS', 'COP', 'UYU', 'BRL'],
  dollars: ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD'],
  '¥': ['CNY', 'JPY'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
};

export interface LocaleHint {
  /** BCP 47 tag, e.g. "zh-CN" (from <html lang>). */
  locale?: string | null;
  /** Page host name, for its TLD. */
  host?: string | null;
}

/** The currency a page's locale implies, or null. Region beats TLD beats language. */
export function localeCurrency(hint: LocaleHint): string | null {
  const tag = (hint.locale ?? '').toLowerCase().split(/[-_]/);
  if (tag[1] && REGION_CURRENCY[tag[1]]) return REGION_CURRENCY[tag[1]];
  const tld = (hint.host ?? '').toLowerCase().split('.').pop() ?? '';
  if (REGION_CURRENCY[tld]) return REGION_CURRENCY[tld];
  if (tag[0] && LANG_CURRENCY[tag[0]]) return LANG_CURRENCY[tag[0]];
  return null;
}

function settle(symbol: string, hint: LocaleHint): string {
  const options = AMBIGUOUS[symbol];
  const local = localeCurrency(hint);
  if (local && options.includes(local)) return local;
  return options[0];
}

export interface CurrencyMatch {
  code: string;
  /** Index of the token in the text. */
  index: number;
  length: number;
}

const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch);
const isCjk = (ch: string) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(ch);
/** Whether the token's edge character and its outside neighbour are both (non-Chinese/Japanese) letters. */
const gluedAt = (text: string, i: number, edge: string) => isLetter(edge) && !isCjk(edge) && isLetter(text[i]) && !isCjk(text[i]);

/** Finds every currency token in a text, ISO codes included, in text order; longer tokens win overlaps. */
export function findCurrencies(text: string, hint: LocaleHint = {}): CurrencyMatch[] {
  const found: CurrencyMatch[] = [];
  const taken = new Uint8Array(text.length);
  const claim = (index: number, length: number, code: string) => {
    for (let i = index; i < index + length; i++) if (taken[i]) return;
    taken.fill(1, index, index + length);
    found.push({ code, index, length });
  };
  for (const m of text.matchAll(/[A-Za-z]{3}/g)) {
    const before = text[m.index - 1], after = text[m.index + 3];
    if (isLetter(before) || isLetter(after)) continue;
    // Upper case anywhere ("Price in EUR"); lower case ("140,00 pln") only next to a number.
    const upper = m[0].toUpperCase();
    const nearNumber = /\d\s?$/.test(text.slice(Math.max(0, m.index - 2), m.index)) || /^\s?\d/.test(text.slice(m.index + 3, m.index + 5));
    // Lower case, and codes that are also English words ("SHOP ALL", "TOP", "TRY"), count only next to a number.
    if ((m[0] !== upper || WORD_CODES.has(upper)) && !nearNumber) continue;
    if (ISO_CODES.has(upper)) claim(m.index, 3, upper);
  }
  for (const re of [SYMBOL_RE, WORD_RE]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const token = m[0];
      // "Q" is the quetzal only on Guatemalan pages: elsewhere "Q5", "Q50" are models.
      if (token === 'Q' && localeCurrency(hint) !== 'GTQ') continue;
      // A symbol that starts or ends with a letter is part of a word when a letter touches it there:
      // "S/" in "BIOS/…", "руб" in "рубашка", "đ" in "điện", "원" in "회원". Chinese and Japanese
      // words run on without spaces ("1299元起"), so their symbols stand anyway.
      if (re === SYMBOL_RE && (gluedAt(text, m.index - 1, token[0]) || gluedAt(text, m.index + token.length, token[token.length - 1]))) continue;
      // "8 ft" is a length and "25 km" a distance, "8 Ft" and "25 KM" are prices.
      if (re === WORD_RE && CASE_SENSITIVE.has(TOKEN_KEY.get(token.toLowerCase()) ?? '') && token !== TOKEN_KEY.get(token.toLowerCase())) continue;
      const code = TOKEN_CODE.get(re === WORD_RE ? token.toLowerCase() : token);
      if (code === undefined) continue;
      claim(m.index, token.length, code ?? settle(TOKEN_KEY.get(re === WORD_RE ? token.toLowerCase() : token)!, hint));
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first currency named in a text, or null. */
export function detectCurrency(text: string, hint: LocaleHint = {}): string | null {
  return findCurrencies(text, hint)[0]?.code ?? null;
}
