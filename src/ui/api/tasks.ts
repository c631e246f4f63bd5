import { checkTaskName } from '../../config/task-name';
import { resolveTargets } from '../../crawler/links/resolve-urls';
import { checkCron, checkTimeZone, nextFireTime } from '../../schedule/cron-expression';
import type { ScheduleEntry } from '../../schedule/schedule-store';
import { controlTask, taskStatus, type ControlAction } from '../../schedule/task-control';
import { UsageError } from '../../cli/usage-error';
import type { TaskSummary } from '../../../storage/repository';
import type { LaunchInfo } from '../crawl-launcher';
import { readFailures, readProgress, readState } from '../task-files';
import { HttpError, type ApiContext } from './context';

const TYPES = ['auto', 'commerce', 'news'] as const;
const MODES = ['browser', 'http', 'adaptive'] as const;

/** A task's schedule as the list shows it, with its next fire time. */
function scheduleView(e: ScheduleEntry | undefined, now: Date) {
  if (!e) return null;
  return { cron: e.cron, timezone: e.timezone, nextRunAt: nextFireTime(e.cron, e.timezone, now)?.toISOString() ?? null, lastRunAt: e.lastRunAt, lastRunStatus: e.lastRunStatus };
}

const ENDED = ['finished', 'stopped', 'failed', 'interrupted'];

/**
 * The status to show: the stored one, except while a crawl this dashboard just started has not
 * reached the store yet (the store still holds the previous run's end): then "starting".
 */
function shownStatus(task: Pick<TaskSummary, 'status' | 'endedAt'>, launch: LaunchInfo | null): string {
  if (launch?.running && ENDED.includes(task.status) && (!task.endedAt || task.endedAt.getTime() < Date.parse(launch.startedAt))) return 'starting';
  return task.status;
}

/** Every task: stored status and counts, the latest run's pages (this machine), schedule, a crawl the dashboard started. */
export async function listTasks(ctx: ApiContext) {
  const now = new Date();
  const [tasks, schedules] = await Promise.all([ctx.repo.listTasks(), ctx.schedules.list()]);
  const rows = tasks.map((t) => {
    const progress = readProgress(ctx.dataDir, t.name, t.startedAt, now.getTime());
    const state = readState(ctx.dataDir, t.name);
    return {
      id: t.id, name: t.name, type: t.type, status: shownStatus(t, ctx.launcher.get(t.name)), startedAt: t.startedAt, endedAt: t.endedAt, hosts: t.hosts, counts: t.counts,
      pagesDone: progress?.pagesDone ?? state?.pagesUsed ?? null,
      pagesFailed: progress?.pagesFailed ?? null,
      live: progress?.live ?? 0,
      schedule: scheduleView(schedules.find((s) => s.task === t.name), now),
      launch: ctx.launcher.get(t.name),
    };
  });
  // A crawl just started (not in the store yet), one refused at once, or a schedule that never ran still shows.
  const known = new Set(rows.map((r) => r.name));
  const placeholder = (name: string, status: string) => {
    known.add(name);
    rows.push({ id: null as never, name, type: 'auto' as const, status: status as never, startedAt: null as never, endedAt: null, hosts: [], counts: null as never, pagesDone: null, pagesFailed: null, live: 0, schedule: scheduleView(schedules.find((s) => s.task === name), now), launch: ctx.launcher.get(name) });
  };
  for (const l of ctx.launcher.all()) if (!known.has(l.task)) placeholder(l.task, l.running ? 'starting' : 'not started');
  for (const s of schedules) if (!known.has(s.task)) placeholder(s.task, 'scheduled');
  return { tasks: rows };
}

/** One task: the list's fields plus its processes, live progress by type and failures by reason with URLs. */
export async function taskDetail(ctx: ApiContext) {
  const name = ctx.params[0]!;
  const now = new Date();
  const launch = ctx.launcher.get(name);
  let status;
  try {
    status = await taskStatus(ctx.repo, name, now);
  } catch (err) {
    // Started from here but not stored yet (or refused): show what the CLI said.
    if (err instanceof UsageError && launch) return { name, stored: false, launch, progress: null, failures: [] };
    if (err instanceof UsageError) throw new HttpError(404, err.message);
    throw err;
  }
  const schedule = (await ctx.schedules.list()).find((s) => s.task === name);
  const state = readState(ctx.dataDir, name);
  return {
    name,
    stored: true,
    task: { ...status.task, status: shownStatus(status.task, launch) },
    workers: status.workers,
    settings: state?.settings ?? null,
    pagesUsed: state?.pagesUsed ?? null,
    progress: readProgress(ctx.dataDir, name, status.task.startedAt, now.getTime()),
    failures: readFailures(ctx.dataDir, name),
    schedule: scheduleView(schedule, now),
    launch,
  };
}

function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v);
}

function wholeNumber(body: Record<string, unknown>, key: string, label: string, min: number): number | null {
  const text = str(body, key);
  if (!text) return null;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new HttpError(400, `${label} must be a whole number ≥ ${min}, got "${text.slice(0, 40)}"`);
  return Number(text);
}

