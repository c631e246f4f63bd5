import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

export interface StoreCliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as a user would, on the embedded store of `dataDir` (never MongoDB or Redis from
 * the environment); async, so the test worker stays responsive meanwhile.
 */
export function storeCli(dataDir: string, ...args: string[]): Promise<StoreCliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, CRAWLER_DATA_DIR: dataDir };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}
