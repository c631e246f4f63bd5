import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const MAIN = resolve(import.meta.dirname, '../cli/main.ts');

/**
 * The command line that runs this program's CLI in a child process: the current node with
 * tsx's loader (`node --import tsx main.ts …`), one process per child (no tsx wrapper
 * process in between), so signals sent to the child reach the crawler itself.
 */
export function cliCommand(args: string[]): { command: string; args: string[] } {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { command: process.execPath, args: ['--import', loader, MAIN, ...args] };
}

export interface SpawnCliOptions {
  stdio?: StdioOptions;
  env?: NodeJS.ProcessEnv;
  /** Own process group, so a terminal Ctrl-C reaches only the parent, which forwards it once. Default true. */
  detached?: boolean;
}

export function spawnCli(args: string[], opts: SpawnCliOptions = {}): ChildProcess {
  const c = cliCommand(args);
  return spawn(c.command, c.args, { stdio: opts.stdio ?? 'inherit', env: opts.env ?? process.env, detached: opts.detached ?? true });
}
