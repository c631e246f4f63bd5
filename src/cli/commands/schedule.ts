import { Command, CommanderError } from 'commander';
import { checkTaskName } from '../../config/task-name';
import { appConfig } from '../../config/config';
import { checkCron, checkTimeZone, nextFireTime } from '../../schedule/cron-expression';
import { JsonScheduleStore, type ScheduleEntry } from '../../schedule/schedule-store';
import { UsageError } from '../usage-error';
import { formatOption } from '../parse-options';
import * as crawl from './crawl';

/** Where `schedule` and `scheduler` keep schedules: `<dataDir>/schedules.json`. */
export function defaultScheduleStore(): JsonScheduleStore {
  return JsonScheduleStore.inDataDir(appConfig().dataDir);
}

/** Options of `schedule add` itself; everything else must be a main-job (crawl) option. */
const OWN = new Set(['cron', 'tz', 'urls', 'task']);

/**
 * Reads `schedule add <task> --urls L --cron C [--tz Z] [crawl options…]` from the raw tokens
 * with a scratch copy of the main job's own options, so crawl options are checked now (not at
 * 3 a.m.) and stored exactly as typed. Raw tokens, because the program-level crawl options
 * would otherwise take `--urls`, `--max-pages`, … for themselves.
 */
export function parseAddArgs(tokens: string[]): { task: string; cron: string; tz: string | null; urls: string; crawlArgs: string[] } {
  const scratch = new Command('schedule add');
  crawl.register(scratch);
  scratch
    // --tz comes with the main job's options (it is the zone of --schedule there).
    .option('--cron <expr>', 'cron expression')
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  let operands: string[];
  let unknown: string[];
  try {
    ({ operands, unknown } = scratch.parseOptions(tokens));
  } catch (err) {
    if (err instanceof CommanderError) throw new UsageError(err.message.replace(/^error: /, ''));
    throw err;
  }
  if (unknown.length) throw new UsageError(`schedule add: unknown option ${unknown[0]}; it takes the main job's options (see npm start -- --help) plus --cron and --tz`);
  const o = scratch.opts<Record<string, unknown>>();
  const task = (operands[0] ?? (o.task as string | undefined))?.trim();
  if (!task) throw new UsageError('schedule add needs a task name: schedule add <task> --urls LIST --cron "0 */6 * * *"');
  if (operands.length > 1) throw new UsageError(`schedule add: unexpected argument "${operands[1]}"`);
  try {
    checkTaskName(task);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (!o.urls) throw new UsageError('schedule add needs --urls <list> (site aliases or http(s) URLs)');
  if (!o.cron) throw new UsageError('schedule add needs --cron "<expression>", e.g. --cron "0 */6 * * *"');
  if (o.schedule) throw new UsageError('schedule add: use --cron for the schedule, not --schedule');
  if (o.resume) throw new UsageError('schedule add: --resume does not apply; every scheduled run re-crawls the task');
  const cron = checkCron(String(o.cron));
  const tz = checkTimeZone(o.tz as string | undefined);
  const crawlArgs: string[] = [];
  for (const opt of scratch.options) {
    const key = opt.attributeName();
    if (OWN.has(key) || scratch.getOptionValueSource(key) !== 'cli') continue;
    const v = o[key];
    if (opt.required || opt.optional) crawlArgs.push(opt.long!, String(v));
    else if (v === true) crawlArgs.push(opt.long!);
  }
  return { task, cron, tz, urls: String(o.urls), crawlArgs };
}

/** The tokens after `schedule add` on our own command line. */
function tokensAfter(words: string[]): string[] {
  const argv = process.argv;
  for (let i = 0; i + words.length <= argv.length; i++) {
    if (words.every((w, k) => argv[i + k] === w)) return argv.slice(i + words.length);
  }
  return [];
}

/** `schedule add --help` lists the crawl options a schedule stores (they are parsed by parseAddArgs). */
function crawlOptionsHelp(): string {
  const scratch = new Command('crawl');
  crawl.register(scratch);
  const help = scratch.createHelp();
  const opts = help.visibleOptions(scratch).filter((o) => !['--task', '--tz', '--schedule', '--resume', '--help'].includes(o.long ?? ''));
  const width = Math.max(...opts.map((o) => help.optionTerm(o).length));
  return ['', 'Crawl options (stored with the schedule, used by every run):', ...opts.map((o) => `  ${help.optionTerm(o).padEnd(width)}  ${help.optionDescription(o)}`)].join('\n');
}

function describe(e: ScheduleEntry, now: Date): string {
  const next = nextFireTime(e.cron, e.timezone, now);
  const last = e.lastRunAt ? `${e.lastRunAt} (${e.lastRunStatus}${e.lastExitCode !== null ? `, exit ${e.lastExitCode}` : ''})` : 'never';
  return [
    `${e.task}: "${e.cron}"${e.timezone ? ` ${e.timezone}` : ''}`,
    `  urls: ${e.urls}${e.crawlArgs.length ? `  options: ${e.crawlArgs.join(' ')}` : ''}`,
    `  next run: ${next ? next.toISOString() : 'unknown'}  last run: ${last}`,
  ].join('\n');
}

export function register(program: Command): void {
  const schedule = program.command('schedule').description('keep re-crawl schedules (run them with `scheduler`)');
  schedule
    .command('add')
    .description('add or replace the schedule of a task: schedule add <task> --urls LIST --cron "0 */6 * * *" [--tz Asia/Shanghai] [crawl options…]')
    .argument('[task]', 'task name')
    .option('--cron <expr>', 'cron expression: [second] minute hour day-of-month month day-of-week')
    .option('--tz <zone>', 'IANA time zone of the cron expression (default: this machine\'s)')
    .addHelpText('after', crawlOptionsHelp)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async () => {
      const a = parseAddArgs(tokensAfter(['schedule', 'add']));
      const store = defaultScheduleStore();
      const old = await store.get(a.task);
      const entry: ScheduleEntry = {
        task: a.task, cron: a.cron, timezone: a.tz, urls: a.urls, crawlArgs: a.crawlArgs,
        createdAt: new Date().toISOString(), lastRunAt: old?.lastRunAt ?? null, lastRunStatus: old?.lastRunStatus ?? null, lastExitCode: old?.lastExitCode ?? null,
      };
      await store.put(entry);
      process.stdout.write(`${old ? 'replaced' : 'added'} ${describe(entry, new Date())}\n`);
      process.stderr.write(`saved in ${store.describe()}; \`npm start -- scheduler\` runs it\n`);
    });
  schedule
    .command('list')
    .description('list stored schedules with their next and last run')
    .option(...formatOption(['text', 'jsonl'] as const, 'text'))
    .action(async (flags: { format: 'text' | 'jsonl' }) => {
      const all = await defaultScheduleStore().list();
      const now = new Date();
      if (flags.format === 'jsonl') {
        for (const e of all) process.stdout.write(JSON.stringify({ ...e, nextRunAt: nextFireTime(e.cron, e.timezone, now)?.toISOString() ?? null }) + '\n');
      } else if (!all.length) {
        process.stderr.write('no schedules; add one with: npm start -- schedule add <task> --urls LIST --cron "0 */6 * * *"\n');
      } else {
        process.stdout.write(all.map((e) => describe(e, now)).join('\n') + '\n');
      }
    });
  schedule
    .command('remove')
    .description('remove the schedule of a task (its data stays)')
    .argument('<task>', 'task name')
    .action(async (task: string) => {
      const store = defaultScheduleStore();
      if (!(await store.remove(task))) {
        const names = (await store.list()).map((e) => e.task);
        throw new UsageError(`no schedule for task "${task}"; ${names.length ? `scheduled tasks: ${names.join(', ')}` : 'there are no schedules'}`);
      }
      process.stdout.write(`removed the schedule of ${task}\n`);
    });
}
