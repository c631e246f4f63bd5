import { BasicCrawler, SessionError, type BasicCrawlingContext, type Request, type Session } from 'crawlee';
import type { CrawlOptions } from '../crawl-options';
import type { EngineDeps } from './engine';
import { HttpFetcher, ProxyFailure, type FetchedResponse, type FetchRoute } from './http-fetch';
import { detectBlock, retryAfterMs } from './block-detect';
import { logLine } from '../../cli/log';
import { decodeHtml } from '../../encoding/decode';
import { FINAL_REASONS, OverBudget, errorMessage, finalError, finishPage, reasonOf, retryDelayMs, statusError, isGoneStatus } from '../results/page-steps';
import { hrefsOf } from '../links/href-scan';
import type { BrowserRenderer } from './browser-renderer';
import type { RenderMemory } from './render-memory';
import { renderingNeed } from './render-need';
import type { CapturedJson, PageResult } from '../../../extractors/types';
import { conditionalHeaders, type PageValidators } from './validators';
import { joinArticleParts, withoutParts } from './article-parts';
import type { DataRequest, ReplayBook } from './replay/replay-book';
import { compareRecords } from './replay/record-match';
import { EngineBase } from './engine-base';

export type HttpEngineDeps = Omit<EngineDeps, 'chromiumPath'>;

/** Same cap as the browser engine's for rendered pages (HTTP bodies are capped in bytes by the fetcher). */
const MAX_HTML_CHARS = 12 * 1024 * 1024;

/** Adaptive mode: pages plain HTTP cannot read are rendered in the browser instead. */
export interface AdaptiveRendering {
  renderer: BrowserRenderer;
  memory: RenderMemory;
  /** Learned data requests replayed over HTTP instead of rendering (null: --no-replay). */
  replay: ReplayBook | null;
}

type Extracted = { result: PageResult; hrefs: string[] | null } | { error: unknown; hrefs: string[] | null };

/** A page's text as fetched or rendered, before extraction. */
interface PageSource {
  url: string;
  status: number;
  contentType: string;
  html: string;
  xhr: CapturedJson[];
  /** Links the browser saw; null = take them from extraction. */
  hrefs: string[] | null;
  /** Rendered pages: the script fetches the browser saw. */
  dataRequests?: DataRequest[];
  etag?: string | null;
  lastModified?: string | null;
}

/**
 * The HTTP fetching mode: the same crawl as CrawlEngine (queue, link admission, exact page
 * budget, per-host politeness, retries, failure reasons, extraction → sink) without a
 * browser. Crawlee's BasicCrawler over the task's request queue (so local and Redis
 * queues, --resume and Ctrl-C behave the same) with our own fetch (see HttpFetcher).
 */
export class HttpEngine extends EngineBase {
  protected readonly crawler: BasicCrawler;
  private readonly fetcher: HttpFetcher;

  constructor(
    opts: CrawlOptions,
    deps: HttpEngineDeps,
    /** Adaptive mode; default none (every page over plain HTTP). */
    private readonly adaptive: AdaptiveRendering | null = null,
  ) {
    super(opts, deps);
    // The adaptive renderer's browser has no per-session proxy: it would reach sites from this machine's own address.
    if (adaptive && opts.access.proxyUrls.length) throw new Error('--mode adaptive cannot use proxies yet (its browser renders would go direct): use --mode http or --mode browser with proxies');
    this.fetcher = new HttpFetcher({ timeoutSecs: opts.timeoutSecs, connectionsPerOrigin: Math.max(opts.hostConcurrency, 1) });
    const c = opts.concurrency;
    this.crawler = new BasicCrawler(
      {
        requestQueue: deps.queue,
        // Fixed concurrency: Crawlee's autoscaling stays far below what 2 cores can do.
        minConcurrency: c,
        maxConcurrency: c,
        maxRequestRetries: opts.maxRetries,
        // Fetch + waiting for an extraction worker; the fetch has its own timeout.
        requestHandlerTimeoutSecs: opts.timeoutSecs + 60,
        // Cookies per session; a blocked session is retired and its page retried in another.
        useSessionPool: true,
        sessionPoolOptions: this.access.sessionPoolOptions(false, c),
        requestHandler: (ctx) => this.handle(ctx),
        errorHandler: ({ request }, error) => this.onError(request, error),
        failedRequestHandler: ({ request }, error) => this.onFailed(request, error),
      },
      deps.config,
    );
  }

  async run(): Promise<void> {
    try {
      await this.crawl();
    } finally {
      await this.fetcher.close();
      await this.adaptive?.renderer.close();
    }
  }

