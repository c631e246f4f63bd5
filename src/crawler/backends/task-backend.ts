import type { Configuration, ConfigurationOptions, RequestQueue } from 'crawlee';
import type { PageBudget } from '../page-budget';
import type { SeenFilter } from '../fetching/engine';
import { UsageError } from '../../cli/usage-error';
import type { ReplayRuleStore } from '../fetching/replay/rule-store';

/** Settings that make two runs or two workers "the same crawl". */
export interface TaskSettings {
  startUrls: string[];
  scope: string;
  maxDepth: number | null;
  maxPages: number | null;
  strategy: string;
  respectRobots: boolean;
  type: string;
  /** How pages are fetched (absent in state saved by older versions). A worker may use its own. */
  mode?: string;
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
  /** Adaptive mode's trusted replay rules, kept for --resume and shared by the task's workers. */
  replayRules?: ReplayRuleStore;
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
    if (key === 'startUrls' || key === 'maxPages' || key === 'mode') continue; // a joining worker may add seeds, raise the limit, fetch its own way
    if (JSON.stringify(stored[key]) !== JSON.stringify(wanted[key])) {
      out.push(`${key} is ${JSON.stringify(stored[key])} for the task, ${JSON.stringify(wanted[key])} here`);
    }
  }
  return out;
}

/** What a resumed run may change on its command line; everything else must match the task. */
const CHANGEABLE_ON_RESUME = new Set<keyof TaskSettings>(['maxPages', 'mode']);

/**
 * The settings a resumed run crawls with: the task's own, except those typed on its command
 * line (`given`). A resume without --max-pages keeps the task's page limit (it used to mean "no
 * limit"); a changed limit or mode is allowed and reported in `notes`; new start URLs are added;
 * any other difference is refused with the setting named.
 */
export function resumedSettings(stored: TaskSettings, wanted: TaskSettings, given: ReadonlySet<keyof TaskSettings>): { settings: TaskSettings; notes: string[] } {
  const settings: TaskSettings = { ...stored, mode: stored.mode ?? wanted.mode };
  const notes: string[] = [];
  const refused: string[] = [];
  for (const key of given) {
    if (key === 'startUrls') {
      const added = wanted.startUrls.filter((u) => !stored.startUrls.includes(u));
      if (added.length) {
        settings.startUrls = [...stored.startUrls, ...added];
        notes.push(`start URLs added: ${added.join(', ')}`);
      }
      continue;
    }
    if (JSON.stringify(settings[key]) === JSON.stringify(wanted[key])) continue;
    const change = `${key} is ${JSON.stringify(settings[key])} for the task, ${JSON.stringify(wanted[key])} here`;
    if (CHANGEABLE_ON_RESUME.has(key)) {
      (settings as unknown as Record<string, unknown>)[key] = wanted[key];
      notes.push(`${key} changed from ${JSON.stringify(stored[key] ?? null)} to ${JSON.stringify(wanted[key])}`);
    } else refused.push(change);
  }
  if (refused.length) throw new UsageError(`--resume with different settings: ${refused.join('; ')} (leave them out: a resumed task keeps its own)`);
  return { settings, notes };
}

/** Settings that differ from the defaults: what a caller that does not say which it typed most likely meant. */
export function nonDefaultSettings(wanted: TaskSettings, defaults: Omit<TaskSettings, 'startUrls'>): Set<keyof TaskSettings> {
  const out = new Set<keyof TaskSettings>();
  if (wanted.startUrls.length) out.add('startUrls');
  for (const key of Object.keys(defaults) as Array<keyof typeof defaults>) {
    if (JSON.stringify(wanted[key]) !== JSON.stringify(defaults[key])) out.add(key);
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
