import { join } from 'node:path';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { logLine } from '../cli/log';
import { describeFsError } from '../../storage/embedded/embedded-repository';
import { hostname } from 'node:os';
import { log as crawleeLog } from 'crawlee';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions } from './crawl-options';
import { createEngine } from './engine-choice';
import { FailureLog } from './results/failures';
import { CrawlStats, ProgressReporter } from './results/progress';
import { ProgressFile } from './results/progress-file';
import { formatSummary } from './results/summary';
import { findChromium, NO_CHROMIUM_MESSAGE } from './fetching/browser-path';
import { dedupKey } from './links/dedup-key';
import { openLocalBackend } from './backends/local';
import { openRedisBackend } from './backends/redis';
import { nonDefaultSettings, type TaskBackend, type TaskSettings } from './backends/task-backend';
import { openTaskSink, refuseIfRunning, type TaskSink } from './results/repository-sink';
import { openRepository } from '../../storage/open';
import { recheckUnreached } from './results/recheck';
import { RedisValidatorStore, type ValidatorStore } from './fetching/validators';
import { SqliteValidatorStore } from './backends/validator-store';
import { StoreHealth, errorMessage } from './results/page-steps';
import { ExtractPool } from '../extraction/pool';
import { limitHeapGrowth } from './heap-growth';
import { watchTaskControl, type TaskControlWatch } from '../schedule/watch-task-control';
import { appConfig, taskDir } from '../config/config';
import type { PageResult } from '../../extractors/types';
import type { SaveOutcome } from './results/page-sink';

export interface RunOutcome {
  stats: CrawlStats;
  failures: FailureLog;
  interrupted: boolean;
  summary: string;
}

export interface RunHooks {
  /** Called once the engine runs, with a function that stops it gracefully (Ctrl-C). */
  onStart?(stop: () => void): void;
  /** After the store took a page's records (`--output` writes them); `rejected` = records it refused. */
  onSaved?(result: PageResult, rejected: SaveOutcome['rejected']): void;
  /** Progress stream; default stderr. */
  progress?: NodeJS.WriteStream;
}

function settingsOf(o: CrawlOptions): TaskSettings {
  return { startUrls: o.startUrls, scope: o.scope, maxDepth: o.maxDepth, maxPages: o.maxPages, strategy: o.strategy, respectRobots: o.respectRobots, type: o.type, mode: o.mode };
}

/** The settings the caller typed: said by the CLI, else those that differ from the defaults. */
function givenSettings(o: CrawlOptions): ReadonlySet<keyof TaskSettings> {
  if (o.given) return new Set(o.given);
  const { startUrls: _s, ...defaults } = settingsOf({ ...DEFAULT_CRAWL_OPTIONS, task: o.task, startUrls: [] });
  void _s;
  return nonDefaultSettings(settingsOf(o), defaults);
}

/**
 * The task folder must take the queue journal and state before anything is fetched: a read-only
 * or full data folder is one line naming it (exit 2), not a stack from the first journal write.
 */
function ensureWritable(dataDir: string, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    throw describeFsError(dataDir, err);
  }
}

/**
 * Runs one task in this process until its queue is empty, its page budget is spent or it
 * is stopped: opens the task's backend (local or Redis) and storage, crawls, checkpoints,
 * and returns the summary.
 */
