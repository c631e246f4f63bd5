import type { BasicCrawler } from 'crawlee';
import type { CrawlOptions } from '../crawl-options';
import { LinkAdmission } from '../links/admission';
import { RetryWaitList } from '../results/page-steps';
import { HostGate } from './host-gate';
import { SiteAccess } from './site-access';
import { logLine } from '../../cli/log';
import type { EngineDeps } from './engine';

/**
 * What every fetching mode's engine shares around its Crawlee crawler: link admission, site
 * access and host politeness, the retry wait list, and the controls (seed, stop, pause,
 * resume). A mode brings its crawler and its page handling.
 */
export abstract class EngineBase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the browser and HTTP crawlers differ in their context type only
  protected abstract readonly crawler: BasicCrawler<any>;
  protected readonly admission: LinkAdmission;
  /** Sessions, proxies, identity and back-off (see site-access). */
  protected readonly access: SiteAccess;
  protected readonly gate: HostGate;
  protected readonly retries = new RetryWaitList();
  protected stopping = false;

  constructor(
    protected readonly opts: CrawlOptions,
    protected readonly deps: Omit<EngineDeps, 'chromiumPath'>,
  ) {
    this.access = new SiteAccess(opts.access, opts.hostDelayMs, deps.stats, (m) => logLine('warn', m));
    this.gate = new HostGate(opts.hostConcurrency, opts.hostDelayMs, this.access.backoff);
    this.admission = new LinkAdmission(opts, deps);
  }

  /** Enqueues the start URLs at depth 0 (already-seen ones are skipped by dedup). */
  async seed(): Promise<number> {
    return this.admission.admit(this.opts.startUrls, this.opts.startUrls[0]!, 0);
  }

  /** Runs the crawler until the queue is done, the page limit is reached or stop() is called. */
  protected async crawl(): Promise<void> {
    if (this.deps.budget.isExhausted()) return;
    await this.crawler.run();
    // The page limit stopped the crawl: pages waiting for a retry will not get one in this run.
    if (!this.stopping && this.deps.budget.isExhausted()) this.retries.giveUp(this.deps);
  }

  /** Ctrl-C: take no new pages, let the ones in flight finish. */
  stop(): void {
    this.stopping = true;
    this.crawler.stop('stopping: finishing pages in flight');
  }

  /** `task pause`: take no new pages until resume (pages in flight finish). */
  pause(): void {
    void this.crawler.autoscaledPool?.pause().catch(() => undefined);
  }

  resume(): void {
    this.crawler.autoscaledPool?.resume();
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Enqueues links found on a page at `depth` (see LinkAdmission). */
  admit(hrefs: string[], base: string, depth: number): Promise<number> {
    return this.admission.admit(hrefs, base, depth);
  }
}
