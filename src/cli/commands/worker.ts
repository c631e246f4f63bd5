import type { Command } from 'commander';
import { DEFAULT_CRAWL_OPTIONS, type FetchMode } from '../../crawler/crawl-options';
import { appConfig } from '../../config/config';
import { UsageError } from '../usage-error';
import { positiveInt, nonNegativeInt, oneOf, taskName } from '../parse-options';
import { runWithSignals } from './crawl';
import { addAccessOptions, describeAccess, resolveAccess, type AccessFlags } from '../../config/access';
import { logLine } from '../log';

interface WorkerFlags extends AccessFlags {
  task: string;
  concurrency: number;
  timeout: number;
  retries: number;
  hostDelay?: number;
  hostConcurrency?: number;
  mode: FetchMode;
}

/**
 * `worker --task NAME`: another process or machine joins a running task. The task's queue,
 * Bloom filter, page budget and settings come from Redis (REDIS_URL), so any number of
 * workers share one crawl and the exact page limit.
 */
export function register(program: Command): void {
  // Each worker brings its own proxies and cookies (process settings; see src/config/access.ts).
  addAccessOptions(program.command('worker'))
    .description('join a running task from another process or machine (needs REDIS_URL)')
    .requiredOption('--task <name>', 'the task to join', taskName)
    .option('--concurrency <n>', 'pages in flight at once in this worker', positiveInt('--concurrency'), DEFAULT_CRAWL_OPTIONS.concurrency)
    .option('--timeout <secs>', 'navigation timeout per page', positiveInt('--timeout'), DEFAULT_CRAWL_OPTIONS.timeoutSecs)
    .option('--retries <n>', 'retries after a failed attempt', nonNegativeInt('--retries'), DEFAULT_CRAWL_OPTIONS.maxRetries)
    .option('--host-delay <ms>', 'minimum ms between two requests to one host (over all workers)', nonNegativeInt('--host-delay'))
    .option('--host-concurrency <n>', 'pages of one host in flight at once in this worker', positiveInt('--host-concurrency'))
    .option('--mode <m>', 'browser | http | adaptive', oneOf('--mode', ['browser', 'http', 'adaptive'] as const), DEFAULT_CRAWL_OPTIONS.mode)
    .action(async (flags: WorkerFlags) => {
      if (!appConfig().redisUrl) {
        throw new UsageError('worker needs REDIS_URL (e.g. redis://127.0.0.1:6379) so it can share the task\'s queue; without Redis run the task itself with --task … --urls …');
      }
      let access;
      try {
        access = resolveAccess(flags, undefined, flags.mode);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      const accessLine = describeAccess(access);
      if (accessLine) logLine('info', accessLine);
      process.exitCode = await runWithSignals({
        ...DEFAULT_CRAWL_OPTIONS,
        task: flags.task,
        startUrls: [],
        concurrency: flags.concurrency,
        timeoutSecs: flags.timeout,
        maxRetries: flags.retries,
        hostDelayMs: flags.hostDelay ?? DEFAULT_CRAWL_OPTIONS.hostDelayMs,
        hostConcurrency: flags.hostConcurrency ?? Math.max(DEFAULT_CRAWL_OPTIONS.hostConcurrency, flags.concurrency),
        joinOnly: true,
        mode: flags.mode,
        access: { proxyUrls: access.proxyUrls, directFirst: access.directFirst, cookies: access.cookies, userAgent: access.userAgent },
      });
    });
}
