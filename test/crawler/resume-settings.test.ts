import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, startCli, tempDataDir } from '../helpers/cli';
import { pageRequests } from '../helpers/demo-pages';

/** Pages the demo served from `before` on. */
const servedSince = (site: DemoSite, before: number) => pageRequests({ ...site, requestLog: () => site.requestLog().slice(before) } as DemoSite);

/** A resumed task crawls with its own stored settings unless the command line changes them. */
describe('--resume and a second start keep the task settings', { timeout: 200_000 }, () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite({ port: 0 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('a resume without --max-pages keeps the page limit; a typed one changes it and says so', async () => {
    const dataDir = tempDataDir();
    const env = { CRAWLER_DATA_DIR: dataDir };
    const first = await runCli(['--task', 'budget', '--urls', site.url, '--mode', 'http', '--max-pages', '20', '--max-depth', '3', '--concurrency', '4'], env);
    expect(first.code, first.stderr).toBe(0);

    let before = site.requestLog().length;
    const again = await runCli(['--task', 'budget', '--resume', '--concurrency', '4'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(servedSince(site, before)).toEqual([]);

    before = site.requestLog().length;
    const raised = await runCli(['--task', 'budget', '--resume', '--max-pages', '30', '--concurrency', '4'], env);
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stderr).toMatch(/--resume: maxPages changed from 20 to 30/);
    expect(servedSince(site, before)).toHaveLength(10);
  });

  it('refuses a setting that would make it a different crawl, naming it', async () => {
    const dataDir = tempDataDir();
    const env = { CRAWLER_DATA_DIR: dataDir };
    expect((await runCli(['--task', 'scoped', '--urls', site.url, '--mode', 'http', '--max-pages', '5'], env)).code).toBe(0);
    const r = await runCli(['--task', 'scoped', '--resume', '--scope', 'any'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--resume with different settings: scope is "same-site" for the task, "any" here/);
  });

  it('a task being crawled is not taken over by a second start without --resume: refused with exit 2, the first crawl goes on', async () => {
    const env = { CRAWLER_DATA_DIR: tempDataDir() };
    const before = site.requestLog().length;
    const first = startCli(['--task', 'busy', '--urls', site.url, '--mode', 'http', '--max-pages', '25', '--host-delay', '1500', '--concurrency', '2'], env);
    const deadline = Date.now() + 60_000;
    while (servedSince(site, before).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const second = await runCli(['--task', 'busy', '--urls', site.url, '--mode', 'http', '--scope', 'any', '--max-pages', '5'], env);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/task "busy" is being crawled right now by .*:\d+; add a worker with `worker --task busy`/);
    const r1 = await first.done;
    expect(r1.code, r1.stderr).toBe(0);
    // The first crawl kept its own limit: the second start changed nothing.
    expect(servedSince(site, before)).toHaveLength(25);
  });
});