export async function runTask(opts: CrawlOptions, hooks: RunHooks = {}): Promise<RunOutcome> {
  // Failures are recorded per page by the crawler itself; Crawlee's own error lines would repeat them.
  if (!process.env.CRAWLEE_LOG_LEVEL) crawleeLog.setLevel(crawleeLog.LEVELS.OFF);
  // A crawl allocates garbage at every page: its memory must follow what it holds, not V8's default headroom.
  limitHeapGrowth();
  const cfg = appConfig();
  // HTTP mode needs no browser.
  const chromiumPath = opts.mode === 'http' ? '' : findChromium(cfg.chromiumPath);
  if (chromiumPath === null) throw new Error(NO_CHROMIUM_MESSAGE);
  const dir = taskDir(cfg.dataDir, opts.task);
  ensureWritable(cfg.dataDir, dir);
  const stats = new CrawlStats();
  const failuresFile = join(dir, cfg.redisUrl ? `failures-${hostname()}-${process.pid}.jsonl` : 'failures.jsonl');
  // The store first: a task that is running elsewhere must be refused before its queue is touched.
  const repo = await openRepository();
  try {
    // A crawl or worker writes: the store's indexes (unique keys the upserts rely on) first.
    await repo.ensureIndexes();
    await refuseIfRunning(repo, opts);
  } catch (err) {
    await repo.close();
    throw err;
  }

  // A store or a queue journal that cannot take writes (disk full …) stops the crawl: pages fetched
  // on would be lost. The first such error is kept and thrown, as one line, once state is saved.
  let fatal: Error | null = null;
  let stopForFatal = (): void => undefined;
  const abort = (message: string) => {
    fatal ??= Object.assign(new Error(message), { name: 'CrawlAborted' });
    stopForFatal();
  };
  const journalFailed = (err: Error) =>
    abort(`crawl stopped: the task's queue journal cannot be written: ${describeFsError(cfg.dataDir, err).message.replace(/; nothing stored before was lost$/, '')}; pages done so far are kept and \`--resume\` continues once it can be written`);
  let backend: TaskBackend & { settings: TaskSettings };
  try {
    backend = cfg.redisUrl
      ? await openRedisBackend({
          redisUrl: cfg.redisUrl,
          task: opts.task,
          settings: settingsOf(opts),
          fresh: !opts.resume && !opts.joinOnly,
          join: opts.joinOnly,
          given: givenSettings(opts),
          hostDelayMs: opts.hostDelayMs,
          localDir: dir,
          onMalformed: () => stats.skip('malformed-url'),
        })
      : await openLocalBackend(dir, opts.task, settingsOf(opts), opts.resume || opts.joinOnly, givenSettings(opts), journalFailed);
  } catch (err) {
    await repo.close();
    throw err;
  }
  // A joining worker or a resumed run crawls with the task's own settings.
  const s = backend.settings;
  const run: CrawlOptions = { ...opts, startUrls: s.startUrls, scope: s.scope as CrawlOptions['scope'], maxDepth: s.maxDepth, maxPages: s.maxPages, strategy: s.strategy as CrawlOptions['strategy'], respectRobots: s.respectRobots, type: s.type as CrawlOptions['type'], mode: (s.mode as CrawlOptions['mode'] | undefined) ?? opts.mode };

  const failures = new FailureLog(failuresFile);
  const pool = new ExtractPool();
  void pool.warm(); // overlaps with the browser's start; first pages queue behind it
  let sink: TaskSink;
  try {
    sink = await openTaskSink(run, { host: hostname(), pid: process.pid }, repo);
  } catch (err) {
    await backend.close();
    await pool.close();
    throw err;
  }
  // Conditional requests need validators kept from the previous run (HTTP mode only; see http-engine).
  let validators: ValidatorStore | null = null;
  if (run.mode === 'http') {
    try {
      validators = cfg.redisUrl ? await RedisValidatorStore.open(cfg.redisUrl, opts.task) : await SqliteValidatorStore.open(dir);
    } catch (err) {
      // Without them every page is simply fetched in full: say so once, the crawl goes on.
      logLine('warn', `conditional requests are off for this run: the validator store could not be opened (${(err as Error).message.split('\n')[0]})`);
      validators = null;
    }
  }
  if (hooks.onSaved) {
    const save = sink.save.bind(sink);
    const onSaved = hooks.onSaved;
    sink = { ...sink, save: async (result, meta) => {
      const outcome = await save(result, meta);
      onSaved(result, outcome.rejected);
      return outcome;
    } };
  }
  const storeHealth = new StoreHealth((err) =>
    abort(`crawl stopped: records could not be stored, several pages in a row (${errorMessage(err).split('\n')[0]}); those pages are not done: \`--resume\` fetches them again once the store works`),
  );
  const engine = createEngine(run, { queue: backend.queue, budget: backend.budget, sink, seen: backend.seen, dedupKey, failures, stats, pool, chromiumPath, config: backend.config, validators, storeHealth, replayRules: backend.replayRules ?? null });
  stopForFatal = () => engine.stop();
  const progress = new ProgressReporter(stats, () => backend.pending(), hooks.progress);
  // The dashboard's live view of this process (src/ui reads it).
  const progressFile = new ProgressFile(dir, { task: opts.task, host: hostname(), pid: process.pid }, stats, failures, () => backend.pending());

  let interrupted = false;
  let storedCounts: Record<string, number> | undefined;
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
    progressFile.start();
    await engine.run();
    // A re-crawl that ran to the end re-checks the known pages it no longer reached (removed
    // products …) so their records are marked gone. The main process does it, not joining workers.
    if (!interrupted && !fatal && !opts.joinOnly && !engine.isStopping && !backend.budget.isExhausted()) {
      const unreached = await sink.unseenSince(sink.startedAt).catch(() => [] as string[]);
      if (unreached.length) await recheckUnreached(run, { sink, budget: backend.budget, stats, failures }, unreached);
    }
  } finally {
    control?.stop();
    await validators?.close().catch(() => undefined);
    await progress.stop();
    await progressFile.stop();
    await pool.close();
    // Saved as far as possible: a checkpoint that fails (its journal cannot be written) still
    // closes the queue and records the task's end, never leaving it `running`.
    const saved = await backend.checkpoint(interrupted || fatal ? 'interrupted' : 'finished').then(() => null, (err: Error) => err);
    await backend.close().catch(() => undefined);
    if (saved && !fatal) journalFailed(saved);
    if (!fatal) storedCounts = await sink.recordCounts().catch(() => undefined);
    // A store that cannot take the task's final status either (it is full) must not replace the
    // one-line reason with its own error.
    await sink.close(fatal ? 'failed' : interrupted ? 'stopped' : stats.pagesDone === 0 && failures.total > 0 ? 'failed' : 'finished').catch((err: unknown) => {
      if (!fatal) throw err;
    });
  }
  if (fatal) throw fatal;
  const summary = formatSummary({ task: opts.task, stats, failures, interrupted, resultsAt: sink.describe(), failuresAt: failuresFile, firstRun: sink.firstRun, storedByTable: storedCounts });
  return { stats, failures, interrupted, summary };
}
