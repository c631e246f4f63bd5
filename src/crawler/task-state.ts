import { readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write';

/** What a task's folder remembers between runs of this process (embedded mode). */
export interface TaskState {
  task: string;
  startUrls: string[];
  /** Settings a resumed run must match (a different scope or depth would be a different crawl). */
  settings: Record<string, unknown>;
  pagesUsed: number;
  status: 'running' | 'interrupted' | 'finished' | 'failed';
  updatedAt: string;
}

export function readTaskState(dir: string): TaskState | null {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as TaskState;
}

/** Written via temp file + rename so a crash never leaves half a state file. */
export function writeTaskState(dir: string, state: TaskState): void {
  writeFileAtomic(join(dir, 'state.json'), JSON.stringify(state, null, 2));
}

/** A fresh (non-resumed) run forgets the previous run's queue, filter and state; stored records stay. */
export function resetTaskRunState(dir: string): void {
  for (const name of ['crawlee', 'queue.jsonl', 'bloom.bin', 'state.json', 'failures.jsonl']) rmSync(join(dir, name), { recursive: true, force: true });
}
