import { cjkRatio } from '../text/script';

/**
 * The time zone a page writes its times in, when the page itself shows it. Pages print local
 * times without an offset ("2024年03月05日 14:22"); storing those as UTC puts every Chinese
 * time 8 hours off. Signals, most direct first:
 *   1. a non-zero offset on a machine-readable time of the page (JSON-LD, meta, <time datetime>):
 *      the site's own clock (a "Z" time is left out: servers often print UTC whatever the site's zone);
 *   2. the declared language with a region (zh-CN → Asia/Shanghai, zh-TW → Asia/Taipei, ja, ko,
 *      de/it/nl/pl → their Central European zone, en-GB → Europe/London, fr-FR, es-ES…);
 *   3. the country-code TLD of a single-zone country (.cn .tw .hk .mo .jp .kr, and European ones:
 *      .de .fr .es .it .nl .uk …, mainland zone);
 *   4. a Chinese-only encoding (GBK, Big5), or the text's script: Chinese (Han without kana/hangul) → +08:00, the zone of every place
 *      that writes Chinese news (mainland, Taiwan, Hong Kong, Macau, Singapore, Malaysia);
 *      kana → Japan, hangul → Korea.
 * Otherwise null: the zone is unknown (English is written in a dozen zones) and times stay
 * zone-less rather than being read as UTC.
 * Returns an IANA zone name or a fixed offset ("+05:30"); see offsetAt.
 */
export function pageZone(doc: Document, url: string | null | undefined): string | null {
  return explicitOffset(doc) ?? regionZone(doc, url);
}

/** The zone of the page's region as its language, host, encoding or script tell it (signals 2-4 of pageZone), or null. */
export function regionZone(doc: Document, url: string | null | undefined): string | null {
  return zoneOfLanguage(declared(doc)) ?? zoneOfHost(url) ?? zoneOfCharset(doc) ?? zoneOfText(sampleText(doc));
}

const ISO_OFFSET = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([+-]\d{2}):?(\d{2})\b/;

function explicitOffset(doc: Document): string | null {
  const values: string[] = [];
  for (const m of Array.from(doc.querySelectorAll('meta[content]')).slice(0, 200)) values.push(m.getAttribute('content') ?? '');
  for (const t of Array.from(doc.querySelectorAll('time[datetime], [itemprop][datetime]')).slice(0, 20)) values.push(t.getAttribute('datetime') ?? '');
  for (const s of Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, 10)) values.push((s.textContent ?? '').slice(0, 20_000));
  for (const v of values) {
    const m = ISO_OFFSET.exec(v);
    if (m && !/^[+-]00:00$/.test(`${m[1]}:${m[2]}`)) return `${m[1]}:${m[2]}`;
  }
  return null;
}

function declared(doc: Document): string | null {
  const html = doc.documentElement;
  const fromMeta = Array.from(doc.querySelectorAll('meta')).find((m) =>
    /^(content-language|language|og:locale|dc\.language)$/i.test(m.getAttribute('http-equiv') ?? m.getAttribute('property') ?? m.getAttribute('name') ?? ''),
  );
  return html?.getAttribute('lang') || html?.getAttribute('xml:lang') || fromMeta?.getAttribute('content') || null;
}

/**
 * The order of day and month in the page's numeric dates, when the page says it. 'day' ("03/04/2024"
 * for 3 April, as everywhere but North America and the Philippines write): a language tag with
 * such a region (en-AU, en-GB, fr-FR, pt-BR), a language other than English and the East Asian
 * ones (written year first), or a country TLD. 'month': a language tag of a month-first region
 * (en-US, en-CA). Null: an "en" page on a .com says nothing.
 */
export function numericDateOrder(doc: Document, url: string | null | undefined): 'day' | 'month' | null {
  const tag = (declared(doc) ?? '').trim().toLowerCase().replace(/_/g, '-');
  const region = /^[a-z]{2,3}-(?:[a-z]{4}-)?([a-z]{2})\b/.exec(tag)?.[1];
  if (/^(?:zh|ja|ko)\b/.test(tag)) return null;
  if (region) return MONTH_FIRST_REGIONS.has(region) ? 'month' : 'day';
  if (tag && !/^en\b/.test(tag)) return 'day';
  try {
    const tld = new URL(url ?? '').hostname.toLowerCase().split('.').pop() ?? '';
    return tld.length === 2 && !MONTH_FIRST_REGIONS.has(tld) && !['cn', 'tw', 'hk', 'mo', 'jp', 'kr', 'io', 'co', 'ai', 'tv', 'me', 'ly'].includes(tld) ? 'day' : null;
  } catch {
    return null;
  }
}

/** Regions writing numeric dates month first. */
const MONTH_FIRST_REGIONS = new Set(['us', 'ca', 'ph', 'pw', 'fm', 'mh']);

