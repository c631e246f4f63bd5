import type { Command } from 'commander';
import { nonNegativeInt } from '../parse-options';
import { UsageError } from '../usage-error';
import { logLine } from '../log';

interface UiFlags { port: number; host: string; token?: string }

/** `ui [--port 8080] [--host 127.0.0.1] [--token T]`: the web dashboard (src/ui), in the foreground until Ctrl-C. */
export function register(program: Command): void {
  program
    .command('ui')
    .description('web dashboard: tasks (create, start, pause, resume, stop, live progress), tables, workers and Bloom filters')
    .option('--port <n>', 'port to listen on (0 = any free port)', nonNegativeInt('--port'), 8080)
    .option('--host <address>', 'address to listen on; any other than 127.0.0.1/localhost needs --token', '127.0.0.1')
    .option('--token <secret>', 'required on every request (16+ characters); default $UI_TOKEN')
    .addHelpText('after', '\nOpen the printed link. With a token it carries ?token=… once; the browser then keeps it in a cookie.\nCtrl-C stops the dashboard and the crawls it started (they save their state; continue them with --resume).')
    .action(async (flags: UiFlags) => {
      if (flags.port > 65535) throw new UsageError(`--port must be 0–65535, got ${flags.port}`);
      const { tokenProblem } = await import('../../ui/security');
      const token = flags.token ?? (process.env.UI_TOKEN || null);
      const problem = tokenProblem(flags.host, token);
      if (problem) throw new UsageError(problem);
      // Loaded here: the storage and crawler modules are not needed by other commands' start-up.
      const { startUiServer } = await import('../../ui/server');
      let ui;
      try {
        ui = await startUiServer({ host: flags.host, port: flags.port, token });
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        if (e.code === 'EADDRINUSE') throw new UsageError(`port ${flags.port} on ${flags.host} is in use; choose another with --port`);
        if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') throw new UsageError(`--host ${flags.host} is not an address of this machine`);
        throw err;
      }
      const link = token ? `${ui.url}?token=${encodeURIComponent(token)}` : ui.url;
      process.stdout.write(`dashboard at ${link}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          logLine('info', 'stopping the dashboard and the crawls it started (their state is saved)');
          void ui.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
