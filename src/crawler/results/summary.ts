import type { CrawlStats } from './progress';
import { formatDuration } from './progress';
import type { FailureLog } from './failures';
import { describeSlowdown } from '../fetching/host-backoff';

export interface SummaryInput {
  task: string;
  stats: CrawlStats;
  failures: FailureLog;
  interrupted: boolean;
  resultsAt: string;
  failuresAt: string;
  /** No earlier run of the task was stored: records are only "new" (a listing's commodity completed by its page is one record). */
  firstRun?: boolean;
  /** Distinct records of the task in the store per table, at the end of the run. */
  storedByTable?: Record<string, number>;
}

/** What a user reads for a reason a link was not followed. */
const SKIP_LABELS: Record<string, string> = {
  robots: 'skipped by robots.txt',
  depth: 'beyond --max-depth',
  'malformed-url': 'malformed URL',
};

/** The end-of-run table: pages by type, records by table, failures by reason, where results are. */
export function formatSummary(s: SummaryInput): string {
  const { stats, failures } = s;
  const secs = stats.elapsedSecs();
  const lines: string[] = [];
  lines.push(
    `Task ${s.task} ${s.interrupted ? 'interrupted (resume with --resume)' : 'finished'}: ` +
      `${stats.pagesDone} pages in ${formatDuration(secs)} (${(stats.pagesDone / Math.max(secs, 0.001)).toFixed(1)} pages/s), ${stats.pagesFailed} failed`,
  );
  lines.push(...section('Pages by type', [...stats.pagesByType]));
  const rejected: Array<[string, number]> = stats.recordsRejected ? [['rejected by schema', stats.recordsRejected]] : [];
  if (s.firstRun && s.storedByTable) lines.push(...section('Records stored by table', [...Object.entries(s.storedByTable).filter(([, n]) => n > 0), ...rejected]));
  else lines.push(...section('Records written by table', [...stats.recordsByTable, ...rejected]));
  // What a re-crawl found: a record is new, changed (rewritten, lastChangedAt moves) or
  // unchanged (not rewritten, only lastSeenAt moves); pages gone had their records marked gone.
  // A first run has nothing to compare with: all its records are new.
  lines.push(
    (s.firstRun ? `Records: ${stats.recordsNew} new` : `Records: ${stats.recordsNew} new, ${stats.recordsChanged} changed, ${stats.recordsUnchanged} unchanged (not rewritten)`) +
      ` | pages gone (404/410): ${stats.pagesGone}` +
      (stats.pagesNotModified ? ` | pages not modified (304): ${stats.pagesNotModified}` : '') +
      (stats.pagesRechecked ? ` | known pages not reached, re-checked: ${stats.pagesRechecked}` : ''),
  );
  if (stats.expandClicks || stats.hoveredItems) {
    lines.push(`Expanded: ${stats.expandClicks} "more" clicks on ${stats.expandedPages} pages, ${stats.hoveredItems} menu items hovered on ${stats.hoveredPages} pages`);
  }
  if (stats.articleParts) lines.push(`Article parts joined to their first page: ${stats.articleParts} (not stored as news of their own)`);
  if (stats.replayByTemplate.size) {
    lines.push('Replay by page template (data requests learned from rendered pages, replayed over HTTP):');
    for (const [key, c] of stats.replayByTemplate) {
      lines.push(`  ${printable(key)}  rendered ${c.rendered}, replayed ${c.replayed} (${c.requests} data requests), re-checks ${c.rechecks}, mismatches ${c.mismatches}`);
    }
  }
  lines.push(...section('Failures by reason', [...failures.byReason]));
  lines.push(...blocking(stats));
  lines.push(...section('Links not followed', [...stats.linksSkipped].map(([k, v]) => [SKIP_LABELS[k] ?? k, v] as [string, number])));
  lines.push(`Results:  ${s.resultsAt}`);
  lines.push(`Failures: ${s.failuresAt}`);
  return lines.join('\n') + '\n';
}

/** Blocks met, what they did to each host's pace, sessions retired; use of each proxy (masked). */
function blocking(stats: CrawlStats): string[] {
  const lines: string[] = [];
  const hosts = [...stats.hostsSlowed].filter(([, h]) => h.blocks > 0);
  if (hosts.length) {
    const blocks = hosts.reduce((n, [, h]) => n + h.blocks, 0);
    lines.push(`Blocked answers: ${blocks} (sessions retired: ${stats.sessionsRetired})`);
    for (const [host, h] of hosts.sort((a, b) => b[1].blocks - a[1].blocks)) lines.push(`  ${describeSlowdown(host, h)}`);
  }
  const proxies = stats.proxyReport?.() ?? [];
  if (proxies.length) {
    lines.push('Proxies:');
    for (const p of proxies) {
      const rested = p.rested ? `, rested ${p.rested}× after repeated failures${p.restedNow ? ' (resting now)' : ''}` : '';
      lines.push(`  ${p.proxy}  ${p.requests} requests, ${p.failures} failed${rested}`);
    }
  }
  return lines;
}

/** A template comes from crawled URLs: no control characters reach the terminal. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

function section(title: string, rows: Array<[string, number]>): string[] {
  if (rows.length === 0) return [`${title}: none`];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [`${title}:`, ...rows.sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${k.padEnd(width)}  ${String(v).padStart(7)}`)];
}
