import type { Page, Request, Response } from 'playwright';
import type { CapturedJson } from '../../../extractors/types';
import type { DataRequest } from './replay/replay-book';

const MAX_JSON_BYTES = 2 * 1024 * 1024;
const MAX_CAPTURED = 20;
const MAX_REQUESTS = 200;
/** How long a page is given to act on its last fetch's answer before it counts as settled (its own timers). */
const AFTER_ANSWER_MS = 30;

/**
 * Watches one page while it renders: keeps the JSON bodies its scripts fetch (prices and
 * reviews often arrive that way) and knows when no XHR/fetch is in flight any more.
 */
export class PageCapture {
  private captured: CapturedJson[] = [];
  private requests: DataRequest[] = [];
  private inFlight = 0;
  /** Of those, the ones to the page's own origin (the expand step waits only for these). */
  private inFlightOwn = 0;
  private reads: Promise<void>[] = [];
  private active = true;
  /**
   * Script fetches started and finished in this load, and how many finished ones the page had
   * been given time to act on (see settle): of all origins, and of the page's own.
   */
  private all = { started: 0, finished: 0, looked: 0 };
  private own = { started: 0, finished: 0, looked: 0 };

  /** Fetches of this load still in flight: a late answer to the tab's previous page counts for nothing. */
  private current = new WeakSet<Request>();
  private readonly ownRequests = new WeakSet<Request>();
  private readonly onRequest = (req: Request) => {
    if (!this.active || !isScriptFetch(req.resourceType())) return;
    this.current.add(req);
    this.all.started++;
    this.inFlight++;
    if (sameOrigin(req.url(), this.page.url())) {
      this.own.started++;
      this.inFlightOwn++;
      this.ownRequests.add(req);
    }
  };
  private readonly onDone = (req: Request) => {
    if (!this.active || !this.current.delete(req)) return;
    this.all.finished++;
    this.inFlight--;
    if (this.ownRequests.delete(req)) {
      this.own.finished++;
      this.inFlightOwn--;
    }
  };
  private readonly onResponseEvent = (res: Response) => {
    if (!this.active) return;
    if (res.request().isNavigationRequest() && res.frame() === this.page.mainFrame()) {
      this.document = { status: res.status(), retryAfter: res.headers()['retry-after'] };
    }
    this.onResponse(res);
  };
  /**
   * The answer to the page's own document in this load (the last hop of a redirect chain): kept
   * for a navigation that fails although the server answered (see emptyAnswer).
   */
  private document: { status: number; retryAfter: string | undefined } | null = null;

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onDone);
    page.on('requestfailed', this.onDone);
    page.on('response', this.onResponseEvent);
  }

  /**
   * The status of a 4xx/5xx document answer that came without a body, when `error` is the
   * navigation failure Chromium gives it (net::ERR_HTTP_RESPONSE_CODE_FAILURE: it shows its own
   * error page where other browsers show an empty one). Such a 404 is as gone as one with a body,
   * and must not be retried as a network error. Null for any other error.
   */
  emptyAnswer(error: Error): { status: number; retryAfter: string | undefined } | null {
    if (!/ERR_HTTP_RESPONSE_CODE_FAILURE/.test(error.message) || !this.document || this.document.status < 400) return null;
    return this.document;
  }

  /** JSON bodies read so far for the current load. */
  get json(): CapturedJson[] {
    return this.captured;
  }

  /** Every script fetch answered so far for the current load, with its method (replay learns from the GET ones). */
  get dataRequests(): DataRequest[] {
    return this.requests;
  }

  /**
   * A new load on the same tab (pages are reused): forget the previous one's fetches. The
   * listeners stay: every page.on/off is a protocol round trip (with a captured stack trace)
   * per event type, measured at ~10 ms of this process' CPU per page when re-attached per load.
   */
  restart(): void {
    this.document = null;
    this.captured = [];
    this.requests = [];
    this.inFlight = 0;
    this.inFlightOwn = 0;
    this.reads = [];
    this.current = new WeakSet();
    this.all = { started: 0, finished: 0, looked: 0 };
    this.own = { started: 0, finished: 0, looked: 0 };
    this.active = true;
  }

  /** Stops collecting until restart() (late fetches of a finished page are not the next page's). */
  stop(): void {
    this.active = false;
  }

  /** Stops watching for good. */
  detach(): void {
    this.active = false;
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onDone);
    this.page.off('requestfailed', this.onDone);
    this.page.off('response', this.onResponseEvent);
  }

  /**
   * Resolves when scripts have no fetch in flight (or after `maxWaitMs`), bodies read.
   * `ownOriginOnly`: fetches to other origins (trackers, ads, chat widgets) are not waited for.
   * A fetch that finished is not the end: the page's script may start the next one when the
   * answer reaches it (the price, then the stock for that price), and the browser tells this
   * process that a fetch finished before the page has run its handler. So once nothing is in
   * flight after a fetch finished, the page is given a moment to act on it, and if it started
   * another fetch meanwhile that one is waited for too. (Without this a render read the page
   * before its second request, ~1 in 6 renders of such a page; a replay rule learned from it
   * lacked that request.) With `ownOriginOnly` the counts are of own-origin fetches only: a page
   * that keeps beaconing to an analytics host would otherwise hold every settle to its deadline.
   */
  async settle(maxWaitMs: number, opts: { ownOriginOnly?: boolean } = {}): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    const pending = () => (opts.ownOriginOnly ? this.inFlightOwn : this.inFlight);
    const count = () => (opts.ownOriginOnly ? this.own : this.all);
    for (;;) {
      while (pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 15));
      const c = count();
      if (c.finished === c.looked || Date.now() >= deadline) break;
      c.looked = c.finished;
      const started = c.started;
      // The page's own timers: the wait is counted in the renderer's time, after the tasks already queued there.
      const looked = await Promise.race([
        this.page.evaluate((ms) => new Promise<boolean>((r) => setTimeout(() => r(true), ms)), AFTER_ANSWER_MS).catch(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(false), Math.max(0, deadline - Date.now()))),
      ]);
      if (!looked || count().started === started) break;
    }
    await Promise.race([Promise.allSettled(this.reads), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  }

  private onResponse(res: Response): void {
    const req = res.request();
    if (!isScriptFetch(req.resourceType())) return;
    const type = res.headers()['content-type'] ?? '';
    if (this.requests.length < MAX_REQUESTS) this.requests.push({ url: res.url(), method: req.method(), status: res.status(), json: /json/i.test(type) });
    if (this.captured.length >= MAX_CAPTURED || !/json/i.test(type)) return;
    const into = this.captured; // a body read after restart() belongs to the earlier load
    this.reads.push(
      res
        .body()
        .then((buf) => {
          if (buf.length > MAX_JSON_BYTES) return;
          into.push({ url: res.url(), body: JSON.parse(buf.toString('utf8')) });
        })
        .catch(() => undefined),
    );
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function isScriptFetch(type: string): boolean {
  return type === 'xhr' || type === 'fetch';
}
