import type { ChildProcess } from 'node:child_process';
import type { Command } from 'commander';
import { Scheduler, type JobOutcome } from '../../schedule/scheduler';
import type { ScheduleEntry } from '../../schedule/schedule-store';
import { spawnCli } from '../../supervise/cli-child';
import { logLine } from '../log';
import { nonNegativeInt } from '../parse-options';
import { defaultScheduleStore } from './schedule';

const liveChildren = new Set<ChildProcess>();

/** One scheduled re-crawl: the main job in a child process (a crash there cannot take the scheduler down). */
function runCrawlChild(entry: ScheduleEntry, signal: AbortSignal): Promise<JobOutcome> {
  return new Promise((resolve) => {
    const child = spawnCli(['--task', entry.task, '--urls', entry.urls, ...entry.crawlArgs], { stdio: ['ignore', 'inherit', 'inherit'] });
    // The child has its own process group: Ctrl-C reaches it through us, once per Ctrl-C.
    liveChildren.add(child);
    const onAbort = () => child.kill('SIGINT');
    signal.addEventListener('abort', onAbort);
    child.on('error', (err) => {
      logLine('error', `schedule ${entry.task}: cannot start the crawl: ${err.message}`);
      resolve({ ok: false, exitCode: null });
    });
    child.on('exit', (code) => {
      liveChildren.delete(child);
      signal.removeEventListener('abort', onAbort);
      resolve({ ok: code === 0, exitCode: code });
    });
  });
}

export function register(program: Command): void {
  program
    .command('scheduler')
    .description('run every stored schedule in the foreground until Ctrl-C (runs missed while down run once at start)')
    .option('--no-catch-up', 'do not run at start-up the schedules whose run was missed while no scheduler ran')
    .option('--reload <secs>', 'seconds between re-reads of the schedule list (0 = never)', nonNegativeInt('--reload'), 15)
    .action(async (flags: { catchUp: boolean; reload: number }) => {
      const store = defaultScheduleStore();
      const scheduler = new Scheduler({
        store,
        runJob: runCrawlChild,
        catchUp: flags.catchUp,
        reloadMs: flags.reload * 1000,
        log: logLine,
      });
      let stopping: Promise<void> | null = null;
      const done = new Promise<void>((resolve) => {
        const onSignal = () => {
          if (stopping) {
            logLine('info', 'Ctrl-C again: telling running crawls to quit at once');
            for (const c of liveChildren) c.kill('SIGINT');
            return;
          }
          logLine('info', 'Ctrl-C: no new runs; running crawls finish their pages in flight and save state');
          stopping = scheduler.stop({ abortRuns: true }).then(() => {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
            resolve();
          });
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
      });
      await scheduler.start();
      if (!scheduler.tasks().length) {
        logLine('info', `no schedules yet in ${store.describe()}; add one with: npm start -- schedule add <task> --urls LIST --cron "0 */6 * * *" (picked up within ${flags.reload} s)`);
      }
      logLine('info', `scheduler running ${scheduler.tasks().length} schedule(s); Ctrl-C to stop`);
      await done;
      logLine('info', `scheduler stopped (${scheduler.counts.started} run(s) started, ${scheduler.counts.skippedOverlap} skipped while the previous run was still going)`);
    });
}
