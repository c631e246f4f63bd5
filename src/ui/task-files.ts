import { readdirSync, readFileSync } from 'node:fs';
import { taskDir } from '../config/config';
import type { ProgressSnapshot } from '../crawler/results/progress-file';
import type { FailureRecord } from '../crawler/results/failures';
import { readTaskState, type TaskState } from '../crawler/task-state';

/** A process whose last snapshot is older than this while not final has died without a word. */
const STALE_MS = 15_000;

/** A task's progress summed over its processes' snapshots (`updatedAt`: the newest snapshot's). */
export interface TaskProgress
  extends Pick<ProgressSnapshot, 'pagesDone' | 'pagesFailed' | 'queued' | 'pagesPerSec' | 'pagesByType' | 'recordsByTable' | 'failuresByReason' | 'updatedAt'> {
  /** Processes crawling now (fresh, non-final snapshots); pages/s is theirs, or the last process's average when none. */
  live: number;
}

function files(dir: string, re: RegExp): string[] {
  try {
    return readdirSync(dir).filter((f) => re.test(f)).map((f) => `${dir}/${f}`);
  } catch {
    return [];
  }
}

function add(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/**
 * The task's latest run as its processes on this machine report it (progress-<host>-<pid>.json,
 * see crawler/results/progress-file.ts): the snapshots of the processes that started at or after
 * `since` (the task's start time in the store: a fresh run moves it, a resumed run or a joining
 * worker does not, so their pages add up), summed. Null when there are none.
 */
export function readProgress(dataDir: string, task: string, since: Date | null, now = Date.now()): TaskProgress | null {
  const snaps: ProgressSnapshot[] = [];
  for (const f of files(taskDir(dataDir, task), /^progress-.*\.json$/)) {
    try {
      const snap = JSON.parse(readFileSync(f, 'utf8')) as ProgressSnapshot;
      // A process records its start just after the task's (it opens the store first); 1 s of clock slack.
      if (!since || Date.parse(snap.startedAt) >= since.getTime() - 1000) snaps.push(snap);
    } catch {
      /* being replaced right now, or not ours */
    }
  }
  if (!snaps.length) return null;
  const live = snaps.filter((s) => !s.final && now - Date.parse(s.updatedAt) < STALE_MS);
  const out: TaskProgress = { live: live.length, pagesDone: 0, pagesFailed: 0, queued: null, pagesPerSec: 0, pagesByType: {}, recordsByTable: {}, failuresByReason: {}, updatedAt: '' };
  for (const s of snaps) {
    out.pagesDone += s.pagesDone;
    out.pagesFailed += s.pagesFailed;
    // Every process sees the same shared queue: the largest live count, not a sum; with none live, the last one's.
    if (live.includes(s)) {
      out.pagesPerSec += s.pagesPerSec;
      if (s.queued !== null) out.queued = Math.max(out.queued ?? 0, s.queued);
    } else if (!live.length && s.updatedAt > out.updatedAt) {
      out.pagesPerSec = s.pagesPerSec; // the last run's average
      out.queued = s.queued;
    }
    add(out.pagesByType, s.pagesByType);
    add(out.recordsByTable, s.recordsByTable);
    add(out.failuresByReason, s.failuresByReason);
    if (s.updatedAt > out.updatedAt) out.updatedAt = s.updatedAt;
  }
  return out;
}

export interface FailureGroup {
  reason: string;
  count: number;
  /** The first `perReason` failures of this reason (URL and message). */
  examples: Array<Pick<FailureRecord, 'url' | 'message' | 'at'>>;
}

/** The task's failed pages (failures.jsonl, or one file per process with Redis) grouped by reason, most frequent first. */
export function readFailures(dataDir: string, task: string, perReason = 50): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of files(taskDir(dataDir, task), /^failures.*\.jsonl$/)) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let rec: FailureRecord;
      try {
        rec = JSON.parse(line) as FailureRecord;
      } catch {
        continue; // a line being appended
      }
      const g = groups.get(rec.reason) ?? { reason: rec.reason, count: 0, examples: [] };
      g.count++;
      if (g.examples.length < perReason) g.examples.push({ url: rec.url, message: rec.message, at: rec.at });
      groups.set(rec.reason, g);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** The task's saved settings (page limit, depth, mode …) and pages used, when it ran on this machine. */
export function readState(dataDir: string, task: string): TaskState | null {
  try {
    return readTaskState(taskDir(dataDir, task));
  } catch {
    return null;
  }
}
