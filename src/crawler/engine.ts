import { Configuration, type RequestQueue, type PlaywrightCrawlingContext, type Request } from 'crawlee';
import { chromium, type Page } from 'playwright';
import type { CrawlOptions } from './crawl-options';
import type { PageBudget } from './page-budget';
import type { PageSink } from './page-sink';
import type { FailureLog, FailureReason } from './failures';
import { classifyError } from './failures';
import type { CrawlStats } from './progress';
import type { ExtractPool } from '../extraction/pool';
import { LinkAdmission } from './admission';
import { HostGate } from './host-gate';
import { PageCapture } from './page-capture';
import { CHROMIUM_ARGS } from './browser-path';
import { PageReusingPlaywrightCrawler } from './page-reuse';

export type { SeenFilter } from './admission';
import type { SeenFilter } from './admission';

export interface EngineDeps {
  queue: RequestQueue;
  budget: PageBudget;
  sink: PageSink;
  /** Null when the queue itself dedups atomically (the Redis queue). */
  seen: SeenFilter | null;
  /** Key a URL is deduplicated by. */
  dedupKey(url: URL): string;
  failures: FailureLog;
  stats: CrawlStats;
  pool: ExtractPool;
  chromiumPath: string;
  config: Configuration;
}

const MAX_HTML_CHARS = 12 * 1024 * 1024;
const MEDIA_PATTERNS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.svg', '.ico', '.bmp', '.woff', '.woff2', '.ttf', '.otf', '.eot', '.mp4', '.webm', '.mp3', '.m4a', '.ogg', '.wav'];
/** Reasons that will not change on a retry. */
const FINAL_REASONS = new Set<FailureReason>(['non-html', 'redirect-loop', 'robots', 'too-large']);

class OverBudget extends Error {
  constructor() {
    super('page limit reached before this page was fetched');
  }
}

/**
 * One crawl run of a task in this process: Crawlee's PlaywrightCrawler with our link
 * admission (scope, robots, depth, dedup), the exact page budget, per-host politeness,
 * and the hand-off page → extraction pool → sink.
 */
export class CrawlEngine {
  private readonly crawler: PageReusingPlaywrightCrawler;
  private readonly admission: LinkAdmission;
  private readonly gate: HostGate;
  private readonly captures = new WeakMap<Page, PageCapture>();
  private readonly mediaBlocked = new WeakSet<Page>();
  private readonly heldHosts = new WeakMap<Request, string>();
  private stopping = false;

  constructor(
    private readonly opts: CrawlOptions,
    private readonly deps: EngineDeps,
  ) {
    this.gate = new HostGate(opts.hostConcurrency, opts.hostDelayMs);
    this.admission = new LinkAdmission(opts, deps);
    const c = opts.concurrency;
    this.crawler = new PageReusingPlaywrightCrawler(
      {
        requestQueue: deps.queue,
        // Fixed concurrency: Crawlee's autoscaling stays far below what 2 cores can do.
        minConcurrency: c,
        maxConcurrency: c,
        maxRequestRetries: opts.maxRetries,
        navigationTimeoutSecs: opts.timeoutSecs,
        requestHandlerTimeoutSecs: opts.timeoutSecs + 60,
        useSessionPool: false,
        persistCookiesPerSession: false,
        headless: true,
        launchContext: {
          launcher: chromium,
          launchOptions: { executablePath: deps.chromiumPath, args: CHROMIUM_ARGS, headless: true },
        },
        // One long-lived browser: Crawlee's default retires it every 100 pages.
        browserPoolOptions: { useFingerprints: false, maxOpenPagesPerBrowser: Math.max(c * 2, 20), retireBrowserAfterPageCount: 1_000_000 },
        preNavigationHooks: [(ctx, goto) => this.beforeNavigation(ctx, goto)],
        postNavigationHooks: [({ request }) => this.releaseHost(request)],
        requestHandler: (ctx) => this.handlePage(ctx),
        errorHandler: ({ request }, error) => this.onError(request, error),
        failedRequestHandler: ({ request }, error) => this.onFailed(request, error),
      },
      deps.config,
    );
  }

  /** Enqueues the start URLs at depth 0 (already-seen ones are skipped by dedup). */
  async seed(): Promise<number> {
    return this.admission.admit(this.opts.startUrls, this.opts.startUrls[0]!, 0);
  }

  async run(): Promise<void> {
    if (this.deps.budget.isExhausted()) return;
    await this.crawler.run();
  }

