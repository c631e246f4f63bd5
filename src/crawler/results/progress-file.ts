import { join } from 'node:path';
import type { CrawlStats } from './progress';
import type { FailureLog } from './failures';
import { writeFileAtomic } from '../../files/atomic-write';

/** What a crawling process says about its run, for the dashboard (src/ui) to read. */
export interface ProgressSnapshot {
  task: string;
  host: string;
  pid: number;
  /** ISO times: when this process's run started, and when this snapshot was written. */
  startedAt: string;
  updatedAt: string;
  /** True once the run has ended (the last snapshot). */
  final: boolean;
  pagesDone: number;
  pagesFailed: number;
  /** Pages waiting in the task's queue (all processes), null when it could not be read. */
  queued: number | null;
  pagesPerSec: number;
  pagesByType: Record<string, number>;
  recordsByTable: Record<string, number>;
  failuresByReason: Record<string, number>;
}

/** `progress-<host>-<pid>.json` in the task folder: one file per process, like its failure log. */
export function progressFileName(host: string, pid: number): string {
  return `progress-${host}-${pid}.json`;
}

/**
 * Writes the run's counters to the task folder every `intervalMs` (default 1000) and once at the
 * end, by temp file + rename so a reader never sees half a file. The terminal progress line
 * stays as it is; this is for readers in other processes (the dashboard).
 */
export class ProgressFile {
  private timer: NodeJS.Timeout | null = null;
  private readonly file: string;
  private readonly startedAt = new Date().toISOString();

  constructor(
    dir: string,
    private readonly who: { task: string; host: string; pid: number },
    private readonly stats: CrawlStats,
    private readonly failures: FailureLog,
    private readonly queued: () => Promise<number>,
    private readonly intervalMs = 1000,
  ) {
    this.file = join(dir, progressFileName(who.host, who.pid));
  }

  start(): void {
    void this.write(false);
    this.timer = setInterval(() => void this.write(false), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.write(true);
  }

  private async write(final: boolean): Promise<void> {
    const s = this.stats;
    const queued = await this.queued().catch(() => NaN);
    const snap: ProgressSnapshot = {
      ...this.who,
      startedAt: this.startedAt,
      updatedAt: new Date().toISOString(),
      final,
      pagesDone: s.pagesDone,
      pagesFailed: s.pagesFailed,
      queued: Number.isFinite(queued) ? queued : null,
      pagesPerSec: s.pagesDone / Math.max(s.elapsedSecs(), 0.001),
      pagesByType: Object.fromEntries(s.pagesByType),
      recordsByTable: Object.fromEntries(s.recordsByTable),
      failuresByReason: Object.fromEntries(this.failures.byReason),
    };
    try {
      // Rewritten every few seconds for onlookers: not worth a flush to disk each time.
      writeFileAtomic(this.file, JSON.stringify(snap), { durable: false });
    } catch {
      // Progress for onlookers only: a full disk must not stop the crawl here (the store reports it).
    }
  }
}
