import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDataDir, type CliResult } from '../helpers/cli';
import { startHostileSite, type HostileSite } from './fixtures/hostile-site';

/**
 * Browser mode on the hostile site (real Chromium): one crawl, one tab (concurrency 1, so a
 * broken tab would be handed to the next page), no retries (a failure shows at once).
 */
describe('browser mode on the hostile site', { timeout: 300_000 }, () => {
  let site: HostileSite;
  let res: CliResult;
  let failures: Array<{ url: string; reason: string; message: string }>;
  const failureOf = (path: string) => failures.find((f) => new URL(f.url).pathname === path);

  beforeAll(async () => {
    site = await startHostileSite();
    const dataDir = tempDataDir();
    res = await runCli(['--task', 'hostile', '--urls', `${site.url}browser/`, '--max-depth', '1', '--concurrency', '1', '--retries', '0', '--timeout', '15'], { CRAWLER_DATA_DIR: dataDir });
    const file = join(dataDir, 'tasks', 'hostile', 'failures.jsonl');
    failures = (existsSync(file) ? readFileSync(file, 'utf8') : '')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { url: string; reason: string; message: string });
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('finishes the crawl', () => {
    expect(res.code, res.stderr).toBe(0);
  });

  it('caps a page that allocates without end and records too-much-memory for it', () => {
    expect(failureOf('/mem/hog.html'), JSON.stringify(failures)).toMatchObject({ reason: 'too-much-memory' });
  });

  it('never hands a crashed or dirty tab to the next page: every plain page is crawled without a failure', () => {
    for (let i = 1; i <= 8; i++) expect(site.hits, `/p/${i}.html`).toContain(`/p/${i}.html`);
    expect(failures.filter((f) => /^\/p\//.test(new URL(f.url).pathname) || f.url.endsWith('/hog-on-leave.html'))).toEqual([]);
  });

  it('passes every redirect hop (HTTP, script, meta refresh) through the admission a link gets', () => {
    expect(site.otherHits).toEqual([]);
    expect(site.hits.filter((h) => h.startsWith('/private/'))).toEqual([]);
    expect(failureOf('/redir/http-out')).toMatchObject({ reason: 'out-of-scope' });
    expect(failureOf('/redir/http-private')).toMatchObject({ reason: 'robots' });
    // A script redirect inside the scope is followed.
    expect(site.hits).toContain('/redir/fine.html');
  });

  it('closes popups a page opens (and the popups they open)', () => {
    const popups = site.hits.filter((h) => h.startsWith('/popup/child.html'));
    expect(popups.length, popups.join(' ')).toBeLessThanOrEqual(1);
  });
});
