export type CrawlType = 'commerce' | 'news' | 'auto';
export type Strategy = 'bfs' | 'dfs';
export type Scope = 'same-site' | 'same-domain' | 'any';
/** browser: every page rendered in Chromium; http: plain HTTP fetches; adaptive: HTTP, browser where a page needs rendering. */
export type FetchMode = 'browser' | 'http' | 'adaptive';

/**
 * How this process reaches sites that push back (see src/crawler/fetching/site-access.ts).
 * A process setting, never a task setting: it is not stored with the task (proxy passwords and
 * login cookies stay in this process), and each Redis worker may bring its own.
 */
export interface AccessSettings {
  /** Proxy URLs (--proxy, --proxy-file or PROXY_URLS), rotated per session. Default none: direct. */
  proxyUrls: string[];
  /** Go direct until a host blocks, then through the proxies (tiered proxies). Default false. */
  directFirst: boolean;
  /** Cookies from --cookies, given to every session. Default none. */
  cookies: import('./fetching/cookies-file').FileCookie[];
  /** One User-Agent for every request (--user-agent). Default null: a realistic one per session. */
  userAgent: string | null;
  /** Locale of a site's hosts known from its alias (Accept-Language); others from their country domain. */
  hostLocales?: Record<string, string>;
}

export const NO_ACCESS_SETTINGS: AccessSettings = { proxyUrls: [], directFirst: false, cookies: [], userAgent: null };

/** Everything one crawl run needs; the CLI fills it, defaults documented per field. */
export interface CrawlOptions {
  task: string;
  /** Resolved start URLs (aliases already expanded). */
  startUrls: string[];
  type: CrawlType;
  /** Exact number of pages fetched over the whole task (all runs and workers). Default: no limit. */
  maxPages: number | null;
  /** Links deeper than this from a start URL are not followed. Default: no limit. */
  maxDepth: number | null;
  strategy: Strategy;
  /** Pages in flight at once in this process. Default 8. */
  concurrency: number;
  scope: Scope;
  respectRobots: boolean;
  /** Continue an interrupted task instead of starting it afresh. */
  resume: boolean;
  /** Per host: pages in flight at once (default 4) and minimum ms between requests (default 0). */
  hostConcurrency: number;
  hostDelayMs: number;
  /** Navigation timeout per page in seconds. Default 20. */
  timeoutSecs: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries: number;
  /** Download images, fonts and media too. Default false. */
  loadMedia: boolean;
  /** Join an existing task instead of creating it (the `worker` command). */
  joinOnly: boolean;
  /** How pages are fetched. Default 'browser'. */
  mode: FetchMode;
  /** Proxies, cookies, user agent (process settings). Default: none of them. */
  access: AccessSettings;
  /**
   * Adaptive mode: pages of a template whose data requests were learned from rendered pages
   * are read over HTTP with those requests replayed (see fetching/replay). Default true.
   */
  replay: boolean;
  /** Every Nth page of a replayed template is rendered anyway to re-check the rule. Default 20. */
  replayCheckEvery: number;
  /**
   * Task settings typed on the command line. A resumed task takes the rest from its stored
   * settings (page limit, depth, scope, strategy, robots, type, mode). Default: the settings
   * that differ from these defaults.
   */
  given?: Array<'startUrls' | 'scope' | 'maxDepth' | 'maxPages' | 'strategy' | 'respectRobots' | 'type' | 'mode'>;
}

export const DEFAULT_CRAWL_OPTIONS: Omit<CrawlOptions, 'task' | 'startUrls'> = {
  type: 'auto',
  maxPages: null,
  maxDepth: null,
  strategy: 'bfs',
  concurrency: 8,
  scope: 'same-site',
  respectRobots: true,
  resume: false,
  hostConcurrency: 4,
  hostDelayMs: 0,
  timeoutSecs: 20,
  maxRetries: 2,
  loadMedia: false,
  joinOnly: false,
  mode: 'browser',
  access: NO_ACCESS_SETTINGS,
  replay: true,
  replayCheckEvery: 20,
};
