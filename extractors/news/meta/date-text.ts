import { instantIn, offsetAt } from '../../time/page-zone';

/**
 * Dates written in page text, to ISO 8601, in the page's own zone:
 * - a time with an offset keeps it as written ("2012-01-17T08:30:00+08:00"; "Z" stays "Z");
 * - a time written next to its zone ("14:22 GMT+8", "北京时间 14:22", "10:30 ET") takes that zone;
 * - a local time without one takes `zone` (the page's zone, see time/page-zone.ts: an IANA name
 *   or "+08:00"); when the zone is unknown it stays zone-less ("2012-01-17T08:30:00"), never
 *   read as UTC;
 * - a date without a time stays a date ("2012-01-17");
 * - relative dates ("3 hours ago", "3小时前", "昨天 08:30") resolve against the crawl time `now`,
 *   written in `zone` (UTC when the zone is unknown: the instant is known either way).
 */

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
export const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** The number of an English month name, full or abbreviated ("sep", "Sept", "September"); null for any other word. */
export function englishMonth(word: string): number | null {
  return MONTH_WORD.test(word) ? MONTHS[word.slice(0, 3).toLowerCase()]! : null;
}
const MONTH_WORD = new RegExp(`^${MONTH_NAME}$`, 'i');
/**
 * A clock time after a date: "08:30", "8:30 PM", "at 8:30", "- 14:30", "· 14:30", "@11:40AM", "(10:17 UTC)", "08时30分"; Chinese pages may put
 * the weekday ("星期五", "（周五）") and a part of the day ("下午 3:20") between the date and it.
 */
const TIME = '(?:[\\sT,(]*(?:(?:[-–—|·•@]|at|à|um|alle|às|a las|a la)\\s*)?(?:[（(]?(?:星期|周|週|礼拜|禮拜)[一二三四五六日天][）)]?\\s*)?(?:(?:上午|早上|凌晨|中午|下午|晚上|傍晚)\\s*)?(\\d{1,2})[:：时時](\\d{2})(?:[:：分](\\d{2}))?(?:\\s*([ap])\\.?m\\.?)?)?';
/** "a"/"p" of a time: as written in English, or "p" after a Chinese word for the afternoon or evening. */
const meridiem = (m: RegExpExecArray, i: number): string | undefined => m[i] ?? (/(中午|下午|晚上|傍晚)\s*\d/.test(m[0]) ? 'p' : undefined);

/**
 * Month names of other languages written with Latin or Cyrillic letters (full names, genitive
 * forms and the unambiguous abbreviations), for dates written day first: "3. März 2024",
 * "12 de marzo de 2024", "12 mars 2024", "12 марта 2024".
 */
const OTHER_MONTHS: Record<string, number> = Object.fromEntries(
  [
    ['januar jänner janvier janv enero ene gennaio gen janeiro januari stycznia января январь ocak', 1],
    ['februar feber février févr fevrier febrero febbraio fevereiro februari lutego февраля февраль şubat subat', 2],
    ['märz mär maerz mars marzo março marco maart mrt marca марта март mart', 3],
    ['april avril avr abril aprile kwietnia апреля апрель nisan', 4],
    ['mai mayo maggio mag maio mei maja мая май maj mayıs', 5],
    ['juni juin junio giugno giu junho czerwca июня июнь haziran', 6],
    ['juli juillet juil julio luglio lug julho lipca июля июль temmuz', 7],
    ['august août aout agosto ago augustus augusti sierpnia августа август ağustos', 8],
    ['september septembre septiembre setiembre settembre setembro września wrzesnia сентября сентябрь eylül', 9],
    ['oktober okt octobre octubre ottobre ott outubro października pazdziernika октября октябрь ekim', 10],
    ['november novembre noviembre novembro listopada ноября ноябрь kasım', 11],
    ['dezember dez décembre decembre diciembre dic dicembre dezembro december grudnia декабря декабрь aralık', 12],
  ].flatMap(([names, n]) => String(names).split(' ').map((name) => [name, Number(n)])),
);
const OTHER_MONTH = `(${Object.keys(OTHER_MONTHS).sort((a, b) => b.length - a.length).join('|')})`;
/** A clock time after such a date: "14:22", "um 14:22 Uhr", "à 14h22", "a las 14:22", "в 14:22". */
const OTHER_TIME = '(?:,?\\s*(?:[-–—|·•]\\s*)?(?:um|à|a las|às|alle|om|в|kl\\.?|klo|o)?\\s*(\\d{1,2})[:h](\\d{2})(?::(\\d{2}))?)?';

