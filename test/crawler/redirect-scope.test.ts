import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDataDir } from '../helpers/cli';

/**
 * A site whose links redirect out of the crawl's scope or into a robots-disallowed path: every
 * hop of a redirect passes the same admission as a link, so those pages are never fetched.
 */
let site: Server;
let other: Server;
let siteUrl: string;
const siteHits: string[] = [];
const otherHits: string[] = [];

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('<h1>Another site</h1>'));
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  // "localhost" is another site than "127.0.0.1" for the default same-site scope.
  const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
  site = createServer((req, res) => {
    siteHits.push(req.url ?? '');
    const routes: Record<string, () => void> = {
      '/robots.txt': () => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'),
      '/': () => res.writeHead(200, { 'content-type': 'text/html' }).end(page('<a href="/jump-out">a</a> <a href="/jump-private">b</a> <a href="/jump-ok">c</a>')),
      '/jump-out': () => res.writeHead(302, { location: `${otherUrl}/landing.html` }).end(),
      '/jump-private': () => res.writeHead(301, { location: '/private/secret.html' }).end(),
      '/jump-ok': () => res.writeHead(302, { location: '/fine.html' }).end(),
      '/fine.html': () => res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p>fine</p>')),
      '/private/secret.html': () => res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p>secret</p>')),
    };
    (routes[req.url ?? ''] ?? (() => res.writeHead(404).end()))();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((r) => site.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});

describe('redirects pass link admission (HTTP mode)', () => {
  it('never fetches a redirect target outside the scope or disallowed by robots.txt, and says why', async () => {
    const dataDir = tempDataDir();
    const res = await runCli(['--task', 'redirects', '--urls', siteUrl, '--mode', 'http', '--retries', '2'], { CRAWLER_DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
    expect(otherHits).toEqual([]);
    expect(siteHits).not.toContain('/private/secret.html');
    expect(siteHits).toContain('/fine.html');
    const failures = readFileSync(join(dataDir, 'tasks', 'redirects', 'failures.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { url: string; reason: string; retries: number });
    const byPath = new Map(failures.map((f) => [new URL(f.url).pathname, f]));
    expect(byPath.get('/jump-out')).toMatchObject({ reason: 'out-of-scope', retries: 0 });
    expect(byPath.get('/jump-private')).toMatchObject({ reason: 'robots', retries: 0 });
    // Refused once, not retried.
    expect(siteHits.filter((h) => h === '/jump-out')).toHaveLength(1);
  });
});
