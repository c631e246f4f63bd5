import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

export interface SupervisorOptions {
  /** Worker processes kept running. */
  workers: number;
  /** Program and arguments of worker `index` (0-based). */
  command: string;
  args: (index: number) => string[];
  env?: NodeJS.ProcessEnv;
  /** Default 'inherit': workers log to our stderr/stdout. */
  stdio?: StdioOptions;
  /** Restart delay after a crash: initialMs × 2^(crashes in a row − 1), at most maxMs. Default 500 ms … 30 s. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** A worker that ran this long before crashing starts its back-off afresh. Default 30 s. */
  stableMs?: number;
  /** Give up when this many crashes (all workers together) happen within windowMs. Default 5 in 60 s. */
  crashLoop?: { maxCrashes?: number; windowMs?: number };
  /** Exit codes meaning "bad command line": restarting cannot help, so the supervisor ends. Default [2]. */
  fatalExitCodes?: number[];
  log?: Log;
}

export type SupervisorEnd =
  | { reason: 'done'; code: 0 }
  | { reason: 'crash-loop' | 'fatal-exit'; code: number; message: string }
  | { reason: 'interrupted'; code: 130 };

interface Slot {
  index: number;
  child: ChildProcess | null;
  startedAt: number;
  crashesInRow: number;
  restartTimer: NodeJS.Timeout | null;
  done: boolean;
}

/**
 * Keeps N worker processes running: a worker that dies (non-zero exit or a signal it did not
 * get from us) is restarted after an exponential back-off; too many crashes in a short time
 * end everything with a message instead of restarting forever. A worker that exits 0 has
 * finished its task and is not restarted; when all have, the supervisor ends with code 0.
 * Workers get their own process group, so Ctrl-C reaches them once, forwarded by `shutdown`.
 */
export class Supervisor {
  private readonly slots: Slot[] = [];
  private readonly crashTimes: number[] = [];
  private stopping = false;
  private endWith: SupervisorEnd | null = null;
  private resolveEnd!: (e: SupervisorEnd) => void;
  readonly ended: Promise<SupervisorEnd>;
  readonly counts = { spawned: 0, crashes: 0, restarts: 0 };
  private readonly log: Log;
  private readonly spawnListeners: Array<(index: number, child: ChildProcess) => void> = [];

  constructor(private readonly opts: SupervisorOptions) {
    this.log = opts.log ?? (() => undefined);
    this.ended = new Promise((res) => (this.resolveEnd = res));
  }

  /** Called with every (re)started worker; tests use it to find pids. */
  onSpawn(fn: (index: number, child: ChildProcess) => void): void {
    this.spawnListeners.push(fn);
  }

  start(): Promise<SupervisorEnd> {
    for (let i = 0; i < this.opts.workers; i++) {
      const slot: Slot = { index: i, child: null, startedAt: 0, crashesInRow: 0, restartTimer: null, done: false };
      this.slots.push(slot);
      this.spawn(slot);
    }
    return this.ended;
  }

  /** Live worker pids. */
  pids(): number[] {
    return this.slots.flatMap((s) => (s.child?.pid && s.child.exitCode === null && s.child.signalCode === null ? [s.child.pid] : []));
  }

  /** Sends `signal` to every worker (again on a second call) and waits for all to exit. */
  async shutdown(signal: NodeJS.Signals = 'SIGINT', end: SupervisorEnd = { reason: 'interrupted', code: 130 }): Promise<SupervisorEnd> {
    this.stopping = true;
    this.endWith ??= end;
    for (const s of this.slots) {
      if (s.restartTimer) clearTimeout(s.restartTimer);
      s.restartTimer = null;
      if (s.child && s.child.exitCode === null && s.child.signalCode === null) s.child.kill(signal);
    }
    this.maybeEnd();
    return this.ended;
  }

  private spawn(slot: Slot): void {
    const child = spawn(this.opts.command, this.opts.args(slot.index), {
      stdio: this.opts.stdio ?? 'inherit',
      env: this.opts.env ?? process.env,
      detached: true,
    });
    slot.child = child;
    slot.startedAt = Date.now();
    this.counts.spawned++;
    this.log('info', `worker ${slot.index + 1} started`, { pid: child.pid });
    for (const fn of this.spawnListeners) fn(slot.index, child);
    child.on('error', (err) => this.log('error', `worker ${slot.index + 1} could not start: ${err.message}`));
    child.on('exit', (code, signal) => this.onExit(slot, child, code, signal));
  }

  private onExit(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.child !== child) return;
    slot.child = null;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (this.stopping) {
      this.log('info', `worker ${slot.index + 1} ended (${how})`, { pid: child.pid });
      slot.done = true;
      return this.maybeEnd();
    }
    if (code === 0) {
      this.log('info', `worker ${slot.index + 1} finished`, { pid: child.pid });
      slot.done = true;
      return this.maybeEnd();
    }
    if (code !== null && (this.opts.fatalExitCodes ?? [2]).includes(code)) {
      const message = `worker ${slot.index + 1} exited with code ${code} (invalid command line or settings); not restarting — see its message above`;
      this.log('error', message);
      slot.done = true;
      void this.shutdown('SIGINT', { reason: 'fatal-exit', code, message });
      return;
    }
    const now = Date.now();
    this.counts.crashes++;
    this.crashTimes.push(now);
    const { maxCrashes = 5, windowMs = 60_000 } = this.opts.crashLoop ?? {};
    while (this.crashTimes.length && this.crashTimes[0]! <= now - windowMs) this.crashTimes.shift();
    if (this.crashTimes.length >= maxCrashes) {
      const message = `workers crashed ${this.crashTimes.length} times within ${Math.round(windowMs / 1000)} s (last: worker ${slot.index + 1}, ${how}); giving up — fix the cause shown above, then run supervise again`;
      this.log('error', message);
      slot.done = true;
      void this.shutdown('SIGINT', { reason: 'crash-loop', code: 1, message });
      return;
    }
    slot.crashesInRow = now - slot.startedAt >= (this.opts.stableMs ?? 30_000) ? 1 : slot.crashesInRow + 1;
    const { initialMs = 500, maxMs = 30_000 } = this.opts.backoff ?? {};
    const delay = Math.min(maxMs, initialMs * 2 ** (slot.crashesInRow - 1));
    this.log('warn', `worker ${slot.index + 1} died (${how}); restarting in ${delay} ms`, { pid: child.pid });
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = null;
      if (this.stopping) return this.maybeEnd();
      this.counts.restarts++;
      this.spawn(slot);
    }, delay);
  }

  private maybeEnd(): void {
    const busy = this.slots.some((s) => s.child !== null || s.restartTimer !== null);
    if (busy) return;
    if (this.stopping) return this.resolveEnd(this.endWith ?? { reason: 'interrupted', code: 130 });
    if (this.slots.every((s) => s.done)) this.resolveEnd({ reason: 'done', code: 0 });
  }
}
