import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tempDir } from './temp-dir';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'src/cli/main.ts');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A fresh data folder per test: tasks, queue and the embedded store live there. */
export function tempDataDir(): string {
  return tempDir('crawler-test-');
}

export interface CliRun {
  child: ChildProcess;
  done: Promise<CliResult>;
  /** Resolves when stderr has printed a line matching `re`. */
  waitForStderr(re: RegExp, timeoutMs?: number): Promise<void>;
}

/** Starts the real CLI (`npm start -- …` without npm's noise) as a child process. */
export function startCli(args: string[], env: Record<string, string> = {}, opts: { input?: string } = {}): CliRun {
  // One process, as `npm start` runs it (no tsx wrapper process relaying signals).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    // A CLI test reads its results from its own data folder: a MONGODB_URI set for the contract
    // suite (hosted CI) must not send them to MongoDB unless the test passes one itself.
    env: { ...process.env, CRAWLEE_LOG_LEVEL: 'ERROR', MONGODB_URI: '', ...env },
    stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (opts.input !== undefined) child.stdin!.end(opts.input);
  let stdout = '';
  let stderr = '';
  const watchers: Array<{ re: RegExp; resolve(): void }> = [];
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => {
    stderr += d;
    for (const w of watchers.splice(0)) {
      if (w.re.test(stderr)) w.resolve();
      else watchers.push(w);
    }
  });
  const done = new Promise<CliResult>((res) => child.on('close', (code, signal) => res({ code, signal, stdout, stderr })));
  return {
    child,
    done,
    waitForStderr: (re, timeoutMs = 60_000) =>
      new Promise<void>((res, rej) => {
        if (re.test(stderr)) return res();
        const t = setTimeout(() => rej(new Error(`timed out waiting for ${re} in stderr:\n${stderr}`)), timeoutMs);
        watchers.push({ re, resolve: () => (clearTimeout(t), res()) });
      }),
  };
}

export function runCli(args: string[], env: Record<string, string> = {}, opts: { input?: string } = {}): Promise<CliResult> {
  return startCli(args, env, opts).done;
}
