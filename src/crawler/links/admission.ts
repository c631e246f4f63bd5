import type { RequestQueue } from 'crawlee';
import type { CrawlOptions } from '../crawl-options';
import type { FailureLog } from '../results/failures';
import type { CrawlStats } from '../results/progress';
import { RobotsCache } from './robots';
import { checkLink } from './links';
import { reasonedError } from '../results/page-steps';

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

  constructor(
    private readonly opts: CrawlOptions,
    private readonly deps: AdmissionDeps,
  ) {
    this.starts = opts.startUrls.map((u) => new URL(u));
  }

  /**
   * Whether a redirect may be followed to `target`: every hop passes the checks a link does
   * (scheme, scope, robots.txt), else the crawl would fetch and store pages outside its scope.
   * Throws an error with the failure reason; resolves when the hop is allowed.
   */
  async checkRedirect(target: string, from: string): Promise<void> {
    const v = checkLink(target, from, this.starts, this.opts.scope);
    if (!v.ok) {
      const why = v.reason === 'out-of-scope' ? `outside the crawl's scope (${this.opts.scope})` : v.reason === 'scheme' ? 'not an http(s) URL' : 'a malformed URL';
      throw reasonedError(`redirect to ${target}: ${why}`, v.reason === 'out-of-scope' ? 'out-of-scope' : 'scheme');
    }
    if (this.opts.respectRobots && !(await this.robots.isAllowed(v.url))) throw reasonedError(`redirect to ${target}: disallowed by robots.txt`, 'robots');
  }

  /** Whether robots.txt lets the crawl fetch `url` (always, with --ignore-robots). */
  async robotsAllow(url: URL): Promise<boolean> {
    return !this.opts.respectRobots || this.robots.isAllowed(url);
  }

  /** Returns how many links were enqueued. */
  async admit(hrefs: string[], base: string, depth: number): Promise<number> {
    const { stats } = this.deps;
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
      // A disallowed link is not fetched, so it is not a failed page: it counts once, under
      // "Links not followed: robots" in the summary (failures.jsonl is for pages that failed).
      if (this.opts.respectRobots && !(await this.robots.isAllowed(url))) {
        stats.skip('robots');
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
