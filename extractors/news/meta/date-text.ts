/**
 * Dates written in page text, to ISO 8601. A date without a zone stays a local date-time
 * ("2012-01-17T08:30:00"): inventing a zone would be a guess. Relative dates ("3 hours
 * ago", "3小时前", "昨天 08:30") resolve against the crawl time `now` and come out in UTC.
 */

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const TIME = '(?:[\\sT,]*(?:at\\s*)?(\\d{1,2})[:：时時](\\d{2})(?:[:：分](\\d{2}))?(?:\\s*([ap])\\.?m\\.?)?)?';

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
  build(m: RegExpExecArray, now: Date): string | null;
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

/** Most specific first. */
const PATTERNS: Pattern[] = [
  // ISO 8601 with a zone: exact instant.
  {
    re: /\b(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})/,
    build: (m) => {
      const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7].length === 5 ? m[7].slice(0, 3) + ':' + m[7].slice(3) : m[7]}`);
      return Number.isNaN(d.getTime()) ? null : d.toISOString();
    },
  },
  // 2012年01月17日 08:30 / 2012年1月17日08时30分
  {
    re: new RegExp(`(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号號]?${TIME}`, 'i'),
    build: (m) => local(+m[1], +m[2], +m[3], m[4], m[5], m[6], m[7]),
  },
  // 2012-01-17 08:30, 2012/1/17, 2012.01.17
  {
    re: new RegExp(`\\b(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})(?!\\d)${TIME}`, 'i'),
    build: (m) => local(+m[1], +m[3], +m[4], m[5], m[6], m[7], m[8]),
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
  // 3 hours ago / 5 mins ago / 2 days ago
  {
    re: /\b(\d+|an?|one)\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?)\s+ago\b/i,
    build: (m, now) => ago(now, /^(an?|one)$/i.test(m[1]) ? 1 : +m[1], m[2].replace(/^(sec|min|hr)s?$/i, '$1')),
  },
  // 3小时前 / 5分钟前 / 2天前
  {
    re: /(\d+)\s*(秒|分钟|分鐘|个小时|個小時|小时|小時|天|日|周|週|星期)\s*前/,
    build: (m, now) => ago(now, +m[1], m[2]),
  },
  // just now / 刚刚
  { re: /\bjust now\b|刚刚|剛剛/i, build: (_m, now) => now.toISOString() },
  // yesterday / 昨天 08:30 / today
  {
    re: /\b(yesterday|today)\b|(昨天|今天|前天)\s*(?:(\d{1,2})[:：](\d{2}))?/i,
    build: (m, now) => {
      const back = /yesterday|昨天/i.test(m[0]) ? 1 : /前天/.test(m[0]) ? 2 : 0;
      // The day shifts against the crawl date; a clock time given with it is the site's local time.
      const d = new Date(now.getTime() - back * 86_400_000);
      return local(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), m[3], m[4]);
    },
  },
];

/** The first date found in `text` (most specific format first), as ISO 8601, or null. */
export function parseDateText(text: string, now: Date): string | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) {
      const out = p.build(m, now);
      if (out) return out;
    }
  }
  return null;
}

/**
 * A machine-readable date from a meta tag, JSON-LD or <time datetime>: ISO with or without
 * zone, or any of the text formats above.
 */
export function parseDateValue(value: string, now: Date): string | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return local(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10));
  // Unix timestamps (seconds or ms) appear in some meta tags.
  if (/^\d{10}(\d{3})?$/.test(v)) {
    const d = new Date(v.length === 10 ? +v * 1000 : +v);
    return d.getUTCFullYear() >= 1990 ? d.toISOString() : null;
  }
  return parseDateText(v, now);
}
