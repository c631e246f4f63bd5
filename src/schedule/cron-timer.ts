import { nextFireTime } from './cron-expression';

/** A running cron timer; `stop()` cancels the next fire. */
export interface CronTimer {
  stop(): void;
}

/** setTimeout takes at most 2^31-1 ms (~24.8 days); longer waits are taken in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Calls `onFire` at every fire time of a checked cron expression in zone `tz` (null = the
 * machine's). The next fire time is computed from the clock after each fire, so a suspended
 * machine or a slow callback never fires twice for one time, nor queues up missed ones.
 */
export function startCronTimer(expression: string, tz: string | null, onFire: (at: Date) => void): CronTimer {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const arm = (after: Date) => {
    if (stopped) return;
    const at = nextFireTime(expression, tz, after);
    if (!at) return;
    const wait = () => {
      if (stopped) return;
      const left = at.getTime() - Date.now();
      if (left > 0) {
        timer = setTimeout(wait, Math.min(left, MAX_TIMEOUT_MS));
        return;
      }
      onFire(at);
      arm(new Date(Math.max(Date.now(), at.getTime())));
    };
    wait();
  };
  arm(new Date());
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
