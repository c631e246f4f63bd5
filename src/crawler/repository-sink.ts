import type { CrawlOptions } from './crawl-options';
import type { PageSink, SaveOutcome } from './page-sink';
import { openRepository } from '../../storage/open';
import type { Repository, SaveReport, TaskRecord } from '../../storage/repository';

export interface WorkerIdentity {
  host: string;
  pid: number;
}

const HEARTBEAT_MS = 10_000;

function outcomeOf(report: SaveReport): SaveOutcome {
  const written: Record<string, number> = {};
  let unchanged = 0;
  for (const [table, n] of Object.entries(report.inserted)) written[table] = (written[table] ?? 0) + n;
  for (const [table, n] of Object.entries(report.updated)) written[table] = (written[table] ?? 0) + n;
  for (const n of Object.values(report.unchanged)) unchanged += n;
  return { written, unchanged, rejected: report.rejected.map((r) => ({ table: r.table, field: r.field, message: r.message })) };
}

/**
 * The crawler's hand-off to storage: registers the task, this worker and its host, then
 * saves each page's records; the task's final status is written on close.
 */
export interface TaskSink extends PageSink {
  /** The repository behind the sink (task control polls the task's status through it). */
  readonly repo: Repository;
}

export async function openTaskSink(opts: CrawlOptions, me: WorkerIdentity): Promise<TaskSink> {
  const repo: Repository = await openRepository();
  let task: TaskRecord;
  try {
    const existing = opts.joinOnly ? await repo.getTaskByName(opts.task) : null;
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
    save: async (result, meta) => outcomeOf(await repo.savePage(ref, result, { fetchedAt: meta.fetchedAt, status: meta.status })),
    markGone: async (url) => {
      await repo.markGone(task.id, url);
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
