import type { PageType } from '../../../extractors/types';
import { formatPace, type HostSlowdown } from '../fetching/host-backoff';
import type { ProxyReport } from '../fetching/proxies';

/** Live counters of a run, shown as a status line and summarised at the end. */
export class CrawlStats {
  readonly startedAt = Date.now();
  pagesDone = 0;
  pagesFailed = 0;
  linksSkipped = new Map<string, number>();
  readonly pagesByType = new Map<PageType, number>();
  readonly recordsByTable = new Map<string, number>();
  recordsRejected = 0;
  /** Re-crawl accounting: records new to the store, rewritten because they changed, or found as stored. */
  recordsNew = 0;
  recordsChanged = 0;
  recordsUnchanged = 0;
  /** Pages that answered 404/410 (their records marked gone). */
  pagesGone = 0;
  /** HTTP mode: pages that answered 304 Not Modified (not downloaded, not re-extracted). */
  pagesNotModified = 0;
  /** Known pages this run did not reach, re-checked at the end (see run-task). */
  pagesRechecked = 0;
  /** The expand step of rendered pages (see page-expand): "more" clicks and the pages that had any, menu items hovered. */
  expandClicks = 0;
  expandedPages = 0;
  hoveredItems = 0;
  hoveredPages = 0;
  /** Continuation pages of multi-page articles, fetched and joined to their first page (see article-parts). */
  articleParts = 0;
  /** Hosts that blocked us and how far they were slowed (see fetching/host-backoff). */
  readonly hostsSlowed = new Map<string, HostSlowdown>();
  /** Sessions retired because a page answered with a block. */
  sessionsRetired = 0;
  /** Use of each proxy (masked), when proxies are configured. */
  proxyReport: (() => ProxyReport[]) | null = null;
  /** Adaptive mode's replay per page template (see fetching/replay). */
  readonly replayByTemplate = new Map<string, import('../fetching/replay/replay-book').ReplayCounts>();

  addPage(type: PageType): void {
    this.pagesDone++;
    this.pagesByType.set(type, (this.pagesByType.get(type) ?? 0) + 1);
  }

  addRecords(table: string, n: number): void {
    if (n > 0) this.recordsByTable.set(table, (this.recordsByTable.get(table) ?? 0) + n);
  }

  skip(reason: string): void {
    this.linksSkipped.set(reason, (this.linksSkipped.get(reason) ?? 0) + 1);
  }

  elapsedSecs(): number {
    return (Date.now() - this.startedAt) / 1000;
  }
}

/**
 * Progress on stderr: a status line rewritten in place on a terminal, a plain line every
 * `intervalMs` otherwise (logs and CI stay readable).
 */
export class ProgressReporter {
  private timer: NodeJS.Timeout | null = null;
  private readonly tty: boolean;

  constructor(
    private readonly stats: CrawlStats,
    private readonly queued: () => Promise<number>,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly intervalMs = stream.isTTY ? 500 : 10_000,
  ) {
    this.tty = Boolean(stream.isTTY);
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.tty) this.stream.write('\r\x1b[2K');
  }

  private async tick(): Promise<void> {
    const s = this.stats;
    const secs = s.elapsedSecs();
    const queued = await this.queued().catch(() => NaN);
    const line =
      `pages ${s.pagesDone} done, ${Number.isNaN(queued) ? '?' : queued} queued, ${s.pagesFailed} failed` +
      ` | ${(s.pagesDone / Math.max(secs, 0.001)).toFixed(1)} pages/s | ${formatDuration(secs)}` +
      slowedNow(s);
    if (this.tty) this.stream.write(`\r\x1b[2K${line}`);
    else this.stream.write(`[progress] ${line}\n`);
  }
}

/** " | slowed: host a 1 page / 4 s (12 blocks)" for the hosts still slowed by blocks. */
function slowedNow(s: CrawlStats): string {
  const hosts = [...s.hostsSlowed].filter(([, h]) => h.blocks > 0 && h.delayMs > 0);
  if (hosts.length === 0) return '';
  const shown = hosts.slice(0, 3).map(([host, h]) => `${host} ${formatPace(h.delayMs)} (${h.blocks} blocks)`);
  return ` | slowed: ${shown.join(', ')}${hosts.length > 3 ? ` +${hosts.length - 3} hosts` : ''}`;
}

export function formatDuration(secs: number): string {
  const s = Math.floor(secs % 60);
  const m = Math.floor(secs / 60) % 60;
  const h = Math.floor(secs / 3600);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : `${m}:${String(s).padStart(2, '0')}`;
}
