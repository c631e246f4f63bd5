import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { writeFileAtomic } from '../files/atomic-write';

/** One stored schedule: re-crawl `task` on `cron` (in `timezone`) with these crawl arguments. */
export interface ScheduleEntry {
  task: string;
  cron: string;
  /** IANA zone; null = the scheduler machine's zone. */
  timezone: string | null;
  /** The `--urls` list as the user typed it (aliases kept, resolved at each run). */
  urls: string;
  /** Further main-job options, e.g. ["--max-pages", "500", "--type", "commerce"]. */
  crawlArgs: string[];
  createdAt: string;
  /** Start time (ISO) of the last run that ended, whatever its outcome; null = never ran. */
  lastRunAt: string | null;
  lastRunStatus: 'ok' | 'failed' | null;
  lastExitCode: number | null;
}

/**
 * Where schedules live. The repository has no schedules table yet, so the default is a JSON
 * file; anything implementing this (e.g. a repository collection later) can replace it.
 */
export interface ScheduleStore {
  list(): Promise<ScheduleEntry[]>;
  get(task: string): Promise<ScheduleEntry | null>;
  /** Adds or replaces the schedule of entry.task. */
  put(entry: ScheduleEntry): Promise<void>;
  /** True when there was one to remove. */
  remove(task: string): Promise<boolean>;
  /** Records a finished run (no-op when the schedule was removed meanwhile). */
  recordRun(task: string, run: { startedAt: Date; ok: boolean; exitCode: number | null }): Promise<void>;
  describe(): string;
}

interface FileShape {
  version: 1;
  schedules: ScheduleEntry[];
}

/**
 * `<dataDir>/schedules.json`: whole-file rewrites via temp file + fsync + rename (a reader
 * never sees half a file), read-modify-write under a proper-lockfile lock so `schedule add`
 * and a running scheduler recording a run do not lose each other's change.
 */
export class JsonScheduleStore implements ScheduleStore {
  constructor(private readonly file: string) {}

  static inDataDir(dataDir: string): JsonScheduleStore {
    return new JsonScheduleStore(join(dataDir, 'schedules.json'));
  }

  describe(): string {
    return this.file;
  }

  async list(): Promise<ScheduleEntry[]> {
    return this.read().schedules;
  }

  async get(task: string): Promise<ScheduleEntry | null> {
    return this.read().schedules.find((s) => s.task === task) ?? null;
  }

  async put(entry: ScheduleEntry): Promise<void> {
    await this.update((all) => [...all.filter((s) => s.task !== entry.task), entry]);
  }

  async remove(task: string): Promise<boolean> {
    let found = false;
    await this.update((all) => {
      found = all.some((s) => s.task === task);
      return all.filter((s) => s.task !== task);
    });
    return found;
  }

  async recordRun(task: string, run: { startedAt: Date; ok: boolean; exitCode: number | null }): Promise<void> {
    await this.update((all) =>
      all.map((s) =>
        s.task === task ? { ...s, lastRunAt: run.startedAt.toISOString(), lastRunStatus: run.ok ? 'ok' : 'failed', lastExitCode: run.exitCode } : s,
      ),
    );
  }

  private read(): FileShape {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, schedules: [] };
      throw err;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`schedule file ${this.file} is not valid JSON; fix or delete it`);
    }
    const schedules = (data as FileShape | null)?.schedules;
    if (!Array.isArray(schedules)) throw new Error(`schedule file ${this.file} has no "schedules" list; fix or delete it`);
    return { version: 1, schedules };
  }

  private async update(change: (all: ScheduleEntry[]) => ScheduleEntry[]): Promise<void> {
    mkdirSync(dirname(this.file), { recursive: true });
    const release = await lockfile.lock(this.file, {
      lockfilePath: `${this.file}.lock`,
      realpath: false,
      stale: 10_000,
      retries: { retries: 100, factor: 1.3, minTimeout: 5, maxTimeout: 100 },
    });
    try {
      const next: FileShape = { version: 1, schedules: change(this.read().schedules) };
      writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
    } finally {
      await release();
    }
  }
}
