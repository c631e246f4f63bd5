import { englishMonth } from './date-text';

/**
 * The publication day a page's URL carries ("/2025/12/18/slug", "/2025-12-15-title",
 * "/a/20111209/1.shtml", "/n/2013/0506/c1001-1.html", "/2023/october/03/slug"): content systems write it once, from the
 * first publication's local day, and never change it. "YYYY-MM-DD" or null.
 */
export function urlDay(url: string | null | undefined, now: Date): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url ?? '').pathname);
  } catch {
    return null;
  }
  const numeric = /(?<!\d)((?:19|20)\d\d)([/_.-]?)(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?!\d)/.exec(path);
  if (numeric) return checked(+numeric[1]!, +numeric[3]!, +numeric[4]!, now);
  // The year as a folder and the month-day as the next one: "/n/2013/0506/c1001-…", "/2013/0506/5678.shtml".
  const folders = /\/((?:19|20)\d\d)\/(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\//.exec(path);
  if (folders) return checked(+folders[1]!, +folders[2]!, +folders[3]!, now);
  const named = /\/((?:19|20)\d\d)\/([a-z]{3,9})\/(\d{1,2})(?=\/)/i.exec(path);
  const month = named ? englishMonth(named[2]!) : null;
  return named && month ? checked(+named[1]!, month, +named[3]!, now) : null;
}

/**
 * The day a path writes as a two-digit year and a month-day segment right before its file name
 * ("/23/0512/08/ID.html": year, month and day, hour; "/23/0512/ID.html"). Two and four digits
 * could be ids as well, so it is read only as a fallback for a page that shows no date, and
 * only when the path holds no other run of digits before it that could be a year.
 */
export function shortUrlDay(url: string | null | undefined, now: Date): string | null {
  let path: string;
  try {
    path = new URL(url ?? '').pathname;
  } catch {
    return null;
  }
  const m = /\/(\d\d)\/(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\/(?:(?:[01]\d|2[0-3])\/)?[^/]*[^/\d][^/]*$/.exec(path);
  if (!m || /\d/.test(path.slice(0, m.index))) return null;
  return checked(2000 + +m[1]!, +m[2]!, +m[3]!, now);
}

function checked(y: number, m: number, d: number, now: Date): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  // Not a day in the future of every clock, nor an impossible one (Feb 30).
  if (date.getUTCMonth() !== m - 1 || date.getTime() > now.getTime() + 86_400_000) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
