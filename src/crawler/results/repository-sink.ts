import type { CrawlOptions } from '../crawl-options';
import type { PageSink, SaveOutcome } from './page-sink';
import type { Repository, SaveReport, TaskRecord } from '../../../storage/repository';
import { BaseRepository } from '../../../storage/base-repository';
import type { PageTable } from '../../../schemas/index';
import { taskStatus } from '../../schedule/task-control';
import { UsageError } from '../../cli/usage-error';

/** Tables whose records are addressed by a page URL (a page's own records). */
const URL_TABLES: PageTable[] = ['commodities', 'shops', 'news', 'categories'];

export interface WorkerIdentity {
  host: string;
  pid: number;
}

const HEARTBEAT_MS = 10_000;

function outcomeOf(report: SaveReport): SaveOutcome {
  const written: Record<string, number> = {};
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const [table, n] of Object.entries(report.inserted)) (written[table] = (written[table] ?? 0) + n), (inserted += n);
  for (const [table, n] of Object.entries(report.updated)) (written[table] = (written[table] ?? 0) + n), (updated += n);
  for (const n of Object.values(report.unchanged)) unchanged += n;
  return { written, inserted, updated, unchanged, rejected: report.rejected.map((r) => ({ table: r.table, url: r.url, field: r.field, message: r.message })) };
}

/**
 * The crawler's hand-off to storage: registers the task, this worker and its host, then
 * saves each page's records; the task's final status is written on close.
 */
export interface TaskSink extends PageSink {
  /** The repository behind the sink (task control polls the task's status through it). */
  readonly repo: Repository;
  /** No run of this task was stored before this one: every record is new, none "changed". */
  readonly firstRun: boolean;
  /** Records of this task now in the store, per table (distinct records, not writes). */
  recordCounts(): Promise<Record<string, number>>;
}

/**
 * A fresh start (no --resume, not a joining worker) of a task that processes are crawling right
 * now would wipe their queue, settings and budget: refused, naming them and the ways to go on.
 */
export async function refuseIfRunning(repo: Repository, opts: CrawlOptions, now = new Date()): Promise<void> {
  if (opts.resume || opts.joinOnly) return;
  const existing = await repo.getTaskByName(opts.task);
  if (!existing) return;
  const { workers } = await taskStatus(repo, opts.task, now);
  const live = workers.filter((w) => w.alive);
  if (live.length === 0) return;
  throw new UsageError(
    `task "${opts.task}" is being crawled right now by ${live.map((w) => `${w.host}:${w.pid}`).join(', ')}; add a worker with \`worker --task ${opts.task}\`, stop it with \`task stop ${opts.task}\`, or start a task of another name`,
  );
}

export async function openTaskSink(opts: CrawlOptions, me: WorkerIdentity, repo: Repository): Promise<TaskSink> {
  let task: TaskRecord;
  let firstRun: boolean;
  try {
    const before = await repo.getTaskByName(opts.task);
    firstRun = !before;
    const existing = opts.joinOnly ? before : null;
    task = existing ?? (await repo.upsertTask({ name: opts.task, type: opts.type, startUrls: opts.startUrls, status: 'running', ...(opts.resume ? {} : { startedAt: new Date() }) }));
    // A worker joining a paused task must not un-pause it.
    if ((existing && existing.status !== 'paused') || opts.resume) task = await repo.updateTask(task.id, { status: 'running', endedAt: null });
    task = await repo.updateTask(task.id, { addHost: me.host });
  } catch (err) {
    await repo.close();
    throw err;
  }
  const worker = await repo.registerWorker({ taskId: task.id, hostName: me.host, pid: me.pid, status: 'running' });
  const beat = setInterval(() => void repo.heartbeat(worker.id).catch(() => undefined), HEARTBEAT_MS);
  beat.unref();
  const ref = { id: task.id, name: task.name };
  return {
    repo,
    firstRun,
    recordCounts: async () => {
      const counts: Record<string, number> = {};
      for (const coll of [...URL_TABLES, 'reviews' as const]) counts[coll] = await repo.count(coll, { taskId: task.id });
      return counts;
    },
    save: async (result, meta) => outcomeOf(await repo.savePage(ref, result, { fetchedAt: meta.fetchedAt, status: meta.status })),
    markGone: async (url) => {
      await repo.markGone(task.id, url);
    },
    startedAt: task.startedAt,
    touch: async (url) => {
      // Both backends share BaseRepository: its transaction applies a `touch` (lastSeenAt only).
      if (!(repo instanceof BaseRepository)) return 0;
      const at = new Date();
      return repo.transaction(async (tx) => {
        const ops = [];
        let n = 0;
        for (const coll of URL_TABLES) {
          const ids = (await tx.findEq(coll, { taskId: task.id, url })).filter((d) => !d.gone).map((d) => d._id);
          if (ids.length) ops.push({ kind: 'touch' as const, coll, ids, at });
          n += ids.length;
        }
        return { ops, result: n };
      });
    },
    unseenSince: async (since) => {
      const urls = new Set<string>();
      for (const coll of URL_TABLES) {
        const docs = await repo.find(coll, { taskId: task.id, gone: { $ne: true }, lastSeenAt: { $lt: since }, url: { $type: 'string' } }, { projection: { url: 1 } });
        for (const d of docs) if (typeof d.url === 'string' && d.url) urls.add(d.url);
      }
      return [...urls];
    },
    describe: () => repo.describe(),
    close: async (status) => {
      clearInterval(beat);
      try {
        await repo.updateTask(task.id, { status, endedAt: new Date() });
        await repo.heartbeat(worker.id, 'stopped');
      } finally {
        await repo.close();
      }
    },
  };
}
