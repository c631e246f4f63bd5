import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Supervisor, type SupervisorOptions } from '../../src/supervise/supervisor';
import { tempDir } from '../helpers/temp-dir';

const FIXTURE = resolve(import.meta.dirname, 'fixtures/worker.mjs');

function setup(mode: 'wait' | 'crash' | 'usage', extra: Partial<SupervisorOptions> = {}) {
  const dir = tempDir('supervise-');
  const startsFile = join(dir, 'starts');
  const doneFile = join(dir, 'done');
  const messages: string[] = [];
  const sup = new Supervisor({
    workers: 2,
    command: process.execPath,
    args: () => [FIXTURE, mode],
    env: { ...process.env, STARTS_FILE: startsFile, DONE_FILE: doneFile },
    stdio: 'ignore',
    backoff: { initialMs: 100, maxMs: 400 },
    log: (_level, m) => messages.push(m),
    ...extra,
  });
  const lines = () => (existsSync(startsFile) ? readFileSync(startsFile, 'utf8').trim().split('\n').filter(Boolean) : []);
  return { sup, messages, lines, finish: () => writeFileSync(doneFile, ''), startsFile };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Supervisor', () => {
  it('restarts a worker killed with SIGKILL, then ends with 0 when every worker is done', async () => {
    const s = setup('wait');
    const ended = s.sup.start();
    await until(() => s.lines().length === 2); // both started (their handlers are in place)
    const [victim, other] = s.sup.pids();
    process.kill(victim!, 'SIGKILL');
    await until(() => s.sup.pids().length === 2 && !s.sup.pids().includes(victim!));
    expect(s.sup.pids()).toContain(other);
    expect(s.sup.counts.restarts).toBe(1);
    await until(() => s.lines().length === 3);
    expect(s.messages.some((m) => /worker \d died \(signal SIGKILL\); restarting in 100 ms/.test(m))).toBe(true);
    s.finish();
    expect(await ended).toEqual({ reason: 'done', code: 0 });
    expect(s.lines()).toHaveLength(3); // two first starts + one restart
  });

  it('gives up on a crash loop with a clear message and a non-zero code', async () => {
    const s = setup('crash', { crashLoop: { maxCrashes: 5, windowMs: 60_000 } });
    const end = await s.sup.start();
    expect(end.reason).toBe('crash-loop');
    expect(end.code).not.toBe(0);
    if (end.reason === 'crash-loop') expect(end.message).toMatch(/crashed 5 times within 60 s .*giving up/);
    expect(s.sup.counts.crashes).toBe(5);
    // 5 crashed starts, plus at most the other worker alive at that moment; none after.
    expect(s.sup.counts.spawned).toBeLessThanOrEqual(6);
    expect(s.sup.pids()).toEqual([]);
    const spawned = s.sup.counts.spawned;
    await new Promise((r) => setTimeout(r, 600));
    expect(s.sup.counts.spawned).toBe(spawned);
  });

  it('backs off exponentially between restarts of the same worker', async () => {
    const s = setup('crash', { workers: 1, crashLoop: { maxCrashes: 4, windowMs: 60_000 } });
    await s.sup.start();
    const delays = s.messages.flatMap((m) => (/restarting in (\d+) ms/.exec(m) ? [Number(/restarting in (\d+) ms/.exec(m)![1])] : []));
    expect(delays).toEqual([100, 200, 400]);
  });

  it('does not restart a worker whose command line is invalid (exit 2)', async () => {
    const s = setup('usage');
    const end = await s.sup.start();
    expect(end).toMatchObject({ reason: 'fatal-exit', code: 2 });
    expect(s.lines().length).toBeLessThanOrEqual(2);
  });

  it('forwards Ctrl-C to every worker once and waits for them', async () => {
    const s = setup('wait');
    const ended = s.sup.start();
    await until(() => s.lines().length === 2);
    const pids = s.sup.pids();
    const end = await s.sup.shutdown('SIGINT');
    expect(end).toEqual({ reason: 'interrupted', code: 130 });
    expect(await ended).toEqual(end);
    const interrupted = s.lines().filter((l) => l.endsWith('SIGINT')).map((l) => Number(l.split(' ')[0]));
    expect(interrupted.sort()).toEqual([...pids].sort());
    expect(s.sup.pids()).toEqual([]);
  });
});
