import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import type { CapturedJson } from '../../../extractors/types';
import { CHROMIUM_ARGS, RENDERER_HEAP_MIB } from './browser-path';
import { blockMedia } from './media-block';
import { closePopup, NO_WINDOW_OPEN, readyForReuse } from './page-reuse';
import type { NavigationGuard } from './navigation-guard';
import { PageCapture } from './page-capture';
import type { DataRequest } from './replay/replay-book';
import { snapshotPage } from './page-snapshot';
import { reasonedError } from '../results/page-steps';
import { expandPage, ExpandPolicy, type ExpandOutcome } from './page-expand';

export interface BrowserRendererOptions {
  chromiumPath: string;
  /** Navigation timeout in seconds. */
  timeoutSecs: number;
  /** Pages rendered at once. */
  concurrency: number;
  /** Download images, fonts and media too. Default false. */
  loadMedia?: boolean;
  /** Vets redirect hops and private addresses as in browser mode (see NavigationGuard). Default none. */
  guard?: NavigationGuard;
}

export interface RenderedPage {
  url: string;
  status: number;
  contentType: string;
  html: string;
  /** JSON the page's scripts fetched (prices and reviews often arrive that way). */
  xhr: CapturedJson[];
  /** The script fetches it made (replay learns its rules from them). */
  dataRequests: DataRequest[];
  hrefs: string[];
  /** What the expand step did (null: it could not run). */
  expanded: ExpandOutcome | null;
}

/** A tab kept between renders, with what watches it. */
interface Tab {
  page: Page;
  capture: PageCapture;
  /** Blocks media; quiets the tab before its next page (see readyForReuse). */
  session: CDPSession;
}

/**
 * Adaptive mode's browser: one Chromium, launched on first use, rendering the few pages
 * plain HTTP could not read, at most `concurrency` at once. Tabs are reused as in browser mode
 * (see page-reuse): a new tab per render cost ~0.4 CPU-seconds of Chromium's own process
 * (measured on the demo shop), twice a whole reused-tab render.
 */
export class BrowserRenderer {
  private context: Promise<{ browser: Browser; context: BrowserContext }> | null = null;
  private active = 0;
  private readonly waiters: Array<() => void> = [];
  private readonly idle: Tab[] = [];
  private readonly crashed = new WeakSet<Page>();
  /** Public: the engine records each page's outcome with it (hover menus once per host). */
  readonly expand = new ExpandPolicy();

  constructor(private readonly opts: BrowserRendererOptions) {}

  async render(url: string): Promise<RenderedPage> {
    while (this.active >= this.opts.concurrency) await new Promise<void>((r) => this.waiters.push(r));
    this.active++;
    try {
      const tab = await this.takeTab();
      const { page, capture } = tab;
      let done = false;
      const guard = this.opts.guard;
      try {
        guard?.expect(page, url);
        const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: this.opts.timeoutSecs * 1000 }).catch((err: Error) => {
          const refused = guard?.refusal(page);
          if (refused) throw refused;
          if (this.crashed.has(page)) throw reasonedError(`the page's renderer crashed, most likely out of memory (scripts are capped at ${RENDERER_HEAP_MIB} MiB per tab)`, 'too-much-memory');
          throw /timeout/i.test(err.message) ? reasonedError(`timeout after ${this.opts.timeoutSecs} s rendering ${url}`, 'timeout') : err;
        });
        // Scripts fetch what they render: wait for those (bounded), then for the load event briefly.
        await page.waitForLoadState('load', { timeout: 3_000 }).catch(() => undefined);
        guard?.loaded(page);
        await capture.settle(3_000);
        // Reviews, goods and menu entries behind "more" buttons and hover menus (bounded; see page-expand).
        const expanded = await expandPage(page, capture, this.expand.optionsFor(page.url())).catch(() => null);
        const { html, hrefs } = await snapshotPage(page);
        const finalUrl = expanded && expanded.clicks > 0 ? expanded.url : page.url();
        done = true;
        return { url: finalUrl, status: response?.status() ?? 0, contentType: response?.headers()['content-type'] ?? '', html, xhr: capture.json, dataRequests: capture.dataRequests, hrefs, expanded };
      } finally {
        // A tab that saw an error is closed: no broken state carries over to the next page.
        await this.release(tab, done);
      }
    } finally {
      this.active--;
      this.waiters.shift()?.();
    }
  }

  async close(): Promise<void> {
    const opened = this.context;
    this.context = null;
    this.idle.length = 0;
    if (opened) await (await opened.catch(() => null))?.browser.close().catch(() => undefined);
  }

  /** An idle tab of this browser, or a new one. */
  private async takeTab(): Promise<Tab> {
    const { context } = await this.open();
    for (let tab = this.idle.pop(); tab; tab = this.idle.pop()) {
      if (!tab.page.isClosed() && !this.crashed.has(tab.page)) {
        tab.capture.restart();
        return tab;
      }
    }
    const page = await context.newPage();
    // A tab whose setup fails is closed here: it would stay open for the whole crawl.
    try {
      const capture = new PageCapture(page);
      // Popups a page opens are closed at once; a renderer crash is named (see RENDERER_HEAP_MIB).
      page.on('popup', closePopup);
      page.on('crash', () => this.crashed.add(page));
      await page.addInitScript(NO_WINDOW_OPEN);
      const session = await context.newCDPSession(page);
      if (!this.opts.loadMedia) await blockMedia(session);
      await this.opts.guard?.attach(page);
      return { page, capture, session };
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
  }

  /** Keeps a tab that finished its page well for the next render (quieted first), else closes it. */
  private async release(tab: Tab, ok: boolean): Promise<void> {
    const { page, capture } = tab;
    capture.stop();
    if (ok && this.context && !page.isClosed() && !this.crashed.has(page) && this.idle.length < this.opts.concurrency) {
      const clean = await readyForReuse(page, tab.session, this.crashed).catch(() => false);
      if (clean) {
        this.idle.push(tab);
        return;
      }
    }
    capture.detach();
    await page.close().catch(() => undefined);
  }

  private open(): Promise<{ browser: Browser; context: BrowserContext }> {
    this.context ??= (async () => {
      // Ctrl-C is the crawl's: the browser must outlive it until pages in flight are done.
      const browser = await chromium.launch({ executablePath: this.opts.chromiumPath, args: CHROMIUM_ARGS, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
      const context = await browser.newContext({ serviceWorkers: 'block' });
      return { browser, context };
    })();
    return this.context;
  }
}
