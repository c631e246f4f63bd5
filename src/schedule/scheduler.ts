import { previousFireTime } from './cron-expression';
import { startCronTimer, type CronTimer } from './cron-timer';
import type { ScheduleEntry, ScheduleStore } from './schedule-store';

export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

export interface JobOutcome {
  ok: boolean;
  exitCode: number | null;
}

/** Runs one re-crawl of a schedule; `signal` aborts when the scheduler shuts down. */
export type RunJob = (entry: ScheduleEntry, signal: AbortSignal) => Promise<JobOutcome>;

export interface SchedulerOptions {
  store: ScheduleStore;
  runJob: RunJob;
  /** Clock for missed-run checks and recorded run times. Default `() => new Date()`. */
  now?: () => Date;
  log?: Log;
  /** Re-read the store this often to pick up added, changed or removed schedules. Default 15000 ms; 0 = never. */
  reloadMs?: number;
  /** At start-up, run once a schedule whose last fire time passed while no scheduler ran. Default true. */
  catchUp?: boolean;
}

/**
 * The fire time a schedule missed: its latest fire time at or before `now`, when that is after
 * its last run (or its creation, if it never ran). Null = nothing missed.
 */
export function missedFireTime(entry: ScheduleEntry, now: Date): Date | null {
  const prev = previousFireTime(entry.cron, entry.timezone, now);
  if (!prev) return null;
  const since = new Date(entry.lastRunAt ?? entry.createdAt).getTime();
  return prev.getTime() > since ? prev : null;
}

function sameSchedule(a: ScheduleEntry, b: ScheduleEntry): boolean {
  return a.cron === b.cron && a.timezone === b.timezone && a.urls === b.urls && JSON.stringify(a.crawlArgs) === JSON.stringify(b.crawlArgs);
}

/**
 * Runs every stored schedule on a cron timer (standard crontab semantics, see cron-expression.ts). A task's run never overlaps its previous run: a
 * fire time that comes while the previous run is still going is skipped and logged (the
 * re-crawl in progress already picks up the changes). Runs of different tasks may overlap.
 */
export class Scheduler {
  private readonly now: () => Date;
  private readonly log: Log;
  private readonly active = new Map<string, { entry: ScheduleEntry; cronTask: CronTimer }>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private reloadTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Runs started and fire times skipped because the previous run was still going. */
  readonly counts = { started: 0, skippedOverlap: 0, missedRuns: 0 };

  constructor(private readonly opts: SchedulerOptions) {
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? (() => undefined);
  }

  /** Loads the schedules, starts their cron timers and runs the missed ones once. */
  async start(): Promise<void> {
    await this.sync();
    const every = this.opts.reloadMs ?? 15_000;
    if (every > 0) {
      this.reloadTimer = setInterval(() => void this.sync().catch((err) => this.log('error', `cannot re-read schedules: ${(err as Error).message}`)), every);
    }
  }

  /** Tasks with a cron timer running. */
  tasks(): string[] {
    return [...this.active.keys()];
  }

  isRunning(task: string): boolean {
    return this.running.has(task);
  }

  /** Starts a run of `task` now unless one is still going. */
  trigger(task: string, reason: 'scheduled' | 'missed' | 'manual'): 'started' | 'skipped' {
    const slot = this.active.get(task);
    if (!slot || this.stopped) return 'skipped';
    if (this.running.has(task)) {
      this.counts.skippedOverlap++;
      this.log('warn', `schedule ${task}: previous run still running; this ${reason} run is skipped`, { task });
      return 'skipped';
    }
    const entry = slot.entry;
    const startedAt = this.now();
    this.counts.started++;
    this.log('info', `schedule ${task}: run started (${reason})`, { task, cron: entry.cron });
    const run = (async () => {
      let outcome: JobOutcome;
      try {
        outcome = await this.opts.runJob(entry, this.abort.signal);
      } catch (err) {
        this.log('error', `schedule ${task}: run failed: ${(err as Error).message}`, { task });
        outcome = { ok: false, exitCode: null };
      }
      this.log(outcome.ok ? 'info' : 'warn', `schedule ${task}: run ${outcome.ok ? 'finished' : 'failed'}`, { task, exitCode: outcome.exitCode });
      try {
        await this.opts.store.recordRun(task, { startedAt, ok: outcome.ok, exitCode: outcome.exitCode });
      } catch (err) {
        this.log('error', `schedule ${task}: cannot record the run: ${(err as Error).message}`, { task });
      }
    })().finally(() => this.running.delete(task));
    this.running.set(task, run);
    return 'started';
  }

  /** Stops the timers; with `abortRuns` tells running jobs to stop; waits for them either way. */
  async stop(opts: { abortRuns?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.reloadTimer) clearInterval(this.reloadTimer);
    for (const { cronTask } of this.active.values()) cronTask.stop();
    this.active.clear();
    if (opts.abortRuns) this.abort.abort();
    await Promise.all([...this.running.values()]);
  }

  /** Brings the cron timers in line with the store; new or changed schedules get the catch-up check. */
  private async sync(): Promise<void> {
    if (this.stopped) return;
    const entries = await this.opts.store.list();
    const wanted = new Map(entries.map((e) => [e.task, e]));
    for (const [task, slot] of this.active) {
      if (!wanted.has(task)) {
        slot.cronTask.stop();
        this.active.delete(task);
        this.log('info', `schedule ${task}: removed`, { task });
      }
    }
    for (const entry of entries) {
      const slot = this.active.get(entry.task);
      if (slot && sameSchedule(slot.entry, entry)) {
        slot.entry = entry;
        continue;
      }
      if (slot) slot.cronTask.stop();
      const cronTask = startCronTimer(entry.cron, entry.timezone, () => void this.trigger(entry.task, 'scheduled'));
      this.active.set(entry.task, { entry, cronTask });
      this.log('info', `schedule ${entry.task}: "${entry.cron}"${entry.timezone ? ` (${entry.timezone})` : ''}`, { task: entry.task });
      if (this.opts.catchUp ?? true) {
        const missed = missedFireTime(entry, this.now());
        if (missed) {
          this.counts.missedRuns++;
          this.log('info', `schedule ${entry.task}: the run due at ${missed.toISOString()} was missed; running it now`, { task: entry.task });
          this.trigger(entry.task, 'missed');
        }
      }
    }
  }
}
