import { ACTIVE_WORKER_STATUSES, LOST_AFTER_MS } from '../../schemas/index';
import type { Repository, StoredDoc, TaskRecord, TaskStatus, TaskSummary } from '../../storage/repository';
import { UsageError } from '../cli/usage-error';

export type ControlAction = 'pause' | 'resume' | 'stop';


export interface TaskStatusReport {
  task: TaskSummary;
  workers: Array<{ host: string; pid: number; status: string; lastHeartbeatAt: Date; alive: boolean }>;
}

export async function findTask(repo: Repository, name: string): Promise<TaskSummary> {
  const all = await repo.listTasks();
  const t = all.find((x) => x.name === name);
  if (!t) {
    const names = all.map((x) => x.name);
    throw new UsageError(`no task named "${name}"; ${names.length ? `known tasks: ${names.join(', ')}` : 'no task has run yet'}`);
  }
  return t;
}

export async function taskStatus(repo: Repository, name: string, now = new Date()): Promise<TaskStatusReport> {
  const task = await findTask(repo, name);
  const docs: StoredDoc[] = await repo.find('workers', { taskId: task.id }, { sort: { lastHeartbeatAt: -1 } });
  const workers = docs.map((w) => {
    const last = new Date(w.lastHeartbeatAt as Date);
    // Alive while its heartbeat (every 10 s) is younger than LOST_AFTER_MS.
    const beating = now.getTime() - last.getTime() < LOST_AFTER_MS;
    const active = ACTIVE_WORKER_STATUSES.includes(String(w.status));
    // A killed process never says it stopped: past the heartbeat limit it is lost, whatever it last wrote.
    const status = active && !beating ? 'lost' : String(w.status);
    return { host: String(w.hostName), pid: Number(w.pid), status, lastHeartbeatAt: last, alive: active && beating };
  });
  return { task, workers };
}

const ALLOWED: Record<ControlAction, TaskStatus[]> = {
  pause: ['running', 'pending'],
  resume: ['paused'],
  stop: ['running', 'pending', 'paused'],
};
const TARGET: Record<ControlAction, TaskStatus> = { pause: 'paused', resume: 'running', stop: 'stopped' };

export interface ControlResult {
  task: TaskRecord;
  /** One line for the user. */
  message: string;
  /** Processes currently crawling the task (they apply the change within about a second). */
  liveWorkers: number;
}

/**
 * `task pause|resume|stop`: sets the task's status in storage; every process crawling it polls
 * the status (watchTaskControl) and obeys. Refuses a transition that makes no sense, naming
 * what the task's status allows.
 */
export async function controlTask(repo: Repository, name: string, action: ControlAction, now = new Date()): Promise<ControlResult> {
  const { task, workers } = await taskStatus(repo, name, now);
  const live = workers.filter((w) => w.alive).length;
  const target = TARGET[action];
  if (task.status === target) return { task, message: `task ${name} is already ${target}`, liveWorkers: live };
  if (!ALLOWED[action].includes(task.status)) {
    const hint =
      action === 'resume' && ['stopped', 'interrupted', 'failed'].includes(task.status)
        ? `; no process is crawling it: continue it with \`npm start -- --task ${name} --resume\``
        : `; ${action} applies to a task that is ${ALLOWED[action].join(' or ')}`;
    throw new UsageError(`task ${name} is ${task.status}${hint}`);
  }
  // Nothing is crawling a stopped task any more, so its end time is now; a live one sets it on exit.
  const patch = action === 'stop' && live === 0 ? { status: target, endedAt: now } : { status: target };
  const updated = await repo.updateTask(task.id, patch);
  const who = live ? `${live} running process${live > 1 ? 'es' : ''} will ${action} within a few seconds` : 'no process is crawling it right now';
  const extra = action === 'resume' && live === 0 ? `; continue it with \`npm start -- --task ${name} --resume\`` : '';
  return { task: updated, message: `task ${name}: ${task.status} → ${target} (${who}${extra})`, liveWorkers: live };
}
