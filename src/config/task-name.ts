/**
 * One rule for task names, whatever the backend: a name becomes a folder under data/tasks and a
 * Redis hash tag as it is, so two different names can never share one folder or one key space
 * (the old folder mapping sent "a/b" and "a_b" to one folder, ".." to the data root).
 */
const TASK_NAME = /^[\p{L}\p{N}_][\p{L}\p{N}._:-]{0,99}$/u;

export const TASK_NAME_RULE = '1-100 letters (any script), digits, ".", "_", ":" or "-", not starting with ".", ":" or "-"';

/** Throws a one-line error naming the rule when `task` cannot be a task name. */
export function checkTaskName(task: string): string {
  if (typeof task !== 'string' || !TASK_NAME.test(task)) {
    throw new Error(`invalid task name ${JSON.stringify(task)}: use ${TASK_NAME_RULE}`);
  }
  return task;
}
