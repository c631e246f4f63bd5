/**
 * Redis key names of a task. Every key of one task shares the hash tag `{task}` so the Lua
 * scripts that touch several of them stay valid on a Redis Cluster (one slot per task).
 */

import { checkTaskName } from '../config/task-name';

export { checkTaskName };

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
