import { PlaywrightCrawler, RequestState, type PlaywrightCrawlerOptions, type PlaywrightCrawlingContext, type Configuration } from 'crawlee';
import type { CDPSession, Page } from 'playwright';

/**
 * Scripts cannot open windows (a chain of popups opens faster than they can be closed); a link
 * with target=_blank a control opens is still a popup, closed by closePopup.
 */
export const NO_WINDOW_OPEN = 'window.open = function () { return null; };';

/** Closes a popup, and any popup it managed to open before that. */
export function closePopup(popup: Page): void {
  popup.on('popup', closePopup);
  void popup.close().catch(() => undefined);
}

/** How long a finished page may take to settle or leave its document before it is closed instead of reused. */
const RESET_TIMEOUT_MS = 5_000;

/**
 * Run in a finished page: stop its loading and pending navigation, clear its timers (ids count up
 * from 1 in Chromium), and tell whether a meta refresh could still move it.
 */
const QUIET_DOWN = `(() => {
  window.stop();
  const last = setTimeout(() => {}, 0);
  for (let id = 1; id <= last; id++) { clearTimeout(id); clearInterval(id); }
  return !!document.querySelector('meta[http-equiv="refresh" i]');
})()`;

/** Listeners that run when a document is left, i.e. in whoever uses the tab next. */
const LEAVE_EVENTS = new Set(['pagehide', 'unload', 'beforeunload', 'visibilitychange']);

/**
 * Readies a finished page for the next request without loading a new document when it can: a
 * document change runs every init script (fingerprints) again, 15% more CPU per page in browser
 * mode. A page that hooks its own leaving (or may refresh itself) still goes to about:blank here,
 * so whatever it does on leaving happens now and not in the next page's load. False: the page is
 * unusable (hung, crashed, or failed to leave).
 */
export async function readyForReuse(page: Page, session: CDPSession, crashed: WeakSet<Page>): Promise<boolean> {
  const settled = async (): Promise<boolean> => {
    const quiet = (await session.send('Runtime.evaluate', { expression: QUIET_DOWN, returnByValue: true })) as { result: { value?: unknown } };
    if (quiet.result.value !== false) return false;
    // visibilitychange is usually hooked on document, the others on window.
    for (const target of ['window', 'document']) {
      const found = (await session.send('Runtime.evaluate', { expression: target })) as { result: { objectId?: string } };
      const objectId = found.result.objectId;
      if (!objectId) return false;
      const { listeners } = (await session.send('DOMDebugger.getEventListeners', { objectId })) as { listeners: Array<{ type: string }> };
      void session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
      if (listeners.some((l) => LEAVE_EVENTS.has(l.type))) return false;
    }
    return true;
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((done) => (timer = setTimeout(() => done('timeout'), RESET_TIMEOUT_MS)));
  try {
    const quiet = await Promise.race([settled().catch(() => 'failed' as const), deadline]);
    if (quiet === 'timeout' || quiet === 'failed') return false;
    if (!quiet) {
      const left = await page.goto('about:blank', { timeout: RESET_TIMEOUT_MS }).then(() => true, () => false);
      if (!left) return false;
    }
    return !crashed.has(page) && !page.isClosed();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PlaywrightCrawler that keeps a page open after a successful request and hands it to the
 * next one, instead of opening and closing a page per request (a third of the time per
 * page on 2 cores). A page that saw an error is closed as usual, so no broken state carries over.
 * A reused page is first quieted (loading stopped, timers cleared: nothing navigates it or eats
 * memory later) and goes to about:blank if it hooks its own leaving; a page that cannot (crashed,
 * hung in a loop) is closed and replaced.
 * A page's renderer crash (a crashed page is not `isClosed()`) retires it for good. Popups a
 * page opens are closed at once.
 */
export class PageReusingPlaywrightCrawler extends PlaywrightCrawler {
  private readonly idlePages: Page[] = [];
  private readonly maxIdle: number;
  private readonly crashed = new WeakSet<Page>();
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();
  private readonly proxied: boolean;

  /**
   * `reusePages` false: a page per request (with proxies each page is its own context holding
   * its session's proxy, so it cannot serve another session). `proxied`: connection errors
   * may be the proxy's (Crawlee then rotates the session).
   */
  constructor(options: PlaywrightCrawlerOptions, config?: Configuration, { reusePages = true, proxied = false } = {}) {
    super(options, config);
    this.maxIdle = reusePages ? (options.maxConcurrency ?? 8) : 0;
    this.proxied = proxied;
    const pool = this.browserPool;
    const open = pool.newPage.bind(pool);
    pool.newPage = (async (opts?: Parameters<typeof open>[0]) => {
      for (let page = this.idlePages.pop(); page; page = this.idlePages.pop()) {
        if (page.isClosed()) continue;
        // A retired browser (its session was blocked) is left to close: its pages are not reused.
        const controller = pool.getBrowserControllerByPage(page);
        if (!this.crashed.has(page) && controller && pool.activeBrowserControllers.has(controller)) return page;
        void page.close().catch(() => undefined);
      }
      const page = (await open(opts)) as Page;
      page.on('crash', () => this.crashed.add(page));
      page.on('popup', closePopup);
      await page.addInitScript(NO_WINDOW_OPEN);
      return page;
    }) as typeof pool.newPage;
  }

  private finished: Promise<unknown> = Promise.resolve();

  /** Without proxies a refused connection is the site's failure, not a reason to rotate sessions ten times. */
  override isProxyError(error: Error): boolean {
    return this.proxied && super.isProxyError(error);
  }

  override run(...args: Parameters<PlaywrightCrawler['run']>): ReturnType<PlaywrightCrawler['run']> {
    const running = super.run(...args);
    this.finished = running.catch(() => undefined);
    return running;
  }

  /**
   * Crawlee's own Ctrl-C handler pauses and then aborts the pool, which kills the pages in
   * flight and counts them as failed attempts. Here Ctrl-C means: take no new pages and let
   * the ones in flight finish, so the handler waits for the run to end by itself.
   */
  protected override async _pauseOnMigration(): Promise<void> {
    this.stop('stopping: finishing pages in flight');
    await this.finished;
  }

  protected override async _cleanupContext(ctx: PlaywrightCrawlingContext): Promise<void> {
    const { page, request } = ctx;
    if (page && !page.isClosed() && !this.crashed.has(page) && request.state === RequestState.DONE && this.idlePages.length < this.maxIdle) {
      let session = this.sessions.get(page);
      if (!session) this.sessions.set(page, (session = page.context().newCDPSession(page)));
      const clean = await session.then((s) => readyForReuse(page, s, this.crashed), () => false);
      if (clean) {
        this.idlePages.push(page);
        return;
      }
    }
    await super._cleanupContext(ctx);
  }
}
