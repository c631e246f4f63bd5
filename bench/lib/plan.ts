import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Family, RunSpec } from './child-run';

/** Sizes and bounds of one benchmark run; `--quick` picks the small one. */
export interface Profile {
  name: 'full' | 'quick';
  products: number;
  httpLevels: number[];
  browserLevels: number[];
  /** Concurrency of the side-by-side comparison (peers, targets). */
  httpHeadline: number;
  browserHeadline: number;
  httpMaxPages: number;
  browserMaxPages: number;
  httpSeconds: number;
  browserSeconds: number;
  /** Scrapy at every HTTP level (full) or only at the headline one (quick). */
  scrapySweep: boolean;
  extractionPerKind: number;
  bloomN: number;
}

export const PROFILES: Record<Profile['name'], Profile> = {
  full: {
    name: 'full',
    products: 2000,
    httpLevels: [1, 4, 16, 64],
    browserLevels: [1, 4, 8, 16],
    httpHeadline: 16,
    browserHeadline: 8,
    httpMaxPages: 2000,
    browserMaxPages: 500,
    httpSeconds: 25,
    browserSeconds: 40,
    scrapySweep: true,
    extractionPerKind: 15,
    bloomN: 1_000_000,
  },
  quick: {
    name: 'quick',
    products: 600,
    httpLevels: [1, 16],
    browserLevels: [1, 8],
    httpHeadline: 16,
    browserHeadline: 8,
    httpMaxPages: 800,
    browserMaxPages: 100,
    httpSeconds: 6,
    browserSeconds: 10,
    scrapySweep: false,
    extractionPerKind: 5,
    bloomN: 100_000,
  },
};

/** What this checkout and machine offer, found out before planning. */
export interface Capabilities {
  /** Fetch modes our CLI accepts (`--mode`); ['browser'] when it has no such option. */
  modes: string[];
  modeOption: boolean;
  /** A python3 that can import scrapy, or null. */
  scrapyPython: string | null;
}

export interface PlanContext {
  root: string;
  tsxCli: string;
  tmp: string;
  siteUrl: string;
  profile: Profile;
  caps: Capabilities;
}

/** Run ids: `<crawler>@<concurrency>` (e.g. ours-browser@8, min-fetch@16, crawlee-cheerio@auto). */
export type Crawler = 'ours-browser' | 'ours-http' | 'ours-adaptive' | 'min-playwright' | 'min-fetch' | 'scrapy' | 'crawlee-playwright' | 'crawlee-cheerio';

export const LABELS: Record<Crawler, string> = {
  'ours-browser': 'ours, browser mode',
  'ours-http': 'ours, HTTP mode',
  'ours-adaptive': 'ours, adaptive mode',
  'min-playwright': 'minimal Playwright loop (limit)',
  'min-fetch': 'minimal fetch + parse loop (limit)',
  scrapy: 'Scrapy',
  'crawlee-playwright': 'Crawlee PlaywrightCrawler, defaults',
  'crawlee-cheerio': 'Crawlee CheerioCrawler, defaults',
};

const FAMILY: Record<Crawler, Family> = {
  'ours-browser': 'browser',
  'ours-http': 'http',
  'ours-adaptive': 'http',
  'min-playwright': 'browser',
  'min-fetch': 'http',
  scrapy: 'http',
  'crawlee-playwright': 'browser',
  'crawlee-cheerio': 'http',
};

export function runId(c: Crawler, concurrency: number | null): string {
  return `${c}@${concurrency ?? 'auto'}`;
}

