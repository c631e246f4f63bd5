import type { CrawlOptions } from './crawl-options';
import { CrawlEngine, type EngineDeps } from './fetching/engine';
import { HttpEngine } from './fetching/http-engine';
import { BrowserRenderer } from './fetching/browser-renderer';
import { RenderMemory } from './fetching/render-memory';
import { NavigationGuard } from './fetching/navigation-guard';
import { LinkAdmission } from './links/admission';
import { inScope } from './links/scope';
import { ReplayBook } from './fetching/replay/replay-book';
import { logLine } from '../cli/log';

/** What run-task drives, whichever way pages are fetched. */
export interface FetchEngine {
  seed(): Promise<number>;
  run(): Promise<void>;
  stop(): void;
  /** Take no new pages until resume() (pages in flight finish). */
  pause?(): void;
  resume?(): void;
  readonly isStopping: boolean;
  admit(hrefs: string[], base: string, depth: number): Promise<number>;
  /** `task pause` / `task resume`: stop taking new pages for a while. */
  pause?(): void;
  resume?(): void;
}

/** The engine for `opts.mode` (browser by default). */
export function createEngine(opts: CrawlOptions, deps: EngineDeps): FetchEngine {
  switch (opts.mode) {
    case 'http':
      return new HttpEngine(opts, deps);
    case 'adaptive': {
      // Script redirects and subresources of rendered pages pass the same admission as in browser mode.
      const starts = opts.startUrls.map((u) => new URL(u));
      const guard = new NavigationGuard(new LinkAdmission(opts, deps), opts.startUrls, (u) => inScope(u, starts, opts.scope));
      // The browser is for the few pages HTTP cannot read; a handful of tabs is plenty on small machines.
      return new HttpEngine(opts, deps, {
        renderer: new BrowserRenderer({ chromiumPath: deps.chromiumPath, timeoutSecs: opts.timeoutSecs, concurrency: Math.min(opts.concurrency, 4), loadMedia: opts.loadMedia, guard }),
        memory: new RenderMemory(),
        replay: opts.replay ? new ReplayBook(deps.stats.replayByTemplate, { checkEvery: opts.replayCheckEvery, log: logLine, store: deps.replayRules ?? null }) : null,
      });
    }
    case 'browser':
    default:
      return new CrawlEngine(opts, deps);
  }
}
