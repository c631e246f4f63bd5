import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/usage-error';
import { runOnSchedule } from '../../src/schedule/run-on-schedule';

describe('runOnSchedule (the main job\'s --schedule)', () => {
  it('runs now, then on the schedule, never two runs at once, until stopped', async () => {
    const ac = new AbortController();
    const starts: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const logs: string[] = [];
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 3300);
    await runOnSchedule('* * * * * *', 'UTC', async () => {
      starts.push(Date.now() - t0);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, starts.length === 1 ? 1500 : 100));
      inFlight--;
    }, { signal: ac.signal, handleSignals: false, log: (_l, m) => logs.push(m) });
    expect(starts.length).toBeGreaterThanOrEqual(2); // the immediate run and scheduled ones after it
    expect(maxInFlight).toBe(1);
    expect(logs.some((m) => /previous run still running/.test(m))).toBe(true);
    expect(logs.some((m) => /next scheduled run at/.test(m))).toBe(true);
  });

  it('runs at once (not only at the next fire time) and waits for that run before returning', async () => {
    const ac = new AbortController();
    let finished = false;
    setTimeout(() => ac.abort(), 100);
    await runOnSchedule('0 0 1 1 *', null, async () => {
      await new Promise((r) => setTimeout(r, 600));
      finished = true;
    }, { signal: ac.signal, handleSignals: false });
    expect(finished).toBe(true);
  });

  it('rejects an invalid cron expression or zone before running anything', async () => {
    let ran = false;
    const run = async () => void (ran = true);
    await expect(runOnSchedule('every 6 hours', null, run, { handleSignals: false })).rejects.toBeInstanceOf(UsageError);
    await expect(runOnSchedule('0 */6 * * *', 'Nowhere/City', run, { handleSignals: false })).rejects.toThrow(/invalid time zone/);
    expect(ran).toBe(false);
  });

  it('a run that fails is logged and the schedule goes on; a usage error ends it', async () => {
    const ac = new AbortController();
    let runs = 0;
    const logs: string[] = [];
    setTimeout(() => ac.abort(), 2300);
    await runOnSchedule('* * * * * *', null, async () => {
      runs++;
      throw new Error('site unreachable');
    }, { signal: ac.signal, handleSignals: false, log: (_l, m) => logs.push(m) });
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(logs.filter((m) => m === 'scheduled run failed: site unreachable').length).toBe(runs);
    await expect(runOnSchedule('* * * * * *', null, async () => {
      throw new UsageError('--urls <list> is required');
    }, { handleSignals: false })).rejects.toThrow('--urls <list> is required');
  });
});