function oneOf<T extends string>(body: Record<string, unknown>, key: string, valid: readonly T[]): T {
  const v = str(body, key) || valid[0]!;
  if (!(valid as readonly string[]).includes(v)) throw new HttpError(400, `${key} must be one of ${valid.join(', ')}, got "${v.slice(0, 40)}"`);
  return v as T;
}

/** Runs a validator that throws a plain Error with a one-line message; that message becomes a 400. */
function checked<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

/** The form's fields as the CLI's arguments, checked with the CLI's own validators first. */
export function crawlArgsOf(body: Record<string, unknown>) {
  const name = checked(() => checkTaskName(str(body, 'name')));
  // One URL or alias per line, or comma-separated, as --urls takes them.
  const urls = str(body, 'urls').split(/[\s,]+/).filter(Boolean).join(',');
  if (!urls) throw new HttpError(400, 'give at least one start URL (http/https) or site alias (demo, taobao, jd, sina, …)');
  checked(() => resolveTargets(urls));
  const type = oneOf(body, 'type', TYPES);
  const mode = oneOf(body, 'mode', MODES);
  const maxPages = wholeNumber(body, 'maxPages', 'max pages', 1);
  const maxDepth = wholeNumber(body, 'maxDepth', 'max depth', 0);
  const options = ['--type', type, '--mode', mode];
  if (maxPages !== null) options.push('--max-pages', String(maxPages));
  if (maxDepth !== null) options.push('--max-depth', String(maxDepth));
  const cronText = str(body, 'schedule');
  const cron = cronText ? checked(() => checkCron(cronText)) : null;
  const tz = cron ? checked(() => checkTimeZone(str(body, 'tz') || null)) : null;
  return { name, urls, options, cron, tz };
}

/** Live processes of the task: refuse to start a second fresh run beside them (the CLI would too, with exit 2). */
async function refuseIfCrawling(ctx: ApiContext, name: string): Promise<void> {
  const t = await ctx.repo.getTaskByName(name);
  const launch = ctx.launcher.get(name);
  if (launch?.running) {
    // A run that has ended in the store is only closing its process: wait for that (seconds at most).
    const ended = t && ENDED.includes(t.status) && t.endedAt && t.endedAt.getTime() >= Date.parse(launch.startedAt);
    if (ended) await Promise.race([ctx.launcher.waitFor(name), new Promise((r) => setTimeout(r, 15_000))]);
    if (ctx.launcher.isRunning(name)) throw new HttpError(409, `task ${name} is being crawled (started from this dashboard); pause or stop it first`);
  }
  if (!t) return;
  const { workers } = await taskStatus(ctx.repo, name);
  if (workers.some((w) => w.alive)) throw new HttpError(409, `task ${name} is being crawled by ${workers.filter((w) => w.alive).map((w) => `${w.host}:${w.pid}`).join(', ')}; pause or stop it first`);
}

/** POST /api/tasks: creates (or re-runs) a task and starts its crawl; stores its schedule when one is given. */
export async function createTask(ctx: ApiContext) {
  const a = crawlArgsOf(await ctx.body());
  await refuseIfCrawling(ctx, a.name);
  if (a.cron) {
    const old = await ctx.schedules.get(a.name);
    await ctx.schedules.put({
      task: a.name, cron: a.cron, timezone: a.tz, urls: a.urls, crawlArgs: a.options, createdAt: new Date().toISOString(),
      lastRunAt: old?.lastRunAt ?? null, lastRunStatus: old?.lastRunStatus ?? null, lastExitCode: old?.lastExitCode ?? null,
    });
  }
  const launch = ctx.launcher.start(a.name, ['--task', a.name, '--urls', a.urls, ...a.options]);
  ctx.res.statusCode = 202;
  return { name: a.name, launch };
}

const ACTIONS = ['pause', 'resume', 'stop', 'continue'] as const;

/**
 * POST /api/tasks/<name>/<action>: pause, resume and stop change the task's status in the store
 * exactly as `task pause|resume|stop` does (running crawls obey within about a second);
 * `continue` runs `--task <name> --resume` for a stopped or interrupted task.
 */
export async function controlAction(ctx: ApiContext) {
  const [name, action] = ctx.params as [string, string];
  if (!(ACTIONS as readonly string[]).includes(action)) throw new HttpError(404, `unknown action "${action}"; valid: ${ACTIONS.join(', ')}`);
  if (action === 'continue') {
    await refuseIfCrawling(ctx, name);
    return { message: `continuing task ${name}`, launch: ctx.launcher.start(name, ['--task', name, '--resume']) };
  }
  const repo = await ctx.openWritable();
  try {
    const r = await controlTask(repo, name, action as ControlAction);
    return { message: r.message, status: r.task.status };
  } catch (err) {
    if (err instanceof UsageError) throw new HttpError(409, err.message);
    throw err;
  } finally {
    await repo.close();
  }
}