const pad = (n: number): string => String(n).padStart(2, '0');

function valid(y: number, m: number, d: number, h: number, mi: number, s: number): boolean {
  return y >= 1990 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && s <= 59;
}

function local(y: number, m: number, d: number, h?: string, mi?: string, s?: string, ampm?: string): string | null {
  let hour = h ? Number(h) : 0;
  if (ampm && hour <= 12) hour = (hour % 12) + (ampm.toLowerCase() === 'p' ? 12 : 0);
  const min = mi ? Number(mi) : 0;
  const sec = s ? Number(s) : 0;
  if (!valid(y, m, d, hour, min, sec)) return null;
  const date = `${y}-${pad(m)}-${pad(d)}`;
  return h ? `${date}T${pad(hour)}:${pad(min)}:${pad(sec)}` : date;
}

interface Pattern {
  re: RegExp;
  build(m: RegExpExecArray, now: Date, zone: string | null): string | null;
  /** Clock-less words ("today") count only in short date-like text, not in running prose. */
  shortOnly?: boolean;
  /** Counted from the crawl time ("3 hours ago", "昨天"), not written as a calendar date. */
  relative?: boolean;
}

const UNIT_MS: Record<string, number> = {
  s: 1000, sec: 1000, second: 1000, 秒: 1000,
  m: 60_000, min: 60_000, minute: 60_000, 分钟: 60_000, 分鐘: 60_000,
  h: 3_600_000, hr: 3_600_000, hour: 3_600_000, 小时: 3_600_000, 小時: 3_600_000, 个小时: 3_600_000, 個小時: 3_600_000,
  d: 86_400_000, day: 86_400_000, 天: 86_400_000, 日: 86_400_000,
  w: 604_800_000, week: 604_800_000, 周: 604_800_000, 週: 604_800_000, 星期: 604_800_000,
};

function ago(now: Date, n: number, unit: string): string | null {
  const lower = unit.toLowerCase();
  const ms = UNIT_MS[lower] ?? UNIT_MS[lower.replace(/s$/, '')];
  if (!ms || !Number.isFinite(n)) return null;
  return new Date(now.getTime() - n * ms).toISOString();
}

/** Zone abbreviations with one meaning (CST and IST name several zones and are left out). */
const ZONE_WORDS: Record<string, string> = {
  utc: '+00:00', gmt: '+00:00', z: '+00:00', est: '-05:00', edt: '-04:00', pst: '-08:00', pdt: '-07:00',
  mst: '-07:00', mdt: '-06:00', cdt: '-05:00', bst: '+01:00', cet: '+01:00', cest: '+02:00', jst: '+09:00',
  kst: '+09:00', hkt: '+08:00', sgt: '+08:00', aest: '+10:00', aedt: '+11:00',
  et: 'America/New_York', pt: 'America/Los_Angeles',
};