  private validatorsWarned = false;

  private warnValidatorsOnce(err: Error): void {
    if (this.validatorsWarned) return;
    this.validatorsWarned = true;
    logLine('warn', `a page validator could not be kept (${err.message.split('\n')[0]}): those pages are fetched in full next run`);
  }

  private async handle(ctx: BasicCrawlingContext): Promise<void> {
    const { request } = ctx;
    if (request.userData.slot !== true) {
      if (this.stopping || !(await this.deps.budget.reserve(request.id))) {
        this.crawler.stop('page limit reached');
        throw new OverBudget();
      }
      request.userData.slot = true;
      if (this.deps.budget.isExhausted()) this.crawler.stop('page limit reached');
    }
    const delay = retryDelayMs(request.retryCount);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));

    const depth = Number(request.userData.depth ?? 0);
    const adaptive = this.adaptive;
    // Conditional requests only in plain HTTP mode: in the browser (and so in adaptive mode)
    // a product page renders its price from a JSON API, so an unchanged HTML document does
    // not mean an unchanged product.
    const validators = adaptive ? null : (this.deps.validators ?? null);
    const previous = validators ? await validators.get(request.url) : null;
    const replay = adaptive?.replay ?? null;
    // Rules trusted in an earlier run of the task or by its other workers.
    await replay?.sync();
    const plan = replay?.plan(request.url) ?? null;
    let replayed: { source: PageSource; extracted: Extracted } | null = null;
    if (plan === 'replay') {
      const http = await this.fetchOverHttp(request, null, ctx.session);
      const outcome = await this.replayData(http, request.url);
      if ('reason' in outcome) replay!.distrust(request.url, `${request.url}: ${outcome.reason}`);
      else {
        replay!.replayed(request.url, outcome.source.xhr.length);
        replayed = outcome;
      }
    }
    let source = replayed ? replayed.source : plan !== null || adaptive?.memory.prefersBrowser(request.url) ? await this.render(request) : await this.fetchOverHttp(request, previous, ctx.session);
    if (source.status === 304 && previous) {
      // Seen, unchanged: its records' lastSeenAt moves, nothing is extracted or rewritten, and
      // the links it had last time are followed as if it had been read again.
      await this.deps.sink.touch(request.url);
      this.deps.stats.pagesNotModified++;
      this.deps.stats.addPage(previous.pageType);
      this.retries.settled(request);
      if (!this.stopping) await this.admit(previous.links, previous.base, depth + 1);
      return;
    }
    let extracted = replayed ? replayed.extracted : await this.extract(source);
    if (plan === 'recheck' && source.dataRequests) await this.recheck(request, 'result' in extracted ? extracted.result : null, 'recheck');
    if (source.dataRequests && replay?.learn(source.url, source.html, source.dataRequests) === 'trial') await this.recheck(request, 'result' in extracted ? extracted.result : null, 'trial');
    if (adaptive && source.hrefs === null && !replayed) {
      const need = renderingNeed(source.html, source.url, 'result' in extracted ? extracted.result : null);
      adaptive.memory.learn(request.url, need !== null);
      if (need !== null) {
        request.userData.rendered = need;
        // The page as plain HTTP read it: a trial of the replay rule starts from it instead of fetching it again.
        const plain = source;
        source = await this.render(request);
        extracted = await this.extract(source);
        if (source.dataRequests && replay?.learn(source.url, source.html, source.dataRequests) === 'trial') await this.recheck(request, 'result' in extracted ? extracted.result : null, 'trial', plain);
      }
    }
    // A multi-page article: its next parts, fetched the way this page was, join its text.
    const parts = 'result' in extracted ? await joinArticleParts(extracted.result, source.html, (url) => this.fetchPart(url, source.hrefs !== null), this.deps) : [];
    // A page whose extraction failed still leads somewhere: scan its links here instead.
    const hrefs = withoutParts(extracted.hrefs ?? hrefsOf(source.html), source.url, parts, this.deps.dedupKey);
    const pageType = await finishPage(this.deps, request, 'result' in extracted ? { result: extracted.result } : { error: extracted.error }, { fetchedAt: new Date(), status: source.status, depth });
    this.retries.settled(request);
    if (validators && 'result' in extracted && (source.etag || source.lastModified)) {
      // The page's records are stored by now: a validator that cannot be kept (disk full) costs
      // only a full fetch next run, never a retry or a failure record of a stored page.
      await validators.set(request.url, { etag: source.etag ?? null, lastModified: source.lastModified ?? null, pageType, base: source.url, links: [...new Set(hrefs)] })
        .catch((err: Error) => this.warnValidatorsOnce(err));
    }
    if (!this.stopping) await this.admit(hrefs, source.url, depth + 1);
  }

  private async fetchOverHttp(request: Request, previous: PageValidators | null = null, session?: Session): Promise<PageSource> {
    const host = new URL(request.url).host;
    await this.gate.acquire(host);
    const route = this.routeFor(session, host);
    let res: FetchedResponse;
    try {
      const headers = { ...this.access.identity.headersFor(session?.id, host), ...conditionalHeaders(previous) };
      res = await this.fetcher.fetch(request.url, headers, (target, from) => this.admission.checkRedirect(target, from), route);
      this.access.proxies.succeeded(route.proxyUrl);
    } catch (err) {
      if (err instanceof ProxyFailure) {
        // Another session gets another proxy; this one is rested if it keeps failing.
        this.access.proxies.failed(err.proxyUrl);
        throw new SessionError(err.message);
      }
      if (FINAL_REASONS.has(reasonOf(err as Error))) request.noRetry = true;
      throw err;
    } finally {
      this.gate.release(host);
    }
    if (res.status === 304 && previous) return { url: res.url, status: 304, contentType: '', html: '', xhr: [], hrefs: null };
    const html = decodeHtml(res.body, res.contentType).text;
    const marker = detectBlock({ requestedUrl: request.url, url: res.url, status: res.status, html });
    if (marker) throw this.access.blocked(session, host, marker, retryAfterMs(res.retryAfter));
    this.access.answered(host);
    await this.checkStatus(request, res.status);
    return { url: res.url, status: res.status, contentType: res.contentType, html, xhr: [], hrefs: null, etag: res.etag, lastModified: res.lastModified };
  }

  /** The session's proxy and cookie jar for a request to `host`. */
  private routeFor(session: Session | undefined, host: string): FetchRoute {
    return {
      proxyUrl: this.access.proxies.urlFor(session?.id, host),
      cookies: session
        ? { header: (url) => session.getCookieString(url), store: (url, setCookie) => session.setCookiesFromResponse({ headers: { 'set-cookie': setCookie }, url }) }
        : undefined,
    };
  }

  /**
   * A page of a trusted template read over HTTP: its learned data requests replayed (same
   * origin, GET, robots.txt and per-host politeness as for pages), their JSON handed to the
   * extractors as the browser's captured XHR. Any doubt gives a reason instead (the page is
   * then rendered): a request refused or failed, the page no longer naming the request's path,
   * or a replayed page that still looks as if it needs rendering.
   */
  private async replayData(page: PageSource, requestUrl: string): Promise<{ source: PageSource; extracted: Extracted } | { reason: string }> {
    const plan = this.adaptive?.replay?.requestsFor(requestUrl);
    if (!plan) return { reason: 'the rule has no value for this page' };
    const missing = plan.witnesses.find((w) => !page.html.includes(w));
    if (missing) return { reason: `the page no longer contains ${JSON.stringify(missing)}, which its data requests were built from` };
    const origin = new URL(page.url).origin;
    const xhr: CapturedJson[] = [];
    for (const url of plan.urls) {
      const target = new URL(url);
      // Built from the page's own origin; checked again since the page may have redirected elsewhere.
      if (target.origin !== origin) return { reason: `data request ${url} is not on the page's origin` };
      if (!(await this.admission.robotsAllow(target))) return { reason: `data request ${url} is disallowed by robots.txt` };
      await this.gate.acquire(target.host);
      try {
        const res = await this.fetcher.fetch(url, { accept: 'application/json, text/plain, */*' }, async (hop) => {
          if (new URL(hop).origin !== origin) throw new Error(`redirect to another origin (${hop})`);
        }, {}, /json/i);
        if (res.status !== 200) return { reason: `data request ${url} answered HTTP ${res.status}` };
        if (!/json/i.test(res.contentType)) return { reason: `data request ${url} answered ${res.contentType || 'no content type'}, not JSON` };
        xhr.push({ url: res.url, body: JSON.parse(res.body.toString('utf8')) });
      } catch (err) {
        return { reason: `data request ${url} failed: ${errorMessage(err as Error).split('\n')[0]}` };
      } finally {
        this.gate.release(target.host);
      }
    }
    const source = { ...page, xhr };
    const extracted = await this.extract(source);
    const need = renderingNeed(source.html, source.url, 'result' in extracted ? extracted.result : null);
    if (need !== null) return { reason: `the replayed page still needs rendering (${need})` };
    return { source, extracted };
  }

  /**
   * A rendered page: would replay have given the same records? Asked before a rule is trusted
   * ('trial') and of every Nth page of a trusted template ('recheck'). `plain`: the page as
   * plain HTTP already read it in this visit (default: fetched now). Its data requests are
   * always sent again over HTTP: the trial is whether a client without the browser's cookies
   * and headers gets the answers the browser got.
   */
  private async recheck(request: Request, rendered: PageResult | null, kind: 'trial' | 'recheck', plain?: PageSource): Promise<void> {
    const replay = this.adaptive!.replay!;
    // A render that missed the page's data itself (slow scripts on a busy machine) cannot judge the rule.
    if (!rendered || renderingNeed('', request.url, rendered) !== null) return;
    let mismatch: string | null;
    let requests = 0;
    try {
      const outcome = await this.replayData(plain ?? (await this.fetchOverHttp(request)), request.url);
      if ('reason' in outcome) mismatch = outcome.reason;
      else {
        requests = outcome.source.xhr.length;
        if (!('result' in outcome.extracted)) mismatch = 'the replayed page could not be extracted';
        else {
          const comparison = compareRecords(rendered, outcome.extracted.result);
          if (!comparison.agree && comparison.renderMissed) return;
          mismatch = comparison.agree ? null : comparison.difference;
        }
      }
    } catch (err) {
      mismatch = `the page could not be fetched over HTTP: ${errorMessage(err as Error).split('\n')[0]}`;
    }
    if (kind === 'trial') replay.trialled(request.url, requests, mismatch);
    else replay.rechecked(request.url, requests, mismatch);
  }

  /** An article's next part, rendered when its first page was, else over HTTP; null unless it is an HTML page. */
  private async fetchPart(url: string, rendered: boolean): Promise<{ url: string; html: string } | null> {
    const host = new URL(url).host;
    await this.gate.acquire(host);
    try {
      if (rendered && this.adaptive) {
        const page = await this.adaptive.renderer.render(url);
        return page.status === 200 && /html|xml|^$/i.test(page.contentType) ? { url: page.url, html: page.html } : null;
      }
      const res = await this.fetcher.fetch(url, this.access.identity.headersFor(undefined, host), undefined, this.routeFor(undefined, host));
      if (res.status !== 200 || !/html|xml|^$/i.test(res.contentType)) return null;
      return { url: res.url, html: decodeHtml(res.body, res.contentType).text };
    } finally {
      this.gate.release(host);
    }
  }

  private async render(request: Request): Promise<PageSource> {
    const host = new URL(request.url).host;
    await this.gate.acquire(host);
    try {
      const renderer = this.adaptive!.renderer;
      const page = await renderer.render(request.url);
      if (page.expanded) renderer.expand.record(page.expanded, this.deps.stats);
      await this.checkStatus(request, page.status);
      if (page.contentType && !/html|xml/i.test(page.contentType)) throw finalError(`not an HTML page (${page.contentType.split(';')[0]})`, request);
      if (page.html.length > MAX_HTML_CHARS) throw finalError(`page too large (${(page.html.length / 1e6).toFixed(1)} M chars)`, request, 'too-large');
      return page;
    } finally {
      this.gate.release(host);
    }
  }

  /** The same status semantics in every mode: gone, blocked (retried), HTTP errors. */
  private async checkStatus(request: Request, status: number): Promise<void> {
    if (isGoneStatus(status)) {
      await this.deps.sink.markGone(request.url);
      this.deps.stats.pagesGone++;
      throw finalError(`HTTP ${status}`, request);
    }
    if (status >= 400) throw statusError(status);
    if (status >= 300) throw finalError(`HTTP ${status} without a Location to follow`, request);
  }

  /** Extraction in the pool; links come back from the same parse unless the browser gave them. */
  private extract(source: PageSource): Promise<Extracted> {
    const req = { html: source.html, url: source.url, kind: 'auto' as const, xhr: source.xhr };
    if (source.hrefs !== null) {
      const hrefs = source.hrefs;
      return this.deps.pool.extract(req).then((result) => ({ result, hrefs }), (error: unknown) => ({ error, hrefs }));
    }
    return this.deps.pool.extractWithLinks(req).then(
      (r) => ({ result: r.result, hrefs: r.hrefs }),
      (error: unknown) => ({ error, hrefs: null }),
    );
  }

  private onError(request: Request, error: Error): void {
    this.retries.attemptFailed(request, error);
  }

  private onFailed(request: Request, error: Error): void {
    this.retries.pageFailed(request, error, this.deps);
  }
}
