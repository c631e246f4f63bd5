import type { ChildProcess } from 'node:child_process';
import { spawnCli } from '../supervise/cli-child';

/** What the dashboard knows of a crawl it started: the CLI's own output and exit. */
export interface LaunchInfo {
  task: string;
  args: string[];
  pid: number | null;
  startedAt: string;
  running: boolean;
  exitCode: number | null;
  /** The last lines of the crawl's stdout + stderr (its summary, or the one-line error of a refused start). */
  output: string;
}

/** Output kept per crawl: enough for a summary or an error line, bounded for long runs. */
const OUTPUT_CHARS = 8_000;

/**
 * Starts crawls the way a user does: the CLI's main job (`--task … --urls …`, or `--task …
 * --resume`) in a child process, so validation, refusal of a task already running, signals,
 * the summary and exit codes are the CLI's own. A crash there cannot take the dashboard down.
 */
export class CrawlLauncher {
  private readonly runs = new Map<string, { info: LaunchInfo; child: ChildProcess; exited: Promise<void> }>();

  start(task: string, args: string[]): LaunchInfo {
    const child = spawnCli(args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CRAWLEE_LOG_LEVEL: process.env.CRAWLEE_LOG_LEVEL ?? 'ERROR' } });
    const info: LaunchInfo = { task, args, pid: child.pid ?? null, startedAt: new Date().toISOString(), running: true, exitCode: null, output: '' };
    const keep = (d: Buffer) => {
      // Progress lines are repeated every 10 s; the summary and errors are what matter here.
      info.output = (info.output + d.toString('utf8')).slice(-OUTPUT_CHARS);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<void>((resolve) => {
      child.on('error', (err) => {
        info.running = false;
        info.output += `\ncannot start the crawl: ${err.message}`;
        resolve();
      });
      child.on('close', (code, signal) => {
        info.running = false;
        info.exitCode = code ?? (signal ? 128 : null);
        resolve();
      });
    });
    this.runs.set(task, { info, child, exited });
    return info;
  }

  get(task: string): LaunchInfo | null {
    return this.runs.get(task)?.info ?? null;
  }

  all(): LaunchInfo[] {
    return [...this.runs.values()].map((r) => r.info);
  }

  isRunning(task: string): boolean {
    return this.runs.get(task)?.info.running ?? false;
  }

  /** Waits for a crawl this dashboard started to exit (tests, shutdown). */
  async waitFor(task: string): Promise<LaunchInfo | null> {
    const r = this.runs.get(task);
    if (!r) return null;
    await r.exited;
    return r.info;
  }

  /**
   * Stops every crawl still running, as Ctrl-C would (pages in flight finish, state is saved, a
   * later `--resume` continues), and waits for them to exit.
   */
  async stopAll(): Promise<void> {
    const live = [...this.runs.values()].filter((r) => r.info.running);
    for (const r of live) r.child.kill('SIGINT');
    await Promise.all(live.map((r) => r.exited));
  }
}
