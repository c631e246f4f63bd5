import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Runs the `demo-site` subcommand in a child process. It registers only this command on a
 * fresh commander program (as src/cli/main.ts does for all of them), so the test does not
 * depend on the other subcommands' modules.
 */
const ENTRY = `
import { Command } from 'commander';
import { register } from './src/cli/commands/demo-site.ts';
import { UsageError } from './src/cli/usage-error.ts';
const program = new Command().exitOverride();
register(program);
program.parseAsync(process.argv.slice(1), { from: 'user' }).catch((err) => {
  if (err instanceof UsageError) { process.stderr.write('error: ' + err.message + '\\n'); process.exit(2); }
  process.exit(err.exitCode ?? 1);
});`;

function run(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ENTRY, ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('demo-site command', () => {
  it('prints the URL, serves the site until SIGINT, then exits 0', async () => {
    const child = run(['demo-site', '--port', '0', '--products', '40', '--news', '2', '--seed', '9']);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out.trim()); });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const robots = await (await fetch(new URL('/robots.txt', url))).text();
    expect(robots).toContain('Disallow: /cart/');
    expect((await fetch(new URL('/p/100040.html', url))).status).toBe(200);
    expect((await fetch(new URL('/p/100041.html', url))).status).toBe(404);
    const code = await new Promise<number | null>((resolve) => { child.on('exit', resolve); child.kill('SIGINT'); });
    expect(code).toBe(0);
  });

  it('rejects a bad option value with a one-line message and exit code 2', async () => {
    const child = run(['demo-site', '--products', 'lots']);
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err.trim()).toBe('error: --products must be an integer from 0 to 1000000, got "lots"');
  });
});
