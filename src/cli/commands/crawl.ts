import type { Command } from 'commander';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions, type CrawlType, type FetchMode, type Scope, type Strategy } from '../../crawler/crawl-options';
import { resolveTargets } from '../../crawler/links/resolve-urls';
import { startDemoSite, type DemoSite } from '../../demo-site/server';
import { UsageError } from '../usage-error';
import { positiveInt, nonNegativeInt, oneOf, taskName } from '../parse-options';
import { setLogFormat, logLine } from '../log';
import { runOnSchedule } from '../../schedule/run-on-schedule';
import { readUrlsFile } from '../urls-file';
import { chooseFileFormat } from '../output-file-format';
import { CrawlOutput } from '../crawl-output';
import { addAccessOptions, describeAccess, resolveAccess, type AccessFlags } from '../../config/access';

interface CrawlFlags extends AccessFlags {
  task?: string;
  urls?: string;
  urlsFile?: string;
  output?: string;
  format?: string;
  type: CrawlType;
  maxPages?: number;
  maxDepth?: number;
  strategy: Strategy;
  concurrency: number;
  scope: Scope;
  ignoreRobots?: boolean;
  resume?: boolean;
  logFormat: 'text' | 'json';
  hostDelay?: number;
  hostConcurrency?: number;
  timeout: number;
  retries: number;
  loadMedia?: boolean;
  demoProducts?: number;
  mode: FetchMode;
  replay: boolean;
  replayCheckEvery: number;
  schedule?: string;
  tz?: string;
}

const D = DEFAULT_CRAWL_OPTIONS;

/** The main job: `npm start -- --task NAME --urls LIST [options]`. */
export function register(program: Command): void {
  // --proxy, --proxy-file, --direct-first, --cookies, --user-agent (see src/config/access.ts).
  addAccessOptions(program)
    .option('--task <name>', 'task name (results, state and resume are per task)', taskName)
    .option('--urls <list>', 'comma-separated site aliases (taobao, jd, tmall, sina, 163, bbc, demo, …) or http(s) URLs')
    .option('--urls-file <file>', 'more start URLs or aliases, one per line (- = standard input; # starts a comment)')
    .option('-o, --output <file>', 'also write each page\'s records as they are stored to FILE.jsonl or FILE.csv')
    .option('--format <format>', 'format of --output: jsonl | csv (default: from its extension)')
    .option('--type <type>', 'commerce | news | auto', oneOf('--type', ['commerce', 'news', 'auto'] as const), D.type)
    .option('--max-pages <n>', 'exact number of pages to fetch over the whole task', positiveInt('--max-pages'))
    .option('--max-depth <d>', 'follow links at most this deep from a start URL', nonNegativeInt('--max-depth'))
    .option('--strategy <s>', 'bfs | dfs', oneOf('--strategy', ['bfs', 'dfs'] as const), D.strategy)
    .option('--concurrency <n>', 'pages in flight at once', positiveInt('--concurrency'), D.concurrency)
    .option('--scope <scope>', 'same-site | same-domain | any', oneOf('--scope', ['same-site', 'same-domain', 'any'] as const), D.scope)
    .option('--ignore-robots', 'do not honour robots.txt')
    .option('--resume', 'continue an interrupted task where it stopped')
    .option('--log-format <f>', 'text | json', oneOf('--log-format', ['text', 'json'] as const), 'text')
    .option('--host-delay <ms>', 'minimum ms between two requests to one host', nonNegativeInt('--host-delay'))
    .option('--host-concurrency <n>', 'pages of one host in flight at once', positiveInt('--host-concurrency'))
    .option('--timeout <secs>', 'navigation timeout per page', positiveInt('--timeout'), D.timeoutSecs)
    .option('--retries <n>', 'retries after a failed attempt', nonNegativeInt('--retries'), D.maxRetries)
    .option('--load-media', 'also download images, fonts and media')
    .option('--mode <m>', 'browser | http | adaptive (HTTP, the browser only for pages that need rendering)', oneOf('--mode', ['browser', 'http', 'adaptive'] as const), D.mode)
    .option('--no-replay', 'adaptive mode: render every page that needs it instead of replaying its learned data requests over HTTP')
    .option('--replay-check-every <n>', 'adaptive mode: render every Nth replayed page of a template anyway to re-check it', positiveInt('--replay-check-every'), D.replayCheckEvery)
    .option('--demo-products <n>', 'size of the bundled demo shop (with --urls demo)', positiveInt('--demo-products'))
    .option('--schedule <cron>', 're-crawl on this cron schedule (e.g. "0 */6 * * *"), in the foreground until Ctrl-C')
    .option('--tz <zone>', 'time zone of --schedule (e.g. Asia/Shanghai; default: this machine\'s)')
    .action(async (flags: CrawlFlags, cmd: Command) => {
      if (!flags.task && !flags.urls && !flags.urlsFile) {
        program.outputHelp();
        return;
      }
      setLogFormat(flags.logFormat);
      if (flags.schedule) {
        // Runs now, then on the schedule; a run never overlaps the previous one.
        await runOnSchedule(flags.schedule, flags.tz ?? null, async () => {
          process.exitCode = await crawlCommand(flags, givenOn(cmd));
        }, { log: logLine });
        return;
      }
      process.exitCode = await crawlCommand(flags, givenOn(cmd));
    });
}

