import type { RequestQueue } from 'crawlee';
import type { CrawlOptions } from '../crawl-options';
import type { FailureLog } from '../results/failures';
import type { CrawlStats } from '../results/progress';
import { RobotsCache } from './robots';
import { checkLink } from './links';

/** Dedup ahead of the queue: returns, per key, whether it was new (and marks it seen). */
export interface SeenFilter {
  testAndSet(keys: string[]): Promise<boolean[]>;
}

export interface AdmissionDeps {
  queue: RequestQueue;
  /** Null when the queue itself dedups atomically (the Redis queue). */
  seen: SeenFilter | null;
  dedupKey(url: URL): string;
  failures: FailureLog;
  stats: CrawlStats;
}

/**
 * Which discovered links enter the queue: parse, scheme, scope, depth, robots.txt, then
 * dedup and enqueue (BFS appends, DFS puts in front). Shared by every fetching engine.
 */
export class LinkAdmission {
  private readonly robots = new RobotsCache();
  private readonly starts: URL[];
  private readonly robotsReported = new Set<string>();

  constructor(
    private readonly opts: CrawlOptions,
    private readonly deps: AdmissionDeps,
  ) {
    this.starts = opts.startUrls.map((u) => new URL(u));
  }

  /** Returns how many links were enqueued. */
  async admit(hrefs: string[], base: string, depth: number): Promise<number> {
    const { stats, failures } = this.deps;
    if (this.opts.maxDepth !== null && depth > this.opts.maxDepth) {
      if (hrefs.length) stats.skip('depth');
      return 0;
    }
    const candidates = new Map<string, URL>();
    for (const href of hrefs) {
      const v = checkLink(href, base, this.starts, this.opts.scope);
      if (!v.ok) {
        stats.skip(v.reason);
        continue;
      }
      const key = this.deps.dedupKey(v.url);
      if (!candidates.has(key)) candidates.set(key, v.url);
    }
    const allowed: Array<[string, URL]> = [];
    for (const [key, url] of candidates) {
      if (this.opts.respectRobots && !(await this.robots.isAllowed(url))) {
        stats.skip('robots');
        if (!this.robotsReported.has(key)) {
          this.robotsReported.add(key);
          failures.record({ url: url.href, reason: 'robots', message: 'disallowed by robots.txt', retries: 0, depth });
        }
        continue;
      }
      allowed.push([key, url]);
    }
    if (allowed.length === 0) return 0;
    let fresh = allowed;
    if (this.deps.seen) {
      const isNew = await this.deps.seen.testAndSet(allowed.map(([k]) => k));
      fresh = allowed.filter((_, i) => isNew[i]);
    }
    if (fresh.length === 0) return 0;
    const res = await this.deps.queue.addRequests(
      fresh.map(([key, url]) => ({ url: url.href, uniqueKey: key, userData: { depth } })),
      { forefront: this.opts.strategy === 'dfs' },
    );
    return res.processedRequests.filter((r) => !r.wasAlreadyPresent).length;
  }
}
