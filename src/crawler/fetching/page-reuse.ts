import { PlaywrightCrawler, RequestState, type PlaywrightCrawlerOptions, type PlaywrightCrawlingContext, type Configuration } from 'crawlee';
import type { Page } from 'playwright';

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

/** How long a finished page may take to leave its document before it is closed instead of reused. */
const RESET_TIMEOUT_MS = 5_000;

/**
 * PlaywrightCrawler that keeps a page open after a successful request and hands it to the
 * next one, instead of opening and closing a page per request (a third of the time per
 * page on 2 cores). A page that saw an error is closed as usual, so no broken state carries over.
 * A reused page first goes to about:blank: its scripts stop (a timer that would navigate it or
 * eat memory later), and a page that cannot (crashed, hung in a loop) is closed and replaced.
 * A page's renderer crash (a crashed page is not `isClosed()`) retires it for good. Popups a
 * page opens are closed at once.
 */
export class PageReusingPlaywrightCrawler extends PlaywrightCrawler {
  private readonly idlePages: Page[] = [];
  private readonly maxIdle: number;
  private readonly crashed = new WeakSet<Page>();
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
      const clean = await page.goto('about:blank', { timeout: RESET_TIMEOUT_MS }).then(
        () => !this.crashed.has(page),
        () => false,
      );
      if (clean) {
        this.idlePages.push(page);
        return;
      }
    }
    await super._cleanupContext(ctx);
  }
}
