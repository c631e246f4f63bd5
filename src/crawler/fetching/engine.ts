import { Configuration, type RequestQueue, type PlaywrightCrawlingContext, type Request } from 'crawlee';
import { chromium, type Page } from 'playwright';
import type { CrawlOptions } from '../crawl-options';
import type { PageBudget } from '../page-budget';
import type { PageSink } from '../results/page-sink';
import type { FailureLog } from '../results/failures';
import { OverBudget, finalError, finishPage, reasonedError, retryDelayMs, statusError, isGoneStatus, type StoreHealth } from '../results/page-steps';
import type { CrawlStats } from '../results/progress';
import type { ExtractPool } from '../../extraction/pool';
import { PageCapture } from './page-capture';
import { snapshotPage } from './page-snapshot';
import { CHROMIUM_ARGS, RENDERER_HEAP_MIB } from './browser-path';
import { blockMedia } from './media-block';
import { NavigationGuard } from './navigation-guard';
import { inScope } from '../links/scope';
import { PageReusingPlaywrightCrawler } from './page-reuse';
import { expandPage, ExpandPolicy } from './page-expand';
import { joinArticleParts, withoutParts } from './article-parts';
import { detectBlock, blockBodyWorthReading, retryAfterMs } from './block-detect';
import { fingerprintOptions, localeOfHost } from './identity';

export type { SeenFilter } from '../links/admission';
import type { SeenFilter } from '../links/admission';
import { EngineBase } from './engine-base';

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
  /** HTTP mode only: validators of the previous run for conditional requests (null = none). */
  validators?: import('./validators').ValidatorStore | null;
  /** Adaptive mode: where trusted replay rules are kept and shared (default none: learned per run). */
  replayRules?: import('./replay/rule-store').ReplayRuleStore | null;
  /** Stops the crawl after a few store errors in a row (default none). */
  storeHealth?: StoreHealth | null;
}

const MAX_HTML_CHARS = 12 * 1024 * 1024;

/**
 * One crawl run of a task in this process: Crawlee's PlaywrightCrawler with our link
 * admission (scope, robots, depth, dedup), the exact page budget, per-host politeness,
 * and the hand-off page → extraction pool → sink.
 */
export class CrawlEngine extends EngineBase {
  protected readonly crawler: PageReusingPlaywrightCrawler;
  private readonly captures = new WeakMap<Page, PageCapture>();
  private readonly heldHosts = new WeakMap<Request, string>();
  private readonly expand = new ExpandPolicy();
  private readonly guard: NavigationGuard;
  private readonly crashed = new WeakSet<Page>();

  constructor(
    opts: CrawlOptions,
    protected override readonly deps: EngineDeps,
  ) {
    super(opts, deps);
    const starts = opts.startUrls.map((u) => new URL(u));
    this.guard = new NavigationGuard(this.admission, opts.startUrls, (u) => inScope(u, starts, opts.scope));
    const c = opts.concurrency;
    // With proxies each page gets its own context (its session's proxy and cookies), as Crawlee's incognito pages.
    const proxied = this.access.proxies.size > 0;
    const firstHost = opts.startUrls[0] ? new URL(opts.startUrls[0]).host : '';
    this.crawler = new PageReusingPlaywrightCrawler(
      {
        requestQueue: deps.queue,
        // Fixed concurrency: Crawlee's autoscaling stays far below what 2 cores can do.
        minConcurrency: c,
        maxConcurrency: c,
        maxRequestRetries: opts.maxRetries,
        navigationTimeoutSecs: opts.timeoutSecs,
        requestHandlerTimeoutSecs: opts.timeoutSecs + 60,
        // Cookies per session (a shop's anti-bot cookie survives across pages); a blocked session is retired.
        useSessionPool: true,
        persistCookiesPerSession: true,
        sessionPoolOptions: this.access.sessionPoolOptions(true, c),
        ...(proxied ? { proxyConfiguration: this.access.proxies.configuration() } : {}),
        headless: true,
        launchContext: {
          launcher: chromium,
          useIncognitoPages: proxied,
          ...(opts.access.userAgent ? { userAgent: opts.access.userAgent } : {}),
          // Ctrl-C is ours: Playwright would otherwise close the browser under the pages in flight and exit.
          launchOptions: {
            executablePath: deps.chromiumPath, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
            // Crawlee points the browser at an in-process proxy-chain server (needed only for
            // per-context proxies): without proxies every request, scripts and XHR included,
            // would cross this Node process, so Chromium's --no-proxy-server overrides that.
            // With proxies the pages' contexts use them, loopback sites included (Chromium
            // bypasses proxies for loopback unless told otherwise).
            args: [...CHROMIUM_ARGS, proxied ? '--proxy-bypass-list=<-loopback>' : '--no-proxy-server'],
          },
        },
        // One long-lived browser: Crawlee's default retires it every 100 pages.
        // A realistic desktop fingerprint per browser session (Crawlee's fingerprint suite), in the site's language.
        browserPoolOptions: {
          useFingerprints: !opts.access.userAgent,
          fingerprintOptions: fingerprintOptions(opts.access.hostLocales?.[firstHost] ?? localeOfHost(firstHost)),
          maxOpenPagesPerBrowser: Math.max(c * 2, 20),
          retireBrowserAfterPageCount: 1_000_000,
        },
        preNavigationHooks: [(ctx, goto) => this.beforeNavigation(ctx, goto)],
        // The host's slot is freed as soon as the page has loaded (the next page of the host may start
        // while this one is read); a 429/503's Retry-After is noted first, so that next page waits for it.
        postNavigationHooks: [({ request, response }) => this.afterNavigation(request, response)],
        requestHandler: (ctx) => this.handlePage(ctx),
        errorHandler: ({ request, page, proxyInfo }, error) => this.onError(request, this.pageError(request, page, error), proxyInfo?.url),
        failedRequestHandler: ({ request, page }, error) => this.onFailed(request, this.pageError(request, page, error)),
      },
      deps.config,
      { reusePages: !proxied, proxied },
    );
  }

