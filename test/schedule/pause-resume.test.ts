import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, startCli, tempDataDir } from '../helpers/cli';
import { pageRequests } from '../helpers/demo-pages';

/**
 * `task pause|resume|stop <name>` given from another process while a crawl of that task runs
 * (test/schedule/task-control.test.ts covers the status transitions through storage; this is
 * the whole path: CLI → storage → the crawling process → what it fetches).
 *
 * --mode http with a per-host delay: the control path is the same in every mode (the engine's
 * pool is paused/stopped), and plain HTTP keeps two full crawls of the demo shop well inside
 * the time limit on two shared cores; the delay keeps the crawl running long enough to act on.
 */

function duplicates(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('task control from another process, end to end', () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 30, newsPerLanguage: 2 });
  });
  afterAll(async () => {
    await site?.close();
  });

  const since = (from: number) => pageRequests({ ...site, requestLog: () => site.requestLog().slice(from) } as DemoSite);
  const crawlArgs = (task: string) => ['--task', task, '--urls', site.url, '--mode', 'http', '--concurrency', '2', '--host-delay', '300'];

  async function waitForPages(from: number, n: number): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (since(from).length < n) {
      if (Date.now() > deadline) throw new Error(`fewer than ${n} pages fetched in time`);
      await sleep(50);
    }
  }

  /** The page set of an uninterrupted crawl, for comparison. */
  async function referencePages(env: Record<string, string>): Promise<Set<string>> {
    const refStart = site.requestLog().length;
    const ref = await runCli(['--task', 'reference', '--urls', site.url, '--mode', 'http'], env);
    expect(ref.code, ref.stderr).toBe(0);
    return new Set(since(refStart));
  }

  it('pause stops fetching within seconds, resume continues, and the task finishes with every page fetched once', async () => {
    const env = { CRAWLER_DATA_DIR: tempDataDir() };
    const expected = await referencePages(env);

    const start = site.requestLog().length;
    const crawl = startCli(crawlArgs('ctl'), env);
    await waitForPages(start, 15);
    const pause = await runCli(['task', 'pause', 'ctl'], env);
    expect(pause.code, pause.stderr).toBe(0);
    expect(pause.stdout).toMatch(/task ctl: running → paused/);
    // The crawl polls its task's status every second; pages in flight may finish.
    await sleep(2_500);
    const atPause = since(start).length;
    await sleep(3_000);
    expect(since(start).length, 'no page fetched while paused').toBe(atPause);
    const status = await runCli(['task', 'status', 'ctl', '--format', 'json'], env);
    expect(JSON.parse(status.stdout).task).toMatchObject({ name: 'ctl', status: 'paused' });
    expect(crawl.child.exitCode).toBeNull(); // still running, only paused

    const resume = await runCli(['task', 'resume', 'ctl'], env);
    expect(resume.code, resume.stderr).toBe(0);
    const done = await crawl.done;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/Task ctl finished/);
    const fetched = since(start);
    expect(fetched.length).toBeGreaterThan(atPause);
    expect(duplicates(fetched)).toEqual([]);
    expect(new Set(fetched)).toEqual(expected);
    const after = await runCli(['task', 'status', 'ctl', '--format', 'json'], env);
    expect(JSON.parse(after.stdout).task).toMatchObject({ status: 'finished' });
  }, 240_000);

  it('stop ends the crawl resumable; --resume fetches only the remaining pages, none twice', async () => {
    const env = { CRAWLER_DATA_DIR: tempDataDir() };
    const expected = await referencePages(env);

    const start = site.requestLog().length;
    const crawl = startCli(crawlArgs('halt'), env);
    await waitForPages(start, 15);
    const stop = await runCli(['task', 'stop', 'halt'], env);
    expect(stop.code, stop.stderr).toBe(0);
    const stopped = await crawl.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stdout).toMatch(/Task halt interrupted \(resume with --resume\)/);
    const firstPart = since(start).length;
    expect(firstPart).toBeLessThan(expected.size);
    const status = await runCli(['task', 'status', 'halt', '--format', 'json'], env);
    expect(JSON.parse(status.stdout).task).toMatchObject({ status: 'stopped' });

    // (Requests the stopped process had taken from its queue stay locked in Crawlee's file
    // queue until their lock expires, about a minute: the resumed run waits for them.)
    const resumed = await runCli(['--task', 'halt', '--resume', '--mode', 'http', '--concurrency', '4'], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/Task halt finished/);
    const fetched = since(start);
    expect(fetched.length).toBeGreaterThan(firstPart);
    expect(duplicates(fetched)).toEqual([]);
    expect(new Set(fetched)).toEqual(expected);
  }, 240_000);
});
