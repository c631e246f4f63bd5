/**
 * Redis key names of a task. Every key of one task shares the hash tag `{task}` so the Lua
 * scripts that touch several of them stay valid on a Redis Cluster (one slot per task).
 */

const TASK_RE = /^[A-Za-z0-9._:-]{1,100}$/;

/** Throws a one-line error when the task name cannot be used in Redis keys. */
export function checkTaskName(task: string): string {
  if (typeof task !== 'string' || !TASK_RE.test(task)) {
    throw new Error(`invalid task name ${JSON.stringify(task)}: use 1-100 letters, digits, ".", "_", ":" or "-"`);
  }
  return task;
}

export function taskPrefix(task: string): string {
  return `sn:{${checkTaskName(task)}}:`;
}

export const bloomKeys = (task: string) => {
  const p = `${taskPrefix(task)}bloom:`;
  return { config: `${p}cfg`, blockPrefix: `${p}b`, block: (i: number) => `${p}b${i}` };
};

/** Prefix of the request-queue keys; the Lua scripts append fixed suffixes (see redis-request-queue.ts). */
export const queuePrefix = (task: string) => `${taskPrefix(task)}q:`;

/** Distributed page budget counter (see reservePage). */
export const budgetKey = (task: string) => `${taskPrefix(task)}budget`;