/** Language tags whose language or region says the zone. */
export function zoneOfLanguage(tag: string | null | undefined): string | null {
  const t = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!t) return null;
  if (/^zh-(tw|hant-tw)\b/.test(t)) return 'Asia/Taipei';
  if (/^zh-(hk|hant-hk)\b/.test(t)) return 'Asia/Hong_Kong';
  if (/^zh-(mo|hant-mo)\b/.test(t)) return 'Asia/Macau';
  if (/^zh-(sg|hans-sg)\b/.test(t)) return 'Asia/Singapore';
  // zh, zh-CN, zh-Hans, zh-Hant without a region: every Chinese-writing place uses +08:00.
  if (/^zh\b/.test(t)) return 'Asia/Shanghai';
  if (/^ja\b/.test(t)) return 'Asia/Tokyo';
  if (/^ko\b/.test(t)) return 'Asia/Seoul';
  // Languages written in one zone wherever they are the first language (German, Italian,
  // Dutch, Polish, Czech: Central European Time), and language-region pairs of one-zone countries.
  const one = /^(de|it|nl|pl|cs)\b/.exec(t)?.[1] ?? /^[a-z]{2,3}-(de|at|ch|it|nl|be|pl|cz|fr|es|pt|gb|ie|se|dk|no|fi|gr)\b/.exec(t)?.[1];
  return one ? (REGION_ZONES[one] ?? null) : null;
}

/** Zones of languages and countries (ISO codes) that keep one clock: the mainland zone for France, Spain and Portugal. */
const REGION_ZONES: Record<string, string> = {
  de: 'Europe/Berlin', at: 'Europe/Vienna', ch: 'Europe/Zurich', it: 'Europe/Rome', nl: 'Europe/Amsterdam', be: 'Europe/Brussels',
  pl: 'Europe/Warsaw', cs: 'Europe/Prague', cz: 'Europe/Prague', fr: 'Europe/Paris', es: 'Europe/Madrid', pt: 'Europe/Lisbon',
  gb: 'Europe/London', uk: 'Europe/London', ie: 'Europe/Dublin', se: 'Europe/Stockholm', dk: 'Europe/Copenhagen',
  no: 'Europe/Oslo', fi: 'Europe/Helsinki', gr: 'Europe/Athens',
};

const TLD_ZONES: Record<string, string> = {
  cn: 'Asia/Shanghai', tw: 'Asia/Taipei', hk: 'Asia/Hong_Kong', mo: 'Asia/Macau', jp: 'Asia/Tokyo', kr: 'Asia/Seoul',
  ...REGION_ZONES,
};

/** Country-code TLDs of countries with one zone (and no daylight saving). */
export function zoneOfHost(url: string | null | undefined): string | null {
  try {
    const host = new URL(url ?? '').hostname.toLowerCase();
    return TLD_ZONES[host.slice(host.lastIndexOf('.') + 1)] ?? null;
  } catch {
    return null;
  }
}

/** Title, description and the first headings and paragraphs: body text would start with inline CSS and scripts. */
/** Chinese-only encodings (GB2312/GBK/GB18030, Big5) say the page is Chinese: +08:00. */
function zoneOfCharset(doc: Document): string | null {
  for (const m of Array.from(doc.querySelectorAll('meta[charset], meta[http-equiv]')).slice(0, 5)) {
    const v = `${m.getAttribute('charset') ?? ''} ${m.getAttribute('content') ?? ''}`;
    if (/\b(gb2312|gbk|gb18030|big5(-hkscs)?)\b/i.test(v)) return 'Asia/Shanghai';
  }
  return null;
}

function sampleText(doc: Document): string {
  const parts = [doc.querySelector('title')?.textContent ?? ''];
  for (const m of Array.from(doc.querySelectorAll('meta[name="description"], meta[property="og:title"]')).slice(0, 2)) parts.push(m.getAttribute('content') ?? '');
  for (const el of Array.from(doc.querySelectorAll('h1, h2, p')).slice(0, 30)) parts.push(el.textContent ?? '');
  return parts.join(' ').slice(0, 4000);
}

/** The zone the text's script implies, when most of its letters are CJK. */
export function zoneOfText(text: string): string | null {
  if (cjkRatio(text) < 0.3) return null;
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'Asia/Tokyo';
  if (/\p{Script=Hangul}/u.test(text)) return 'Asia/Seoul';
  return 'Asia/Shanghai';
}

const pad = (n: number): string => String(n).padStart(2, '0');

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

function offsetMinutesOf(zone: string, instant: number): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(instant))
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?/.exec(name ?? '');
    if (!m) return null;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  } catch {
    return null;
  }
}

/**
 * The UTC offset ("+08:00") of `zone` (IANA name or fixed offset) at a local wall time
 * written as "YYYY-MM-DDTHH:MM:SS"; null for an unknown zone.
 */
export function offsetAt(zone: string, local: string): string | null {
  if (/^[+-]\d{2}:\d{2}$/.test(zone)) return zone;
  if (zone === 'Z' || zone === 'UTC') return '+00:00';
  const wall = Date.parse(`${local}Z`);
  if (Number.isNaN(wall)) return null;
  // The wall time read as UTC, shifted by the zone's offset there; once more for a DST edge.
  let off = offsetMinutesOf(zone, wall);
  if (off === null) return null;
  off = offsetMinutesOf(zone, wall - off * 60_000) ?? off;
  return formatOffset(off);
}

/** An instant written as the local time of `zone` with its offset; UTC ("…Z") without a zone. */
export function instantIn(instant: Date, zone: string | null | undefined): string {
  const utc = instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (!zone) return utc;
  const off = /^[+-]\d{2}:\d{2}$/.test(zone) ? offsetToMinutes(zone) : offsetMinutesOf(zone, instant.getTime());
  if (off === null) return utc;
  const local = new Date(instant.getTime() + off * 60_000).toISOString().slice(0, 19);
  return `${local}${formatOffset(off)}`;
}

function offsetToMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}
