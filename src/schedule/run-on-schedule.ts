import { UsageError } from '../cli/usage-error';
import { checkCron, checkTimeZone, nextFireTime } from './cron-expression';
import { startCronTimer } from './cron-timer';
import type { Log } from './scheduler';

export interface RunOnScheduleOptions {
  /** Run once immediately, then on the schedule. Default true. */
  runNow?: boolean;
  /** Aborting stops the schedule (after the run in progress ends). */
  signal?: AbortSignal;
  /** Stop the schedule on SIGINT / SIGTERM. Default true. */
  handleSignals?: boolean;
  log?: Log;
}

/**
 * The main job's `--schedule "<cron>"`: runs `run` now and then at every fire time of `cron`
 * (in time zone `tz`, null = the machine's) until Ctrl-C or `signal`. A fire time that comes
 * while the previous run is still going is skipped and logged, never overlapped. A run that
 * throws is logged and the schedule goes on, except a UsageError, which ends it (it would
 * fail the same way every time). Invalid cron / zone → UsageError before anything runs.
 */
export async function runOnSchedule(cronExpr: string, tz: string | null | undefined, run: () => Promise<void>, opts: RunOnScheduleOptions = {}): Promise<void> {
  const expr = checkCron(cronExpr);
  const zone = checkTimeZone(tz);
  const log: Log = opts.log ?? (() => undefined);
  let busy: Promise<void> | null = null;
  let fatal: unknown = null;
  let finish!: () => void;
  const ended = new Promise<void>((res) => (finish = res));

  const announceNext = () => {
    const next = nextFireTime(expr, zone, new Date());
    if (next) log('info', `next scheduled run at ${next.toISOString()}`, { cron: expr, ...(zone ? { timezone: zone } : {}) });
  };
  const fire = (reason: 'start' | 'scheduled') => {
    if (busy) {
      log('warn', 'previous run still running; this scheduled run is skipped', { cron: expr });
      return;
    }
    busy = (async () => {
      try {
        await run();
      } catch (err) {
        if (err instanceof UsageError) {
          fatal = err;
          finish();
          return;
        }
        log('error', `scheduled run failed: ${(err as Error).message}`, { reason });
      }
      announceNext();
    })().finally(() => (busy = null));
  };

  const onSignal = () => finish();
  if (opts.handleSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  if (opts.signal?.aborted) finish();
  opts.signal?.addEventListener('abort', onSignal, { once: true });
  const task = startCronTimer(expr, zone, () => fire('scheduled'));
  if (opts.runNow ?? true) fire('start');
  else announceNext();

  try {
    await ended;
  } finally {
    task.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    opts.signal?.removeEventListener('abort', onSignal);
    await busy;
  }
  if (fatal) throw fatal;
}
