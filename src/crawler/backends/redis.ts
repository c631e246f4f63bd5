import { join } from 'node:path';
import { Configuration } from 'crawlee';
import { memoryStorage } from './memory-storage';
import { openRedisRequestQueue, dropRedisTask, pagesReserved } from '../../queue/redis-request-queue';
import { connectRedis } from '../../queue/redis-connection';
import { taskPrefix } from '../../dedup/redis-keys';
import { UsageError } from '../../cli/usage-error';
import type { PageBudget } from '../page-budget';
import { CRAWLEE_BASE, resumedSettings, type TaskBackend, type TaskSettings } from './task-backend';
import { logLine } from '../../cli/log';
import { RedisRuleStore } from '../fetching/replay/rule-store';

export interface RedisBackendOptions {
  redisUrl: string;
  task: string;
  settings: TaskSettings;
  /** Start the task afresh (drop its queue, filter and budget) — the main job without --resume. */
  fresh: boolean;
  /** A worker joining a running task: settings come from Redis. */
  join: boolean;
  /** Settings typed on the command line; the rest of a resumed task's come from Redis. */
  given: ReadonlySet<keyof TaskSettings>;
  hostDelayMs: number;
  /** Folder for the crawler's own bookkeeping (statistics), per process. */
  localDir: string;
  onMalformed(url: unknown, reason: string): void;
}

const settingsKey = (task: string) => `${taskPrefix(task)}settings`;

/**
 * Shared mode: the task's queue, Bloom filter and page budget live in Redis so any number
 * of workers on any machines crawl it together.
 */
export async function openRedisBackend(o: RedisBackendOptions): Promise<TaskBackend & { settings: TaskSettings }> {
  const redis = await connectRedis(o.redisUrl, { name: `crawler:${o.task}:${process.pid}` });
  let settings = o.settings;
  try {
    if (o.fresh) await dropRedisTask(redis, o.task);
    const stored = await redis.get(settingsKey(o.task));
    if (o.join) {
      if (!stored) throw new UsageError(`task "${o.task}" is not running in Redis: start it with --task ${o.task} --urls … first`);
      settings = JSON.parse(stored) as TaskSettings;
      settings.mode = o.settings.mode; // a worker fetches its own way
    } else if (stored) {
      const resumed = resumedSettings(JSON.parse(stored) as TaskSettings, settings, o.given);
      settings = resumed.settings;
      for (const note of resumed.notes) logLine('info', `--resume: ${note}`);
      if (resumed.notes.length) await redis.set(settingsKey(o.task), JSON.stringify(settings));
    }
    if (!stored) await redis.set(settingsKey(o.task), JSON.stringify(settings));
  } catch (err) {
    await redis.quit().catch(() => undefined);
    throw err;
  }
  // Short locks, renewed while a page is handled: a killed worker's pages return to the others within 20 s.
  const handle = await openRedisRequestQueue({ redis, task: o.task, hostDelayMs: o.hostDelayMs, onMalformed: o.onMalformed, lockSecs: 20 });
  const limit = settings.maxPages;
  let exhausted = false;
  const budget: PageBudget = {
    limit,
    reserve: async () => {
      if (limit === null) return true;
      const ok = await handle.reservePage(limit);
      if (!ok) exhausted = true;
      return ok;
    },
    // The shared counter only goes up: a slot taken by a page that was then not fetched stays taken.
    release: async () => undefined,
    used: () => pagesReserved(redis, o.task),
    isExhausted: () => exhausted,
  };
  const storageClient = memoryStorage({ localDataDirectory: join(o.localDir, `crawlee-${process.pid}`), persistStorage: false });
  return {
    kind: 'redis',
    settings,
    queue: handle.queue,
    config: new Configuration({ ...CRAWLEE_BASE, storageClient, persistStorage: false }),
    budget,
    seen: null,
    // Under the task's prefix: a fresh start of the task drops it with the queue.
    replayRules: new RedisRuleStore(redis, o.task),
    pending: async () => {
      const info = await handle.queue.getInfo();
      return info ? info.pendingRequestCount ?? info.totalRequestCount - info.handledRequestCount : NaN;
    },
    checkpoint: async () => undefined,
    close: async () => {
      await handle.close();
      await redis.quit().catch(() => undefined);
    },
  };
}