/** A zone written right after a time ("08:30 GMT+8", "08:30 +0800", "(UTC+08:00)", "10:30 a.m. ET", "14:22 北京时间") or before it ("北京时间 14:22"). */
function writtenZone(before: string, after: string): string | null {
  if (/(北京|台北|香港)(时间|時間)/.test(before.slice(-10))) return '+08:00';
  if (/^\s*[（(]?\s*(北京|台北|香港)(时间|時間)/.test(after)) return '+08:00';
  // "10:30:15 +0800", "10:30 +08:00": a bare offset.
  const bare = /^\s?([+-])(0\d|1[0-4]):?([0-5]\d)(?!\d)/.exec(after);
  if (bare) return `${bare[1]}${bare[2]}:${bare[3]}`;
  const m = /^\s*\(?\s*(?:(utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?|([a-z]{1,4})\b)/i.exec(after);
  if (!m) return null;
  if (m[1]) return `${m[2]}${String(m[3]).padStart(2, '0')}:${m[4] ?? '00'}`;
  return ZONE_WORDS[(m[5] ?? '').toLowerCase()] ?? null;
}

/** A local wall time ("YYYY-MM-DDTHH:MM:SS") with the zone's offset; unchanged without a zone or for a date alone. */
export function withZone(local: string, zone: string | null | undefined): string {
  if (!zone || local.length < 19) return local;
  const off = offsetAt(zone, local);
  return off ? `${local}${off}` : local;
}

/** A US numeric date ("2/24/2026 8:30 PM": month, day, year, clock in groups 1-7), month first unless the first number cannot be a month. */
function monthFirst(year: number, m: RegExpExecArray): string | null {
  const [month, day] = +m[1]! > 12 ? [+m[2]!, +m[1]!] : [+m[1]!, +m[2]!];
  return local(year, month, day, m[4], m[5], m[6], m[7]);
}

/** Units of a count back from the reading: "3 hours ago", "3小时前". */
const AGO_UNITS = 's|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?';
const QIAN_UNITS = '秒|分钟|分鐘|个小时|個小時|小时|小時|天|日|周|週|星期';
const JUST_NOW = '\\bjust now\\b|刚刚|剛剛';
/** A time counted back from the reading: "8小时前", "3 hours ago", "刚刚". */
export const COUNTED_BACK = new RegExp(`\\b(?:\\d+|an?|one)\\s*(?:${AGO_UNITS})\\s+ago\\b|\\d+\\s*(?:${QIAN_UNITS})\\s*前|${JUST_NOW}`, 'iu');

/** Most specific first. */
const PATTERNS: Pattern[] = [
  // ISO 8601 with a zone: exact instant.
  {
    re: /\b(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})/,
    build: (m) => {
      const off = m[7] === 'Z' ? 'Z' : m[7].includes(':') ? m[7] : `${m[7].slice(0, 3)}:${m[7].slice(3)}`;
      const out = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${off}`;
      return Number.isNaN(new Date(out).getTime()) ? null : out;
    },
  },
  // 2012年01月17日 08:30 / 2012年1月17日08时30分
  {
    re: new RegExp(`(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号號]?${TIME}`, 'i'),
    build: (m) => local(+m[1], +m[2], +m[3], m[4], m[5], m[6], meridiem(m, 7)),
  },
  // 中華民國113年3月5日 / 民國113年3月5日: the Republic of China calendar of Taiwanese pages (year 1 is 1912).
  {
    re: new RegExp(`(?:中華民國|中华民国|民國|民国)\\s*(\\d{2,3})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号號]?${TIME}`, 'i'),
    build: (m) => local(+m[1] + 1911, +m[2], +m[3], m[4], m[5], m[6], meridiem(m, 7)),
  },
  // 2012-01-17 08:30, 2012/1/17, 2012.01.17
  {
    re: new RegExp(`\\b(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?!\\d)${TIME}`, 'i'),
    build: (m) => local(+m[1], +m[3], +m[4], m[5], m[6], m[7], meridiem(m, 8)),
  },
  // 2012 01/17 08:30:15: a year, then month/day and the clock, as headers set in separate
  // elements show them ("<span>2012</span><span>01/17</span><span>08:30:15</span>"); the clock is
  // required, "2012 1/2" alone is more often a count.
  {
    re: /\b(\d{4})\s+(\d{1,2})\/(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d/])/,
    build: (m) => local(+m[1], +m[2], +m[3], m[4], m[5], m[6]),
  },
  // The C library's date, as BBS post headers and mail print it: "Sun Jun 16 21:03:12 2019".
  {
    re: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})\\s+(\\d{1,2}):(\\d{2}):(\\d{2})\\s+(\\d{4})\\b`, 'i'),
    build: (m) => local(+m[6], MONTHS[m[1].slice(0, 3).toLowerCase()], +m[2], m[3], m[4], m[5]),
  },
  // Jan 17, 2012 8:30 PM / January 17 2012
  {
    re: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})${TIME}`, 'i'),
    build: (m) => local(+m[3], MONTHS[m[1].slice(0, 3).toLowerCase()], +m[2], m[4], m[5], m[6], m[7]),
  },
  // 17 January 2012 / 17 Jan. 2012, 08:30
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_NAME},?\\s+(\\d{4})${TIME}`, 'i'),
    build: (m) => local(+m[3], MONTHS[m[2].slice(0, 3).toLowerCase()], +m[1], m[4], m[5], m[6], m[7]),
  },
  // 3. März 2024, 14:22 Uhr / 12 de marzo de 2024 / 12 mars 2024 à 14h22 / 12 марта 2024
  {
    re: new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})\\.?\\s*(?:de\\s+)?${OTHER_MONTH}\\.?,?\\s*(?:de\\s+|del\\s+)?(\\d{4})(?!\\d)${OTHER_TIME}`, 'iu'),
    build: (m) => local(+m[3], OTHER_MONTHS[m[2].toLowerCase()] ?? 0, +m[1], m[4], m[5], m[6]),
  },
  // 17.05.2021 / 14.12.2011 19:00: the dotted numeric form is written day first.
  {
    re: new RegExp(`\\b(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})(?!\\d)${TIME}`, 'i'),
    build: (m) => local(+m[3], +m[2], +m[1], m[4], m[5], m[6], m[7]),
  },
  // 07/03/24 02:57 PM: a two-digit year, as forums stamp posts; read only with a clock and its
  // meridiem (a US stamp, month first unless the first number cannot be a month): "07/03/24"
  // alone may be a version or a score.
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?m\b\.?/i,
    build: (m) => monthFirst(2000 + +m[3], m),
  },
  // 2/24/2026: month first (US) unless the first number cannot be a month.
  {
    re: new RegExp(`\\b(\\d{1,2})/(\\d{1,2})/(\\d{4})(?!\\d)${TIME}`, 'i'),
    build: (m) => monthFirst(+m[3], m),
  },
  // 02-12-2025, 04-03-2012 08:27 PM: with hyphens the day comes first in most of the world (a
  // month-first page turns it: see dayFirst in published.ts) unless the first number cannot be a day.
  {
    re: new RegExp(`(?<![\\w-])(\\d{1,2})-(\\d{1,2})-(\\d{4})(?![\\d-])${TIME}`, 'i'),
    build: (m) => (+m[2]! > 12 ? monthFirst(+m[3], m) : local(+m[3], +m[2], +m[1], m[4], m[5], m[6], m[7])),
  },
  // 5月12日 10:30 / 05-12 10:30: this year's dates on Chinese pages and forums carry no year.
  // The year is the crawl's, the year before when that would put the date in the future.
  {
    re: new RegExp(`(?<!年\\s*|\\d)(0?[1-9]|1[0-2])\\s*月\\s*(0?[1-9]|[12]\\d|3[01])\\s*[日号號]${TIME}`),
    build: (m, now, zone) => thisYear(now, zone, +m[1], +m[2], m[3], m[4], m[5], meridiem(m, 6)),
    shortOnly: true,
    relative: true,
  },
  {
    re: /(?<![\d/.:-])(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\s+([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![\d:])/,
    build: (m, now, zone) => thisYear(now, zone, +m[1], +m[2], m[3], m[4], m[5]),
    relative: true,
  },
  // 3 hours ago / 5 mins ago / 2 days ago
  {
    // A hedged count ("over a week ago", "about 3 hours ago", as help centres print) gives no day.
    re: new RegExp(`(?<!\\b(?:over|about|almost|nearly|around|under|more\\s+than|less\\s+than)\\s+)\\b(\\d+|an?|one)\\s*(${AGO_UNITS})\\s+ago\\b`, 'i'),
    build: (m, now, zone) => inZone(ago(now, /^(an?|one)$/i.test(m[1]) ? 1 : +m[1], m[2].replace(/^(sec|min|hr)s?$/i, '$1')), zone),
    relative: true,
  },
  // 3小时前 / 5分钟前 / 2天前
  {
    re: new RegExp(`(\\d+)\\s*(${QIAN_UNITS})\\s*前`),
    build: (m, now, zone) => inZone(ago(now, +m[1], m[2]), zone),
    relative: true,
  },
  // just now / 刚刚
  { re: new RegExp(JUST_NOW, 'i'), build: (_m, now, zone) => instantIn(now, zone), relative: true },
  // yesterday / 昨天 08:30 / today
  {
    re: /\b(yesterday|today)\b(?:,?\s*(?:at\s*)?(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\.?)?)?|(昨天|今天|前天)\s*(?:(\d{1,2})[:：](\d{2}))?/i,
    build: (m, now, zone) => {
      const back = /yesterday|昨天/i.test(m[0]) ? 1 : /前天/.test(m[0]) ? 2 : 0;
      // The day shifts against the crawl date as the page's clock shows it; a clock time given
      // with it is the site's local time.
      const today = instantIn(now, zone).slice(0, 10);
      const d = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000);
      return local(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), m[2] ?? m[6], m[3] ?? m[7], undefined, m[4]);
    },
    shortOnly: true,
    relative: true,
  },
];

/** A month and day without a year: the latest such day not after the crawl day (page's clock). */
function thisYear(now: Date, zone: string | null, month: number, day: number, h?: string, mi?: string, sec?: string, ampm?: string): string | null {
  const today = instantIn(now, zone).slice(0, 10);
  const year = +today.slice(0, 4);
  const candidate = local(year, month, day, h, mi, sec, ampm);
  if (!candidate) return null;
  return candidate.slice(0, 10) > today ? local(year - 1, month, day, h, mi, sec, ampm) : candidate;
}

const inZone = (iso: string | null, zone: string | null): string | null => (iso ? instantIn(new Date(iso), zone) : null);

/**
 * Words run together where the page set them in separate elements ("Mental HealthDECEMBER 22,
 * 2022"): a lower-case letter followed by a capital starts a new word, so the month name
 * keeps its word boundary.
 */
const unglued = (text: string): string => text.replace(/(\p{Ll})(?=\p{Lu})/gu, '$1 ');

/** "today"/"yesterday" without a clock time is a date only in text this short (a date line, not prose). */
const SHORT_TEXT = 40;

/**
 * The first date found in `text` (most specific format first), as ISO 8601, or null.
 * `zone`: the page's zone (IANA name or "+08:00") for times written without one; see the file comment.
 */
export function parseDateText(raw: string, now: Date, zone: string | null = null): string | null {
  const text = unglued(raw);
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    if (p.shortOnly && text.trim().length > SHORT_TEXT && !/\d[:：]\d/.test(m[0])) continue;
    const out = p.build(m, now, zone);
    if (!out) continue;
    const end = m.index + m[0].length;
    if (out.length === 10 && !p.relative) {
      const clock = clockBeside(text.slice(Math.max(0, m.index - 40), m.index), text.slice(end, end + 40));
      if (clock) {
        const at = local(+out.slice(0, 4), +out.slice(5, 7), +out.slice(8, 10), clock.hour, clock.minute, undefined, clock.ampm);
        if (at) return withZone(at, clock.zone ?? zone);
      }
    }
    if (out.length !== 19) return out;
    return withZone(out, writtenZone(text.slice(Math.max(0, m.index - 12), m.index), text.slice(end, end + 16)) ?? zone);
  }
  return null;
}

/** A clock with a meridiem or a zone, written just before a date ("3:45 PM EST, Mon March 4, 2024", "16:47 EST / DECEMBER 19 2025"). */
const CLOCK_BEFORE = /(?<![\d:.])(\d{1,2})[:.](\d{2})\s*(?:([ap])\.?m\.?)?((?:\s*(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?|\s+[a-z]{2,4})?)\s*[,|/·•–—-]?\s*(?:on\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*)?$/i;
/** A clock written with a dot after a date, with a meridiem or a zone ("Mon 4 Mar 2024 15.45 GMT"). */
const DOTTED_AFTER = /^\s*[,|·•–—-]?\s*(?:at\s+)?(\d{1,2})\.(\d{2})(?![\d.])\s*(?:([ap])\.?m\.?)?/i;

/**
 * The clock of a date written without one beside it: before it ("10:30 a.m. ET Jan. 5, 2024",
 * "3:45 PM EST, Mon March 4, 2024"), as US news pages write their timestamps, or after it with a
 * dot ("4 Mar 2024 15.45 GMT"). Only with a meridiem or a zone: a bare "3.45" or "10:30" beside a
 * date may be a score, a price or a verse.
 */
function clockBeside(before: string, after: string): { hour: string; minute: string; ampm?: string; zone: string | null } | null {
  const b = CLOCK_BEFORE.exec(before);
  if (b) {
    const zone = b[4]?.trim() ? writtenZone('', b[4]) : null;
    if (b[3] || zone) return { hour: b[1]!, minute: b[2]!, ampm: b[3], zone };
  }
  const a = DOTTED_AFTER.exec(after);
  if (a) {
    const zone = writtenZone('', after.slice(a[0].length));
    if (a[3] || zone) return { hour: a[1]!, minute: a[2]!, ampm: a[3], zone };
  }
  return null;
}

/**
 * A machine-readable date from a meta tag, JSON-LD or <time datetime>: ISO with or without
 * zone, or any of the text formats above.
 */
export function parseDateValue(value: string, now: Date, zone: string | null = null): string | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return local(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10));
  // Unix timestamps (seconds or ms) appear in some meta tags: an instant, shown in the page's zone.
  if (/^\d{10}(\d{3})?$/.test(v)) {
    const d = new Date(v.length === 10 ? +v * 1000 : +v);
    return d.getUTCFullYear() >= 1990 ? instantIn(d, zone) : null;
  }
  return parseDateText(v, now, zone);
}

/** The calendar days ("YYYY-MM-DD", as written) of every absolute date written in `text`. */
export function writtenDays(raw: string, now: Date): Set<string> {
  const text = unglued(raw);
  const days = new Set<string>();
  for (const p of PATTERNS) {
    if (p.relative) continue;
    for (const m of text.matchAll(new RegExp(p.re.source, `${p.re.flags}g`))) {
      const d = p.build(m as RegExpExecArray, now, null);
      if (d) days.add(d.slice(0, 10));
      // "09.10.2024" and "9/10/2024" are read one way by parseDateText; the page may mean the other.
      const n = /^(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(m[0]);
      const swapped = n && +n[1] <= 12 && +n[2] <= 12 ? local(+n[3], +n[1], +n[2]) : null;
      if (swapped) days.add(swapped);
    }
  }
  return days;
}

/** Whether `text`'s first date is counted from the crawl time rather than written as a date. */
export function isRelativeDate(raw: string): boolean {
  const text = unglued(raw);
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m && !(p.shortOnly && text.trim().length > SHORT_TEXT && !/\d[:：]\d/.test(m[0]))) return !!p.relative;
  }
  return false;
}

/** A date written in a text, where it stands. */
export interface DateSpan {
  at: string;
  index: number;
  end: number;
}

/** `text` with every absolute date in it blanked out: what a line says besides its dates. */
export function withoutDates(raw: string, now: Date): string {
  const text = unglued(raw);
  let rest = text;
  for (const s of dateSpans(text, now).reverse()) rest = `${rest.slice(0, s.index)} ${rest.slice(s.end)}`;
  return rest.replace(/\s+/g, ' ').trim();
}

/** Every absolute date written in `text`, in reading order (a span inside an earlier one is dropped). */
export function dateSpans(raw: string, now: Date, zone: string | null = null): DateSpan[] {
  const text = unglued(raw);
  const all: DateSpan[] = [];
  for (const p of PATTERNS) {
    if (p.relative) continue;
    for (const m of text.matchAll(new RegExp(p.re.source, `${p.re.flags}g`))) {
      const at = parseDateText(m[0], now, zone);
      if (at) all.push({ at, index: m.index, end: m.index + m[0].length });
    }
  }
  all.sort((a, b) => a.index - b.index || b.end - a.end);
  return all.filter((s, i) => !all.slice(0, i).some((o) => s.index < o.end));
}
