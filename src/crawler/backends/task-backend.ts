import type { Configuration, ConfigurationOptions, RequestQueue } from 'crawlee';
import type { PageBudget } from '../page-budget';
import type { SeenFilter } from '../fetching/engine';

/** Settings that make two runs or two workers "the same crawl". */
export interface TaskSettings {
  startUrls: string[];
  scope: string;
  maxDepth: number | null;
  maxPages: number | null;
  strategy: string;
  respectRobots: boolean;
  type: string;
}

/**
 * Where a task's shared crawl state lives: its request queue, dedup and page budget.
 * Local (one process, saved in the task folder) or Redis (every worker of the task).
 */
export interface TaskBackend {
  readonly kind: 'local' | 'redis';
  queue: RequestQueue;
  /** Crawlee configuration for the crawler's own bookkeeping. */
  config: Configuration;
  budget: PageBudget;
  /** Null when the queue dedups atomically itself. */
  seen: SeenFilter | null;
  /** Requests not yet handled (for the progress line). */
  pending(): Promise<number>;
  /** Persist what a later --resume needs. */
  checkpoint(status: 'running' | 'interrupted' | 'finished'): Promise<void>;
  close(): Promise<void>;
}

/** Names each setting that differs, for a one-line refusal. */
export function settingsDiff(stored: TaskSettings, wanted: TaskSettings): string[] {
  const out: string[] = [];
  for (const key of Object.keys(wanted) as Array<keyof TaskSettings>) {
    if (key === 'startUrls' || key === 'maxPages') continue; // a joining worker may add seeds or raise the limit
    if (JSON.stringify(stored[key]) !== JSON.stringify(wanted[key])) {
      out.push(`${key} is ${JSON.stringify(stored[key])} for the task, ${JSON.stringify(wanted[key])} here`);
    }
  }
  return out;
}

/**
 * Crawlee settings every backend shares. The crawler runs at a fixed concurrency, so
 * Crawlee's system snapshots (memory and CPU, taken every second by spawning `ps` over the
 * process tree: ~3 % of the main thread in an HTTP crawl) would only feed an autoscaler that
 * cannot move; one a minute keeps its overload warnings.
 */
export const CRAWLEE_BASE: ConfigurationOptions = { purgeOnStart: false, headless: true, systemInfoIntervalMillis: 60_000 };
