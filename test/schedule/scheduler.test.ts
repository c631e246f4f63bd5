import { describe, expect, it } from 'vitest';
import { missedFireTime, Scheduler, type JobOutcome } from '../../src/schedule/scheduler';
import { JsonScheduleStore, type ScheduleEntry } from '../../src/schedule/schedule-store';
import { entry } from './entry';
import { tempDir } from '../helpers/temp-dir';

function store(): JsonScheduleStore {
  return JsonScheduleStore.inDataDir(tempDir('scheduler-'));
}

describe('missed runs (controllable clock)', () => {
  const at = (iso: string) => new Date(iso);

  it('a fire time after the last run is missed; one before it is not', () => {
    const e = entry('shop', { cron: '0 */6 * * *', timezone: 'UTC', lastRunAt: '2026-01-01T06:00:02.000Z' });
    expect(missedFireTime(e, at('2026-01-01T11:59:00Z'))).toBeNull();
    expect(missedFireTime(e, at('2026-01-01T13:00:00Z'))?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    // Down for two days: still one missed run (the latest), not eight.
    expect(missedFireTime(e, at('2026-01-03T13:00:00Z'))?.toISOString()).toBe('2026-01-03T12:00:00.000Z');
  });

  it('a schedule that never ran counts from its creation', () => {
    const e = entry('shop', { createdAt: '2026-01-01T06:30:00.000Z' });
    expect(missedFireTime(e, at('2026-01-01T11:00:00Z'))).toBeNull();
    expect(missedFireTime(e, at('2026-01-01T12:00:01Z'))).not.toBeNull();
  });

  it('uses the schedule\'s time zone', () => {
    // 09:00 in Shanghai is 01:00Z; 09:00 UTC is 09:00Z.
    const last = { lastRunAt: '2026-01-01T00:30:00.000Z' };
    expect(missedFireTime(entry('a', { cron: '0 9 * * *', timezone: 'Asia/Shanghai', ...last }), at('2026-01-01T02:00:00Z'))?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(missedFireTime(entry('a', { cron: '0 9 * * *', timezone: 'UTC', ...last }), at('2026-01-01T02:00:00Z'))).toBeNull();
  });

  it('the scheduler runs a missed schedule once at start-up and records the run', async () => {
    const s = store();
    await s.put(entry('missed', { lastRunAt: '2026-01-01T06:00:01.000Z' }));
    await s.put(entry('ontime', { lastRunAt: '2026-01-01T12:00:01.000Z' }));
    const ran: string[] = [];
    const now = new Date('2026-01-01T13:00:00Z');
    const sch = new Scheduler({ store: s, now: () => now, reloadMs: 0, runJob: async (e: ScheduleEntry): Promise<JobOutcome> => (ran.push(e.task), { ok: true, exitCode: 0 }) });
    await sch.start();
    await sch.stop();
    expect(ran).toEqual(['missed']);
    expect(await s.get('missed')).toMatchObject({ lastRunAt: now.toISOString(), lastRunStatus: 'ok' });
    // Started again half an hour later: nothing is missed any more.
    const later = new Scheduler({ store: s, now: () => new Date('2026-01-01T13:30:00Z'), reloadMs: 0, runJob: async (e) => (ran.push(e.task), { ok: true, exitCode: 0 }) });
    await later.start();
    await later.stop();
    expect(ran).toEqual(['missed']);
  });
});

describe('no overlap (real cron timer, every second)', () => {
  it('skips a fire time while the previous run of the same task is still going', async () => {
    const s = store();
    await s.put(entry('slow', { cron: '* * * * * *', createdAt: new Date().toISOString() }));
    let inFlight = 0;
    let maxInFlight = 0;
    const sch = new Scheduler({
      store: s,
      reloadMs: 0,
      catchUp: false,
      runJob: async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 2200)); // longer than two fire intervals
        inFlight--;
        return { ok: true, exitCode: 0 };
      },
    });
    await sch.start();
    await new Promise((r) => setTimeout(r, 3600));
    await sch.stop();
    expect(maxInFlight).toBe(1);
    expect(sch.counts.started).toBeGreaterThanOrEqual(1);
    expect(sch.counts.skippedOverlap).toBeGreaterThanOrEqual(1);
    expect((await s.get('slow'))?.lastRunStatus).toBe('ok');
  });

  it('picks up a schedule added while it runs and drops a removed one', async () => {
    const s = store();
    const sch = new Scheduler({ store: s, reloadMs: 200, catchUp: false, runJob: async () => ({ ok: true, exitCode: 0 }) });
    await sch.start();
    expect(sch.tasks()).toEqual([]);
    await s.put(entry('late', { cron: '* * * * * *', createdAt: new Date().toISOString() }));
    await new Promise((r) => setTimeout(r, 1600));
    expect(sch.tasks()).toEqual(['late']);
    expect(sch.counts.started).toBeGreaterThanOrEqual(1);
    await s.remove('late');
    await new Promise((r) => setTimeout(r, 400));
    expect(sch.tasks()).toEqual([]);
    await sch.stop();
  });
});
