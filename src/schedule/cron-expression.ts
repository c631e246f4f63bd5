import { CronExpressionParser } from 'cron-parser';
import { UsageError } from '../cli/usage-error';

/**
 * Cron expressions follow standard crontab (cron-parser is the one library that both checks and
 * fires them): when day-of-month and day-of-week are both restricted, a day matching EITHER fires,
 * so `0 0 1 * 1` runs on the 1st of every month and on every Monday, as crontab(5) says.
 */

const CRON_HELP =
  'valid: 5 or 6 fields "[second] minute hour day-of-month month day-of-week" (standard crontab), e.g. "0 */6 * * *" (every 6 hours) or "30 2 * * 1-5", or @hourly, @daily, @weekly, @monthly, @yearly';

const FIELDS_5 = ['minute', 'hour', 'day-of-month', 'month', 'day-of-week'];
const FIELDS_6 = ['second', ...FIELDS_5];

function parse(expr: string, tz: string | null, currentDate: Date) {
  return CronExpressionParser.parse(expr, { currentDate, ...(tz ? { tz } : {}) });
}

/** The first field whose value cron-parser refuses, with its message (the other fields set to `*`). */
function badField(fields: string[]): string | null {
  const names = fields.length === 6 ? FIELDS_6 : FIELDS_5;
  for (let i = 0; i < fields.length; i++) {
    const probe = fields.map((f, j) => (j === i ? f : '*')).join(' ');
    try {
      parse(probe, null, new Date());
    } catch (err) {
      return `${names[i]}: ${(err as Error).message}`;
    }
  }
  return null;
}

/** Checks a cron expression; returns it with its spacing normalised. */
export function checkCron(expression: string): string {
  const expr = String(expression ?? '').trim().replace(/\s+/g, ' ');
  const fields = expr ? expr.split(' ') : [];
  const alias = fields.length === 1 && fields[0]!.startsWith('@');
  let why: string | null = null;
  if (!alias && fields.length !== 5 && fields.length !== 6) why = `expected 5 or 6 fields but got ${fields.length}`;
  else {
    try {
      parse(expr, null, new Date());
    } catch (err) {
      why = (alias ? null : badField(fields)) ?? (err as Error).message;
    }
  }
  if (why) throw new UsageError(`invalid cron expression "${expression}" (${why}); ${CRON_HELP}`);
  return expr;
}

/** Checks an IANA time zone name (null/empty = the machine's zone); returns it. */
export function checkTimeZone(tz: string | null | undefined): string | null {
  if (tz === null || tz === undefined || tz.trim() === '') return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz.trim() });
  } catch {
    throw new UsageError(`invalid time zone "${tz}"; valid: an IANA zone name such as UTC, Asia/Shanghai, Europe/Berlin, America/New_York`);
  }
  return tz.trim();
}

/** The most recent fire time of `expression` at or before `now` (in zone `tz`), or null. */
export function previousFireTime(expression: string, tz: string | null, now: Date): Date | null {
  try {
    // prev() is strictly before currentDate: step 1 ms past now so `now` itself counts.
    return parse(expression, tz, new Date(now.getTime() + 1)).prev().toDate();
  } catch {
    return null;
  }
}

/** The next fire time strictly after `now` (in zone `tz`), or null. */
export function nextFireTime(expression: string, tz: string | null, now: Date): Date | null {
  try {
    return parse(expression, tz, now).next().toDate();
  } catch {
    return null;
  }
}