/** Option name → task setting, for the settings a resumed task keeps unless they are typed. */
const SETTING_OF_OPTION: Record<string, NonNullable<CrawlOptions['given']>[number]> = {
  urls: 'startUrls', scope: 'scope', maxDepth: 'maxDepth', maxPages: 'maxPages', strategy: 'strategy', ignoreRobots: 'respectRobots', type: 'type', mode: 'mode',
};

function givenOn(cmd: Command): NonNullable<CrawlOptions['given']> {
  return Object.entries(SETTING_OF_OPTION).filter(([opt]) => cmd.getOptionValueSource(opt) === 'cli').map(([, setting]) => setting);
}

async function crawlCommand(flags: CrawlFlags, given: NonNullable<CrawlOptions['given']>): Promise<number> {
  if (!flags.task) throw new UsageError('--task <name> is required');
  const entries = [...(flags.urls ? flags.urls.split(',') : []), ...(flags.urlsFile ? readUrlsFile(flags.urlsFile) : [])];
  if (!entries.length && !flags.resume) throw new UsageError('--urls <list> (or --urls-file FILE) is required (site aliases or http(s) URLs)');
  // Checked before anything is crawled: a typo in the file name must not cost a crawl.
  const outputFormat = flags.output ? chooseFileFormat('--output', flags.format, flags.output) : null;
  if (flags.format && !flags.output) throw new UsageError('--format applies to --output FILE; give -o FILE.jsonl or FILE.csv');
  const targets = entries.length ? resolveTargets(entries) : { urls: [], usesDemo: false, politeness: null, aliasType: null };
  let access;
  try {
    access = resolveAccess(flags, entries.join(','), flags.mode);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  for (const note of access.notes) logLine('warn', note);
  const accessLine = describeAccess(access);
  if (accessLine) logLine('info', accessLine);
  let demo: DemoSite | null = null;
  if (targets.usesDemo) {
    const port = Number(process.env.DEMO_PORT || 18080);
    demo = await startDemoSite({ port, products: flags.demoProducts });
    targets.urls.unshift(demo.url);
    logLine('info', `demo site serving at ${demo.url}`);
  }
  const opts: CrawlOptions = {
    ...D,
    task: flags.task,
    startUrls: targets.urls,
    type: flags.type === 'auto' && targets.aliasType ? targets.aliasType : flags.type,
    maxPages: flags.maxPages ?? null,
    maxDepth: flags.maxDepth ?? null,
    strategy: flags.strategy,
    concurrency: flags.concurrency,
    scope: flags.scope,
    respectRobots: !flags.ignoreRobots,
    resume: Boolean(flags.resume),
    hostDelayMs: flags.hostDelay ?? targets.politeness?.hostDelayMs ?? D.hostDelayMs,
    hostConcurrency: flags.hostConcurrency ?? targets.politeness?.hostConcurrency ?? Math.max(D.hostConcurrency, flags.concurrency),
    timeoutSecs: flags.timeout,
    maxRetries: flags.retries,
    loadMedia: Boolean(flags.loadMedia),
    mode: flags.mode,
    access: { proxyUrls: access.proxyUrls, directFirst: access.directFirst, cookies: access.cookies, userAgent: access.userAgent, hostLocales: access.hostLocales },
    replay: flags.replay,
    replayCheckEvery: flags.replayCheckEvery,
    given,
  };
  const output = flags.output && outputFormat ? await CrawlOutput.open(flags.output, outputFormat) : null;
  return runWithSignals(opts, async () => {
    await demo?.close();
    if (output) {
      await output.close();
      logLine('info', `${output.records} records written to ${output.path}`);
    }
  }, output);
}

/**
 * Runs the task in the foreground: Ctrl-C (or SIGTERM) stops taking pages, lets those in
 * flight finish and saves state (exit 130); a second Ctrl-C quits at once.
 * Exit 1 when not a single page could be crawled.
 */
export async function runWithSignals(opts: CrawlOptions, cleanup: () => Promise<void> = async () => undefined, output: CrawlOutput | null = null): Promise<number> {
  let firstAt = 0;
  let stop: (() => void) | null = null;
  const onSignal = () => {
    // A terminal's Ctrl-C reaches npm, tsx and node at once, and each relays it: signals
    // within 2 s count as one. A later one quits without waiting.
    const now = Date.now();
    if (firstAt && now - firstAt > 2000) process.exit(130);
    if (firstAt) return;
    firstAt = now;
    logLine('info', 'Ctrl-C: finishing pages in flight and saving state (press again to quit at once)');
    stop?.();
  };
  // Kept until the process exits: a late signal must not kill it half-way through saving.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // Loaded here, not at start-up: Crawlee, Playwright and the store take ~3 s to load, which
    // every other command (--help, extract, query…) would pay for nothing.
    const { runTask } = await import('../../crawler/run-task');
    const outcome = await runTask(opts, {
      ...(output ? { onSaved: (result, rejected) => output.write(result, rejected) } : {}),
      onStart: (s) => {
        stop = s;
        if (firstAt) s();
      },
    });
    process.stdout.write(outcome.summary);
    if (outcome.interrupted) return 130;
    // Non-zero only when nothing at all could be crawled; an already drained queue is fine.
    return outcome.stats.pagesDone === 0 && outcome.failures.total > 0 ? 1 : 0;
  } finally {
    await cleanup();
  }
}
