import { checkTaskName } from './task-name';
import { resolve } from 'node:path';

/**
 * Process-wide settings from the environment, read once. Command-line options of a
 * command (CrawlOptions and friends) are layered on top of these by the command itself.
 */
export interface AppConfig {
  /** Root of everything the program writes: `./data` unless CRAWLER_DATA_DIR is set. */
  dataDir: string;
  /** MongoDB connection string; unset = the embedded store in `<dataDir>/store`. */
  mongodbUri: string | null;
  /** Redis URL; unset = the in-process queue and Bloom filter. */
  redisUrl: string | null;
  /** Chromium executable; unset = discovered (see src/crawler/fetching/browser-path.ts). */
  chromiumPath: string | null;
  logFormat: 'text' | 'json';
  /** PROXY_URLS: comma- or space-separated proxy URLs for this process (overridden by --proxy/--proxy-file); unset = none. */
  proxyUrls: string | null;
}

/** Every environment variable the program reads, for `--help` and README. */
export const ENVIRONMENT: ReadonlyArray<readonly [name: string, meaning: string]> = [
  ['CRAWLER_DATA_DIR', 'folder for the embedded store, task queues, Bloom filters and failure logs (default ./data)'],
  ['MONGODB_URI', 'store results in this MongoDB instead of the embedded store'],
  ['REDIS_URL', 'share queue, Bloom filter and page budget through this Redis (several machines on one task)'],
  ['CHROMIUM_PATH', 'Chromium executable for browser mode (default: found by `npm run setup`)'],
  ['LOG_FORMAT', 'text | json (same as --log-format)'],
  ['DEMO_PORT', 'port of the bundled demo site (default 18080)'],
  ['PROXY_URLS', 'proxies for this process, comma- or space-separated (like --proxy; see README "When a site blocks you")'],
  ['UI_TOKEN', 'token the dashboard (`ui`) requires on every request; needed with --host other than 127.0.0.1'],
  ['CRAWLEE_LOG_LEVEL', "show Crawlee's own log lines at this level (DEBUG, INFO, WARNING, ERROR)"],
];

let cached: AppConfig | null = null;

export function appConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (cached && env === process.env) return cached;
  const cfg: AppConfig = {
    dataDir: resolve(env.CRAWLER_DATA_DIR || 'data'),
    mongodbUri: env.MONGODB_URI || null,
    redisUrl: env.REDIS_URL || null,
    chromiumPath: env.CHROMIUM_PATH || null,
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'text',
    proxyUrls: env.PROXY_URLS || null,
  };
  if (env === process.env) cached = cfg;
  return cfg;
}

/** Where one task keeps its queue, Bloom filter, state and failure log. */
export function taskDir(dataDir: string, task: string): string {
  return resolve(dataDir, 'tasks', checkTaskName(task));
}
