import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDataDir } from '../helpers/cli';

/**
 * Error answers without a body (a CDN's or an API gateway's bare 404). Chromium does not load
 * them as an empty page as other browsers do: it fails the navigation with
 * net::ERR_HTTP_RESPONSE_CODE_FAILURE. The crawl must still judge them by their status, in
 * both modes: a 404/410 is gone (counted, recorded as http-404, never retried), a 500 is an
 * HTTP error retried like one with a body.
 */
let site: Server;
let siteUrl: string;
const hits = new Map<string, number>();

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('<a href="/ok.html">ok</a> <a href="/missing.html">m</a> <a href="/removed.html">r</a> <a href="/broken.html">b</a>'));
    } else if (path === '/ok.html') res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p>fine</p>'));
    else if (path === '/removed.html') res.writeHead(410, { 'content-length': '0' }).end();
    else if (path === '/broken.html') res.writeHead(500, { 'content-length': '0' }).end();
    else res.writeHead(404, { 'content-length': '0' }).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((r) => site.close(() => r()));
});

describe.each(['browser', 'http'] as const)('error answers without a body (%s mode)', { timeout: 120_000 }, (mode) => {
  it('counts a bare 404/410 as gone without retrying it, and retries a bare 500 as an HTTP error', async () => {
    hits.clear();
    const dataDir = tempDataDir();
    const task = `empty-${mode}`;
    const res = await runCli(['--task', task, '--urls', siteUrl, '--mode', mode, '--retries', '1'], { CRAWLER_DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/pages gone \(404\/410\): 2\b/);
    const failures = readFileSync(join(dataDir, 'tasks', task, 'failures.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { url: string; reason: string; retries: number; message: string });
    const byPath = new Map(failures.map((f) => [new URL(f.url).pathname, f]));
    expect(byPath.get('/missing.html')).toMatchObject({ reason: 'http-404', retries: 0 });
    expect(byPath.get('/removed.html')).toMatchObject({ reason: 'http-410', retries: 0 });
    expect(byPath.get('/broken.html')).toMatchObject({ reason: 'http-500', retries: 1 });
    expect(byPath.has('/ok.html')).toBe(false);
    expect(hits.get('/missing.html')).toBe(1);
    expect(hits.get('/removed.html')).toBe(1);
    expect(hits.get('/broken.html')).toBe(2);
  });
});
