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
