import { describe, expect, it } from 'vitest';
import { runCli, tempDataDir } from '../helpers/cli';

describe('supervise CLI', () => {
  it('needs --task', async () => {
    const r = await runCli(['supervise', '--workers', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('error: supervise needs --task <name>: the task its workers join');
  });

  it('starts real worker processes and stops with a message when they cannot run', async () => {
    // No REDIS_URL: a worker cannot join, so it exits at once; the supervisor must not loop.
    const r = await runCli(['supervise', '--task', 'x', '--workers', '1', '--max-crashes', '2'], { CRAWLER_DATA_DIR: tempDataDir(), REDIS_URL: '' });
    expect(r.stderr).toMatch(/worker 1 started pid=\d+/);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/giving up|not restarting/);
  });
});
