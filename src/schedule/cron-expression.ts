import cron from 'node-cron';
import { CronExpressionParser } from 'cron-parser';
import { UsageError } from '../cli/usage-error';

const CRON_HELP =
  'valid: 5 or 6 fields "[second] minute hour day-of-month month day-of-week", e.g. "0 */6 * * *" (every 6 hours) or "30 2 * * 1-5"';

/** Checks a cron expression with node-cron's own parser (the one that runs it); returns it trimmed. */
export function checkCron(expression: string): string {
  const expr = String(expression ?? '').trim().replace(/\s+/g, ' ');
  const v = cron.validateDetailed(expr);
  if (!expr || !v.valid) {
    const why = v.errors.map((e) => (e.field === 'expression' ? e.message : `${e.field}: ${e.message}`)).join('; ');
    throw new UsageError(`invalid cron expression "${expression}"${why ? ` (${why})` : ''}; ${CRON_HELP}`);
  }
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

/**
 * The most recent fire time of `expression` at or before `now` (in time zone `tz`), or null when
 * it cannot be computed. node-cron computes only next runs, so cron-parser walks backwards and
 * node-cron's matcher confirms each candidate: the two differ on a few points (node-cron ANDs
 * day-of-month with day-of-week, cron-parser ORs them), and node-cron is what actually fires.
 */
export function previousFireTime(expression: string, tz: string | null, now: Date): Date | null {
  const matcher = cron.createTask(expression, () => undefined, tz ? { timezone: tz } : {});
  try {
    // cron-parser's prev() is strictly before currentDate: step 1 ms past now so `now` itself counts.
    const it = CronExpressionParser.parse(expression, { currentDate: new Date(now.getTime() + 1), ...(tz ? { tz } : {}) });
    for (let i = 0; i < 1000; i++) {
      const d = it.prev().toDate();
      if (matcher.match(d)) return d;
    }
    return null;
  } catch {
    return null; // syntax only node-cron knows (W, L-n): no catch-up for such a schedule
  } finally {
    void matcher.destroy();
  }
}

/** The next fire time strictly after `now`, per node-cron's own matcher (for listings). */
export function nextFireTime(expression: string, tz: string | null, now: Date): Date | null {
  try {
    const it = CronExpressionParser.parse(expression, { currentDate: now, ...(tz ? { tz } : {}) });
    const matcher = cron.createTask(expression, () => undefined, tz ? { timezone: tz } : {});
    try {
      for (let i = 0; i < 1000; i++) {
        const d = it.next().toDate();
        if (matcher.match(d)) return d;
      }
    } finally {
      void matcher.destroy();
    }
  } catch {
    /* fall through */
  }
  return null;
}
