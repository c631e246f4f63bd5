import type { CrawlOptions } from '../crawl-options';
import type { FailureLog } from './failures';
import type { PageBudget } from '../page-budget';
import type { PageSink } from './page-sink';
import type { CrawlStats } from './progress';
import { HostGate } from '../fetching/host-gate';
import { HttpFetcher } from '../fetching/http-fetch';
import { checkLink } from '../links/links';
import { RobotsCache } from '../links/robots';
import { errorMessage, isGoneStatus, reasonOf } from './page-steps';

export interface RecheckDeps {
  sink: PageSink;
  budget: PageBudget;
  stats: CrawlStats;
  failures: FailureLog;
}

/**
 * The end of a re-crawl: pages an earlier run of the task reached that this run did not (no
 * link leads to them any more: typically a product taken off the shop) are requested once
 * more, so that a 404/410 marks their records gone (never deleted) as the design asks; a
 * page that still answers is left as it is. A plain HTTP request in every mode: only the
 * status matters here. Each request takes a page from the task's budget like any other fetch.
 * Nothing to do on a first run, and skipped when the run was cut short (stopped, or its page
 * limit reached), because then "not reached" says nothing about the page.
 */
export async function recheckUnreached(opts: CrawlOptions, deps: RecheckDeps, urls: string[]): Promise<void> {
  const starts = opts.startUrls.map((u) => new URL(u));
  const robots = new RobotsCache();
  const todo: string[] = [];
  for (const u of urls) {
    const v = checkLink(u, u, starts, opts.scope);
    if (!v.ok) continue;
    if (opts.respectRobots && !(await robots.isAllowed(v.url))) continue;
    todo.push(v.url.href);
  }
  if (todo.length === 0) return;
  const gate = new HostGate(opts.hostConcurrency, opts.hostDelayMs);
  const fetcher = new HttpFetcher({ timeoutSecs: opts.timeoutSecs, connectionsPerOrigin: Math.max(opts.hostConcurrency, 1) });
  let next = 0;
  let budgetLeft = true;
  const worker = async () => {
    while (budgetLeft && next < todo.length) {
      const url = todo[next++]!;
      if (!(await deps.budget.reserve())) {
        budgetLeft = false;
        return;
      }
      const host = new URL(url).host;
      await gate.acquire(host);
      try {
        const res = await fetcher.fetch(url);
        deps.stats.pagesRechecked++;
        if (isGoneStatus(res.status)) {
          await deps.sink.markGone(url);
          deps.stats.pagesGone++;
        }
      } catch (err) {
        deps.stats.pagesRechecked++;
        deps.failures.record({ url, reason: reasonOf(err as Error), message: `re-check of a page this run did not reach: ${errorMessage(err).split('\n')[0]}`, retries: 0, depth: 0 });
      } finally {
        gate.release(host);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(4, Math.max(1, opts.concurrency)) }, worker));
  } finally {
    await fetcher.close();
  }
}