  /** Ctrl-C: take no new pages, let the ones in flight finish. */
  stop(): void {
    this.stopping = true;
    this.crawler.stop('stopping: finishing pages in flight');
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Enqueues links found on a page at `depth` (see LinkAdmission). */
  admit(hrefs: string[], base: string, depth: number): Promise<number> {
    return this.admission.admit(hrefs, base, depth);
  }

  private async beforeNavigation(ctx: PlaywrightCrawlingContext, goto: { waitUntil?: string; timeout?: number } | undefined): Promise<void> {
    const { request, page } = ctx;
    if (request.userData.slot !== true) {
      if (this.stopping || !(await this.deps.budget.reserve())) {
        this.crawler.stop('page limit reached');
        throw new OverBudget();
      }
      request.userData.slot = true;
      if (this.deps.budget.isExhausted()) this.crawler.stop('page limit reached');
    }
    if (request.retryCount > 0) {
      // Back-off before a retry: 0.5 s, 1 s, 2 s … capped at 10 s.
      await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * 2 ** (request.retryCount - 1))));
    }
    if (goto) goto.waitUntil = 'load';
    if (!this.opts.loadMedia && !this.mediaBlocked.has(page)) {
      await ctx.blockRequests({ urlPatterns: MEDIA_PATTERNS });
      this.mediaBlocked.add(page);
    }
    this.captures.get(page)?.detach();
    this.captures.set(page, new PageCapture(page));
    const host = new URL(request.url).host;
    await this.gate.acquire(host);
    this.heldHosts.set(request, host);
  }

  private releaseHost(request: Request): void {
    const host = this.heldHosts.get(request);
    if (host !== undefined) {
      this.heldHosts.delete(request);
      this.gate.release(host);
    }
  }

  private async handlePage(ctx: PlaywrightCrawlingContext): Promise<void> {
    const { request, page, response } = ctx;
    this.releaseHost(request);
    const depth = Number(request.userData.depth ?? 0);
    const status = response?.status() ?? 0;
    const contentType = response?.headers()['content-type'] ?? '';
    if (status === 404 || status === 410) {
      await this.deps.sink.markGone(request.url);
      throw finalError(`HTTP ${status}`, request);
    }
    if (status === 401 || status === 403 || status === 429) throw new Error(`blocked: status code ${status}`);
    if (status >= 400) throw new Error(`HTTP ${status}`);
    if (contentType && !/html|xml/i.test(contentType)) throw finalError(`not an HTML page (${contentType.split(';')[0]})`, request);

    const capture = this.captures.get(page);
    await capture?.settle(3_000);
    capture?.detach();
    // Let the page's own scripts render what the fetches returned.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 20))).catch(() => undefined);
    const html = await page.content();
    if (html.length > MAX_HTML_CHARS) throw finalError(`page too large (${(html.length / 1e6).toFixed(1)} M chars)`, request, 'too-large');
    const finalUrl = page.url();
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? '')).catch(() => [] as string[]);

    let pageType: Parameters<CrawlStats['addPage']>[0] = 'other';
    try {
      const result = await this.deps.pool.extract({ html, url: finalUrl, kind: 'auto', xhr: capture?.json ?? [] });
      pageType = result.pageType;
      try {
        const outcome = await this.deps.sink.save(result, { fetchedAt: new Date(), status, depth });
        for (const [table, n] of Object.entries(outcome.written)) this.deps.stats.addRecords(table, n);
        this.deps.stats.recordsRejected += outcome.rejected.length;
      } catch (err) {
        this.recordFailure(request, 'store-error', errorMessage(err));
      }
    } catch (err) {
      this.recordFailure(request, 'extract-error', errorMessage(err));
    }
    this.deps.stats.addPage(pageType);
    if (!this.stopping) await this.admit(hrefs, finalUrl, depth + 1);
  }

  private onError(request: Request, error: Error): void {
    this.releaseHost(request);
    if (error instanceof OverBudget) {
      // Not an attempt: Crawlee puts it back unhandled, so `--resume` with a higher limit still gets it.
      request.retryCount -= 1;
      return;
    }
    const reason = (error as { reason?: FailureReason }).reason ?? classifyError(error.message);
    if (FINAL_REASONS.has(reason) || /^http-4/.test(reason)) request.noRetry = true;
  }

  private onFailed(request: Request, error: Error): void {
    this.releaseHost(request);
    if (error instanceof OverBudget) return;
    const reason = (error as { reason?: FailureReason }).reason ?? classifyError(error.message);
    this.recordFailure(request, reason, error.message.split('\n')[0]!);
    this.deps.stats.pagesFailed++;
  }

  private recordFailure(request: Request, reason: FailureReason, message: string): void {
    this.deps.failures.record({ url: request.url, reason, message, retries: request.retryCount, depth: Number(request.userData.depth ?? 0) });
  }
}

function finalError(message: string, request: Request, reason?: FailureReason): Error {
  request.noRetry = true;
  const err = new Error(message) as Error & { reason?: FailureReason };
  if (reason) err.reason = reason;
  return err;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
