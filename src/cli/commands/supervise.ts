import type { Command } from 'commander';
import { cliCommand } from '../../supervise/cli-child';
import { Supervisor } from '../../supervise/supervisor';
import { logLine } from '../log';
import { positiveInt, taskName } from '../parse-options';
import { UsageError } from '../usage-error';

interface SuperviseFlags {
  task?: string;
  workers: number;
  maxCrashes: number;
  crashWindow: number;
}

/** Arguments after the first `--` following `supervise` on our command line. */
function extraWorkerArgs(): string[] {
  const argv = process.argv;
  const at = argv.indexOf('supervise');
  const dash = at >= 0 ? argv.indexOf('--', at + 1) : -1;
  return dash >= 0 ? argv.slice(dash + 1) : [];
}

export function register(program: Command): void {
  program
    .command('supervise')
    .description('run N `worker` processes of a task, restart crashed ones with back-off: supervise --task NAME --workers N [-- worker options]')
    .option('--task <name>', 'the task the workers join', taskName)
    .option('--workers <n>', 'worker processes to keep running', positiveInt('--workers'), 2)
    .option('--max-crashes <n>', 'give up after this many crashes within --crash-window', positiveInt('--max-crashes'), 5)
    .option('--crash-window <secs>', 'window for --max-crashes, in seconds', positiveInt('--crash-window'), 60)
    .allowExcessArguments()
    .action(async (_flags: SuperviseFlags, cmd: Command) => {
      // `--task` is also a program-level option (the main job), which may have taken it.
      const flags = cmd.optsWithGlobals<SuperviseFlags>();
      if (!flags.task) throw new UsageError('supervise needs --task <name>: the task its workers join');
      const extra = extraWorkerArgs();
      const c = cliCommand(['worker', '--task', flags.task, ...extra]);
      const sup = new Supervisor({
        workers: flags.workers,
        command: c.command,
        args: () => c.args,
        crashLoop: { maxCrashes: flags.maxCrashes, windowMs: flags.crashWindow * 1000 },
        log: logLine,
      });
      const onSignal = () => {
        logLine('info', 'Ctrl-C: asking the workers to finish their pages in flight (again to make them quit at once)');
        void sup.shutdown('SIGINT');
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      logLine('info', `supervising ${flags.workers} worker(s) of task ${flags.task}`);
      const end = await sup.start();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (end.reason === 'done') logLine('info', `all workers finished: task ${flags.task} is done (${sup.counts.restarts} restart(s))`);
      else if (end.reason === 'interrupted') logLine('info', 'workers stopped');
      // crash-loop / fatal-exit: the supervisor has already logged why.
      process.exitCode = end.code;
    });
}