/** The command line that makes `crawler` crawl the demo site at `concurrency`. */
export function specFor(ctx: PlanContext, crawler: Crawler, concurrency: number | null): RunSpec {
  const { profile: p, siteUrl, tsxCli, root } = ctx;
  const family = FAMILY[crawler];
  const maxPages = family === 'http' ? p.httpMaxPages : p.browserMaxPages;
  const seconds = family === 'http' ? p.httpSeconds : p.browserSeconds;
  const id = runId(crawler, concurrency);
  const dir = join(ctx.tmp, id.replace(/[^\w.-]/g, '_'));
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium', CRAWLEE_STORAGE_DIR: join(dir, 'storage') };
  // Our crawler: local queue and embedded store under a temp data dir, never a shared Redis/Mongo.
  delete env.REDIS_URL;
  delete env.MONGODB_URI;
  // The runner stops each crawler `seconds` after its first page; the crawlers' own limits are a backstop.
  const backstop = String(seconds + 120);
  const base = { id, label: LABELS[crawler], family, concurrency, seconds, logFile: join(dir, 'output.log'), env };
  const c = String(concurrency ?? 1);
  const peer = (file: string, withConcurrency: boolean): RunSpec => ({
    ...base,
    command: process.execPath,
    args: [tsxCli, join(root, 'bench/peers', file), '--url', siteUrl, '--max-pages', String(maxPages), '--seconds', backstop, ...(withConcurrency ? ['--concurrency', c] : [])],
    // An empty working directory: Crawlee must not pick up the project's crawlee.json.
    cwd: dir,
  });
  switch (crawler) {
    case 'ours-browser':
    case 'ours-http':
    case 'ours-adaptive': {
      const mode = crawler.slice('ours-'.length);
      env.CRAWLER_DATA_DIR = join(dir, 'data');
      return {
        ...base,
        command: process.execPath,
        // --ignore-robots: every crawler here walks the same link graph (the peers do not read robots.txt).
        args: [tsxCli, join(root, 'src/cli/main.ts'), '--task', `bench-${mode}-${c}`, '--urls', siteUrl, '--max-pages', String(maxPages), '--concurrency', c, '--ignore-robots', ...(ctx.caps.modeOption ? ['--mode', mode] : [])],
        cwd: root,
      };
    }
    case 'min-playwright':
      return peer('min-playwright.ts', true);
    case 'min-fetch':
      return peer('min-fetch.ts', true);
    case 'crawlee-playwright':
      return peer('crawlee-playwright.ts', false);
    case 'crawlee-cheerio':
      return peer('crawlee-cheerio.ts', false);
    case 'scrapy':
      return {
        ...base,
        command: ctx.caps.scrapyPython ?? 'python3',
        args: ['-m', 'scrapy', 'runspider', join(root, 'bench/peers/scrapy_spider.py'), '-a', `url=${siteUrl}`, '-a', `max_pages=${maxPages}`,
          '-s', `CONCURRENT_REQUESTS=${c}`, '-s', `CONCURRENT_REQUESTS_PER_DOMAIN=${c}`, '-s', `CLOSESPIDER_TIMEOUT=${backstop}`],
        cwd: dir,
      };
  }
}

/**
 * The order of the runs: each concurrency level runs ours next to the limit (and Scrapy) back
 * to back, so a noisy neighbour hurts both sides of a ratio alike.
 */
export function planRuns(p: Profile, caps: Capabilities): Array<[Crawler, number | null]> {
  const runs: Array<[Crawler, number | null]> = [];
  const ourHttp = caps.modes.includes('http');
  const scrapy = caps.scrapyPython !== null;
  for (const c of p.httpLevels) {
    if (ourHttp) runs.push(['ours-http', c]);
    runs.push(['min-fetch', c]);
    if (scrapy && (p.scrapySweep || c === p.httpHeadline)) runs.push(['scrapy', c]);
  }
  if (caps.modes.includes('adaptive')) runs.push(['ours-adaptive', p.httpHeadline]);
  runs.push(['crawlee-cheerio', null]);
  for (const c of p.browserLevels) {
    runs.push(['ours-browser', c]);
    runs.push(['min-playwright', c]);
  }
  runs.push(['crawlee-playwright', null]);
  return runs;
}
