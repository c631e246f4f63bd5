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

  it('follows standard crontab: a restricted day-of-month OR a restricted day-of-week fires', () => {
    // crontab(5): "0 0 1 * 1" runs at midnight on the 1st of each month AND on every Monday.
    // 2026-03-30 is a Monday, 2026-04-01 a Wednesday, 2026-04-06 a Monday.
    const fires: string[] = [];
    let at = new Date('2026-03-28T00:00:00Z');
    for (let i = 0; i < 3; i++) {
      at = nextFireTime('0 0 1 * 1', 'UTC', at)!;
      fires.push(at.toISOString().slice(0, 10));
    }
    expect(fires).toEqual(['2026-03-30', '2026-04-01', '2026-04-06']);
    expect(previousFireTime('0 0 13 * 5', 'UTC', new Date('2026-03-01T00:00:00Z'))?.toISOString()).toBe('2026-02-27T00:00:00.000Z');
  });

  it('names the field that is out of range', () => {
    expect(() => checkCron('0 0 32 * *')).toThrow(/day-of-month: .*32/);
    expect(() => checkCron('@fortnightly')).toThrow(/invalid cron expression "@fortnightly"/);
    expect(checkCron('@daily')).toBe('@daily');
  });
});

describe('cron timer', () => {
  it('fires once per fire time of a per-second schedule and stops when told', async () => {
    const { startCronTimer } = await import('../../src/schedule/cron-timer');
    const fired: number[] = [];
    const t = startCronTimer('* * * * * *', null, (at) => fired.push(at.getTime()));
    await new Promise((r) => setTimeout(r, 2600));
    t.stop();
    const n = fired.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(n).toBeGreaterThanOrEqual(2);
    expect(fired.length).toBe(n); // nothing after stop()
    // one call per distinct second, each on a whole second
    expect(new Set(fired).size).toBe(fired.length);
    for (const at of fired) expect(at % 1000).toBe(0);
  });
});
