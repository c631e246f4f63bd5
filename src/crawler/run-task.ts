import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { log as crawleeLog } from 'crawlee';
import type { CrawlOptions } from './crawl-options';
import { createEngine } from './engine-choice';
import { FailureLog } from './results/failures';
import { CrawlStats, ProgressReporter } from './results/progress';
import { formatSummary } from './results/summary';
import { findChromium, NO_CHROMIUM_MESSAGE } from './fetching/browser-path';
import { dedupKey } from './links/dedup-key';
import { openLocalBackend } from './backends/local';
import { openRedisBackend } from './backends/redis';
import type { TaskBackend, TaskSettings } from './backends/task-backend';
import { openTaskSink } from './results/repository-sink';
import { recheckUnreached } from './results/recheck';
import { FileValidatorStore, RedisValidatorStore, type ValidatorStore } from './fetching/validators';
import { ExtractPool } from '../extraction/pool';
import { watchTaskControl, type TaskControlWatch } from '../schedule/watch-task-control';
import { appConfig, taskDir } from '../config/config';

export interface RunOutcome {
  stats: CrawlStats;
  failures: FailureLog;
  interrupted: boolean;
  summary: string;
}

export interface RunHooks {
  /** Called once the engine runs, with a function that stops it gracefully (Ctrl-C). */
  onStart?(stop: () => void): void;
  /** Progress stream; default stderr. */
  progress?: NodeJS.WriteStream;
}

function settingsOf(o: CrawlOptions): TaskSettings {
  return { startUrls: o.startUrls, scope: o.scope, maxDepth: o.maxDepth, maxPages: o.maxPages, strategy: o.strategy, respectRobots: o.respectRobots, type: o.type };
}

/**
 * Runs one task in this process until its queue is empty, its page budget is spent or it
 * is stopped: opens the task's backend (local or Redis) and storage, crawls, checkpoints,
 * and returns the summary.
 */
export async function runTask(opts: CrawlOptions, hooks: RunHooks = {}): Promise<RunOutcome> {
  // Failures are recorded per page by the crawler itself; Crawlee's own error lines would repeat them.
  if (!process.env.CRAWLEE_LOG_LEVEL) crawleeLog.setLevel(crawleeLog.LEVELS.OFF);
  const cfg = appConfig();
  // HTTP mode needs no browser.
  const chromiumPath = opts.mode === 'http' ? '' : findChromium(cfg.chromiumPath);
  if (chromiumPath === null) throw new Error(NO_CHROMIUM_MESSAGE);
  const dir = taskDir(cfg.dataDir, opts.task);
  mkdirSync(dir, { recursive: true });
  const stats = new CrawlStats();
  const failuresFile = join(dir, cfg.redisUrl ? `failures-${hostname()}-${process.pid}.jsonl` : 'failures.jsonl');

  const backend: TaskBackend & { settings: TaskSettings } = cfg.redisUrl
    ? await openRedisBackend({
        redisUrl: cfg.redisUrl,
        task: opts.task,
        settings: settingsOf(opts),
        fresh: !opts.resume && !opts.joinOnly,
        join: opts.joinOnly,
        hostDelayMs: opts.hostDelayMs,
        localDir: dir,
        onMalformed: () => stats.skip('malformed-url'),
      })
    : await openLocalBackend(dir, opts.task, settingsOf(opts), opts.resume || opts.joinOnly);
  // A joining worker or a resumed run crawls with the task's own settings.
  const s = backend.settings;
  const run: CrawlOptions = { ...opts, startUrls: s.startUrls, scope: s.scope as CrawlOptions['scope'], maxDepth: s.maxDepth, maxPages: s.maxPages, strategy: s.strategy as CrawlOptions['strategy'], respectRobots: s.respectRobots, type: s.type as CrawlOptions['type'] };

  const failures = new FailureLog(failuresFile);
  const pool = new ExtractPool();
  void pool.warm(); // overlaps with the browser's start; first pages queue behind it
  let sink;
  try {
    sink = await openTaskSink(run, { host: hostname(), pid: process.pid });
  } catch (err) {
    await backend.close();
    await pool.close();
    throw err;
  }
  // Conditional requests need validators kept from the previous run (HTTP mode only; see http-engine).
  let validators: ValidatorStore | null = null;
  if (run.mode === 'http') {
    try {
      validators = cfg.redisUrl ? await RedisValidatorStore.open(cfg.redisUrl, opts.task) : new FileValidatorStore(dir);
    } catch {
      validators = null; // without them every page is simply fetched in full
    }
  }
  const engine = createEngine(run, { queue: backend.queue, budget: backend.budget, sink, seen: backend.seen, dedupKey, failures, stats, pool, chromiumPath, config: backend.config, validators });
  const progress = new ProgressReporter(stats, () => backend.pending(), hooks.progress);

  let interrupted = false;
  let control: TaskControlWatch | null = null;
  try {
    if (!opts.joinOnly) await engine.seed();
    await backend.checkpoint('running');
    const stop = () => {
      interrupted = true;
      engine.stop();
    };
    hooks.onStart?.(stop);
    control = watchTaskControl(sink.repo, opts.task, { onPause: () => engine.pause?.(), onResume: () => engine.resume?.(), onStop: stop });
    progress.start();
    await engine.run();
    // A re-crawl that ran to the end re-checks the known pages it no longer reached (removed
    // products …) so their records are marked gone. The main process does it, not joining workers.
    if (!interrupted && !opts.joinOnly && !engine.isStopping && !backend.budget.isExhausted()) {
      const unreached = await sink.unseenSince(sink.startedAt).catch(() => [] as string[]);
      if (unreached.length) await recheckUnreached(run, { sink, budget: backend.budget, stats, failures }, unreached);
    }
  } finally {
    control?.stop();
    await validators?.close().catch(() => undefined);
    await progress.stop();
    await pool.close();
    await backend.checkpoint(interrupted ? 'interrupted' : 'finished');
    await backend.close();
    await sink.close(interrupted ? 'stopped' : stats.pagesDone === 0 && failures.total > 0 ? 'failed' : 'finished');
  }
  const summary = formatSummary({ task: opts.task, stats, failures, interrupted, resultsAt: sink.describe(), failuresAt: failuresFile });
  return { stats, failures, interrupted, summary };
}