  run(): Promise<void> {
    return this.crawl();
  }

  private async beforeNavigation(ctx: PlaywrightCrawlingContext, goto: { waitUntil?: string; timeout?: number } | undefined): Promise<void> {
    const { request, page } = ctx;
    if (request.userData.slot !== true) {
      if (this.stopping || !(await this.deps.budget.reserve(request.id))) {
        this.crawler.stop('page limit reached');
        throw new OverBudget();
      }
      request.userData.slot = true;
      if (this.deps.budget.isExhausted()) this.crawler.stop('page limit reached');
    }
    if (request.retryCount > 0) await new Promise((r) => setTimeout(r, retryDelayMs(request.retryCount)));
    if (goto) goto.waitUntil = 'load';
    const capture = this.captures.get(page);
    if (capture) capture.restart();
    else {
      // A tab's first page: set it up once for every page it will serve.
      if (!this.opts.loadMedia) await blockMedia(await page.context().newCDPSession(page));
      this.captures.set(page, new PageCapture(page));
      page.on('crash', () => this.crashed.add(page));
      await this.guard.attach(page);
    }
    this.guard.expect(page, request.url);
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

  private afterNavigation(request: Request, response: PlaywrightCrawlingContext['response']): void {
    this.access.retryAfter(new URL(request.url).host, response?.status() ?? 0, retryAfterMs(response?.headers()['retry-after']));
    this.releaseHost(request);
  }

  private async handlePage(ctx: PlaywrightCrawlingContext): Promise<void> {
    const { request, page, response } = ctx;
    this.releaseHost(request);
    this.guard.loaded(page);
    const depth = Number(request.userData.depth ?? 0);
    const status = response?.status() ?? 0;
    const contentType = response?.headers()['content-type'] ?? '';
    if (isGoneStatus(status)) {
      await this.deps.sink.markGone(request.url);
      this.deps.stats.pagesGone++;
      throw finalError(`HTTP ${status}`, request);
    }
    const host = new URL(request.url).host;
    this.access.proxies.succeeded(ctx.proxyInfo?.url);
    if (blockBodyWorthReading(status)) this.checkBlocked(ctx, host, status, await page.content().catch(() => ''));
    if (status >= 400) throw statusError(status);
    if (contentType && !/html|xml/i.test(contentType)) throw finalError(`not an HTML page (${contentType.split(';')[0]})`, request);

    const capture = this.captures.get(page);
    await capture?.settle(3_000);
    // Reviews, goods and menu entries behind "more" buttons and hover menus (bounded; see page-expand).
    const expanded = await expandPage(page, capture ?? null, this.expand.optionsFor(page.url())).catch(() => null);
    if (expanded) this.expand.record(expanded, this.deps.stats);
    capture?.stop();
    const { html, hrefs } = await snapshotPage(page);
    if (html.length > MAX_HTML_CHARS) throw finalError(`page too large (${(html.length / 1e6).toFixed(1)} M chars)`, request, 'too-large');
    this.checkBlocked(ctx, host, status, html);
    this.access.answered(host);
    // A control may have rewritten the URL (replaceState): the page is still the one loaded.
    const finalUrl = expanded && expanded.clicks > 0 ? expanded.url : page.url();

    const extracted = await this.deps.pool.extract({ html, url: finalUrl, kind: 'auto', xhr: capture?.json ?? [] }).then((result) => ({ result }), (error: unknown) => ({ error }));
    // A multi-page article: its next parts, rendered in this same tab, join its text.
    const parts = 'result' in extracted ? await joinArticleParts(extracted.result, html, (url) => this.renderPart(page, url), this.deps) : [];
    await finishPage(this.deps, request, extracted, { fetchedAt: new Date(), status, depth });
    this.retries.settled(request);
    if (!this.stopping) await this.admit(withoutParts(hrefs, finalUrl, parts, this.deps.dedupKey), finalUrl, depth + 1);
  }

  /** An article's next part in the page's own tab (its media blocking and capture stay); null unless it is an HTML page. */
  private async renderPart(page: Page, url: string): Promise<{ url: string; html: string } | null> {
    const host = new URL(url).host;
    await this.gate.acquire(host);
    const capture = this.captures.get(page);
    try {
      capture?.restart();
      this.guard.expect(page, url);
      const response = await page.goto(url, { waitUntil: 'load', timeout: this.opts.timeoutSecs * 1000 }).finally(() => this.guard.loaded(page));
      const type = response?.headers()['content-type'] ?? '';
      if (response?.status() !== 200 || (type && !/html|xml/i.test(type))) return null;
      await capture?.settle(3_000);
      const { html } = await snapshotPage(page);
      return html.length > MAX_HTML_CHARS ? null : { url: page.url(), html };
    } finally {
      capture?.stop();
      this.gate.release(host);
    }
  }

  /** A captcha, challenge, rate limit or login wall: the session is retired and the page retried in another. */
  private checkBlocked(ctx: PlaywrightCrawlingContext, host: string, status: number, html: string): void {
    const marker = detectBlock({ requestedUrl: ctx.request.url, url: ctx.page.url(), status, html });
    if (marker) throw this.access.blocked(ctx.session, host, marker, retryAfterMs(ctx.response?.headers()['retry-after']));
  }

  private onError(request: Request, error: Error, proxyUrl?: string): void {
    this.releaseHost(request);
    if (proxyUrl && this.crawler.isProxyError(error)) this.access.proxies.failed(proxyUrl);
    this.retries.attemptFailed(request, error);
  }

  /**
   * What really failed on the page: its renderer crashed (a crashed tab is never reused, see
   * page-reuse), the navigation guard refused a redirect hop (the browser only says "aborted"),
   * or the server answered an error status without a body, which Chromium reports as a failed
   * navigation: judged by its status as handlePage judges one with a body (a 404 is gone and
   * not retried, a 429 blocked).
   */
  private pageError(request: Request, page: Page | undefined, error: Error): Error {
    if (page && this.crashed.has(page)) {
      return reasonedError(`the page's renderer crashed, most likely out of memory (scripts are capped at ${RENDERER_HEAP_MIB} MiB per tab)`, 'too-much-memory');
    }
    const empty = page ? this.captures.get(page)?.emptyAnswer(error) : null;
    if (empty) {
      const { status } = empty;
      this.access.retryAfter(new URL(request.url).host, status, retryAfterMs(empty.retryAfter));
      if (isGoneStatus(status)) {
        this.goneAnswers.add(request);
        return finalError(`HTTP ${status}`, request);
      }
      return statusError(status);
    }
    return this.guard.refusal(page) ?? error;
  }

  /** Requests answered 404/410 without a body, whose records are marked gone when they fail. */
  private readonly goneAnswers = new WeakSet<Request>();

  private async onFailed(request: Request, error: Error): Promise<void> {
    this.releaseHost(request);
    if (this.goneAnswers.has(request)) {
      this.goneAnswers.delete(request);
      await this.deps.sink.markGone(request.url);
      this.deps.stats.pagesGone++;
    }
    this.retries.pageFailed(request, error, this.deps);
  }

}
