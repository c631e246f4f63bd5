import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/usage-error';
import { checkCron, checkTimeZone, nextFireTime, previousFireTime } from '../../src/schedule/cron-expression';

describe('cron expressions and time zones', () => {
  it('accepts 5- and 6-field expressions and rejects bad ones naming what is valid', () => {
    expect(checkCron(' 0  */6 * * * ')).toBe('0 */6 * * *');
    expect(checkCron('*/5 * * * * *')).toBe('*/5 * * * * *');
    expect(() => checkCron('0 */6 * *')).toThrow(UsageError);
    expect(() => checkCron('0 */6 * *')).toThrow(/expected 5 or 6 fields but got 4.*valid: 5 or 6 fields/);
    expect(() => checkCron('61 * * * *')).toThrow(/minute/);
  });

  it('accepts IANA zones and rejects unknown ones', () => {
    expect(checkTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(checkTimeZone(undefined)).toBeNull();
    expect(() => checkTimeZone('Mars/Base')).toThrow(/invalid time zone "Mars\/Base"; valid: an IANA zone name/);
  });

  it('computes the previous fire time in the schedule\'s time zone', () => {
    const now = new Date('2026-01-01T13:00:00Z');
    // 21:00 in Shanghai (UTC+8): last 6-hourly fire was 18:00 local = 10:00Z.
    expect(previousFireTime('0 */6 * * *', 'Asia/Shanghai', now)?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(previousFireTime('0 */6 * * *', 'UTC', now)?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(previousFireTime('0 9 * * *', 'America/New_York', now)?.toISOString()).toBe('2025-12-31T14:00:00.000Z');
    // A fire time equal to now counts as the previous one.
    expect(previousFireTime('0 */6 * * *', 'UTC', new Date('2026-01-01T12:00:00Z'))?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(nextFireTime('0 */6 * * *', 'UTC', now)?.toISOString()).toBe('2026-01-01T18:00:00.000Z');
  });

  it('follows node-cron (day-of-month AND day-of-week) where cron-parser would OR them', () => {
    // "midnight on the 13th when it is a Friday": 2026-02-13 and 2026-03-13 are Fridays.
    const prev = previousFireTime('0 0 13 * 5', 'UTC', new Date('2026-03-01T00:00:00Z'));
    expect(prev?.toISOString()).toBe('2026-02-13T00:00:00.000Z');
  });
});
