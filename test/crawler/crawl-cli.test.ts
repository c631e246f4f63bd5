import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, startCli, tempDataDir } from '../helpers/cli';
import { pageRequests, pagesWithinDepth } from '../helpers/demo-pages';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

function duplicates(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
}

describe('crawl command on the demo shop (real Chromium)', { timeout: 400_000 }, () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('--max-pages 200 fetches exactly 200 pages, none twice, never a robots-disallowed path, and prints a summary', async () => {
    const before = site.requestLog().length;
    const res = await runCli(['--task', 't200', '--urls', site.url, '--max-pages', '200', '--concurrency', '6'], { CRAWLER_DATA_DIR: tempDataDir() });
    const pages = pageRequests({ ...site, requestLog: () => site.requestLog().slice(before) } as DemoSite);
    expect(res.code, res.stderr).toBe(0);
    expect(pages.length).toBe(200);
    expect(duplicates(pages)).toEqual([]);
    expect(site.requestLog().slice(before).filter((e) => site.disallowed.some((d) => e.path.startsWith(d)))).toEqual([]);
    // Media is not downloaded unless asked.
    expect(site.requestLog().slice(before).filter((e) => /^\/(img|static\/fonts)\//.test(e.path))).toEqual([]);
    expect(res.stdout).toMatch(/Task t200 finished: 200 pages/);
    expect(res.stdout).toMatch(/Pages by type:/);
    expect(res.stdout).toMatch(/robots/);
  });

  it('--max-depth 1 fetches exactly the pages one link from the start', async () => {
    const before = site.requestLog().length;
    const res = await runCli(['--task', 'depth1', '--urls', site.url, '--max-depth', '1', '--concurrency', '6'], { CRAWLER_DATA_DIR: tempDataDir() });
    expect(res.code, res.stderr).toBe(0);
    const pages = pageRequests({ ...site, requestLog: () => site.requestLog().slice(before) } as DemoSite);
    expect(new Set(pages)).toEqual(pagesWithinDepth(site, 1));
    expect(duplicates(pages)).toEqual([]);
  });

  it('Ctrl-C stops, saves state and exits 130; --resume fetches only the remaining pages', async () => {
    const dataDir = tempDataDir();
    const before = site.requestLog().length;
    const log = () => site.requestLog().slice(before);
    const first = startCli(['--task', 'resumable', '--urls', site.url, '--max-pages', '90', '--concurrency', '3'], { CRAWLER_DATA_DIR: dataDir });
    const deadline = Date.now() + 90_000;
    while (pageRequests({ ...site, requestLog: log } as DemoSite).length < 25 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    first.child.kill('SIGINT');
    const r1 = await first.done;
    expect(r1.code, r1.stderr).toBe(130);
    expect(r1.stdout).toMatch(/interrupted/);
    const afterFirst = pageRequests({ ...site, requestLog: log } as DemoSite).length;
    expect(afterFirst).toBeGreaterThanOrEqual(25);
    expect(afterFirst).toBeLessThan(90);

    const r2 = await runCli(['--task', 'resumable', '--resume', '--max-pages', '90', '--concurrency', '3'], { CRAWLER_DATA_DIR: dataDir });
    expect(r2.code, r2.stderr).toBe(0);
    const all = pageRequests({ ...site, requestLog: log } as DemoSite);
    expect(all.length).toBe(90);
    expect(duplicates(all)).toEqual([]);
  });
});

describe('crawl command on hostile pages', { timeout: 400_000 }, () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, traps: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('records a failure with its reason for each hostile page and finishes the crawl', async () => {
    const dataDir = tempDataDir();
    const res = await runCli(['--task', 'traps', '--urls', site.url, '--max-depth', '1', '--timeout', '10', '--retries', '1', '--concurrency', '6'], { CRAWLER_DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
    const failures = readFileSync(join(dataDir, 'tasks', 'traps', 'failures.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { url: string; reason: string });
    const reasonOf = (path: string) => failures.find((f) => new URL(f.url).pathname === path)?.reason;
    expect(reasonOf('/trap/redirect-a')).toBe('redirect-loop');
    expect(reasonOf('/trap/manual.pdf')).toBe('non-html');
    expect(reasonOf('/trap/photo.png')).toBe('non-html');
    expect(reasonOf('/trap/hang.html')).toBe('timeout');
    expect(reasonOf('/trap/error.html')).toBe('http-500');
    expect(reasonOf('/trap/blocked.html')).toBe('blocked');
    // Links robots.txt disallows are skipped links, counted in the summary, not failed pages.
    expect(failures.some((f) => f.reason === 'robots')).toBe(false);
    expect(res.stdout).toMatch(/Links not followed:[\s\S]*skipped by robots\.txt\s+[1-9]/);
    // The rest of the crawl went on: the huge page and the normal pages were handled.
    expect(res.stdout).toMatch(/Failures by reason:/);
    const done = Number(/finished: (\d+) pages/.exec(res.stdout)?.[1]);
    expect(done).toBeGreaterThan(10);
  });
});

describe('crawl command: bad input', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown alias', ['--task', 'x', '--urls', 'nosuchshop'], /unknown site alias "nosuchshop".*taobao/],
    ['a file: URL', ['--task', 'x', '--urls', 'file:///etc/passwd'], /only http and https/],
    ['a javascript: URL', ['--task', 'x', '--urls', 'javascript:alert(1)'], /only http and https/],
    ['a malformed URL', ['--task', 'x', '--urls', 'http://'], /malformed URL/],
    ['a negative page limit', ['--task', 'x', '--urls', 'demo', '--max-pages', '-3'], /--max-pages|unknown option '-3'/],
    ['a non-numeric page limit', ['--task', 'x', '--urls', 'demo', '--max-pages', 'abc'], /--max-pages must be a whole number/],
    ['an unknown strategy', ['--task', 'x', '--urls', 'demo', '--strategy', 'random'], /--strategy must be one of bfs, dfs/],
    ['--resume of a task never run', ['--task', 'never-ran', '--resume'], /nothing to resume/],
  ];
  for (const [name, args, message] of cases) {
    it(`refuses ${name} with a one-line message and exit 2`, async () => {
      const res = await runCli(args, { CRAWLER_DATA_DIR: tempDataDir() });
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(message);
      expect(res.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    });
  }

  it('exits non-zero when nothing could be crawled (unreachable host)', async () => {
    const port = await closedPort();
    const res = await runCli(['--task', 'dead', '--urls', `http://127.0.0.1:${port}/`, '--retries', '0', '--timeout', '5'], { CRAWLER_DATA_DIR: tempDataDir() });
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/unreachable/);
  });
});
