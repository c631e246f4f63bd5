import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/crawler/fetching/http-fetch';
import { classifyError } from '../../src/crawler/results/failures';

/** What a user reads in failures.jsonl for pages that are too big or redirect off the web. */
let server: Server;
let base: string;
const LIMIT = 2 * 2 ** 20;

beforeAll(async () => {
  const bomb = gzipSync(Buffer.alloc(LIMIT * 4, 0x20));
  server = createServer((req, res) => {
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(LIMIT + 4096) }).end(Buffer.alloc(LIMIT + 4096, 0x20));
    if (req.url === '/bomb') return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
    if (req.url?.startsWith('/to-')) return res.writeHead(302, { location: { '/to-file': 'file:///etc/passwd', '/to-data': 'data:text/html,<h1>x</h1>', '/to-js': 'javascript:alert(1)' }[req.url] ?? '/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HTTP fetch limits', () => {
  it('says a page over the size limit is over it, in one unit (never "12.6 MB, limit 13 MB")', async () => {
    const fetcher = new HttpFetcher({ timeoutSecs: 10, maxBytes: LIMIT });
    try {
      const big = await fetcher.fetch(`${base}/big`).catch((e: Error) => e);
      expect(big).toMatchObject({ reason: 'too-large', message: 'page too large: 2 MiB, over the 2 MiB limit' });
      const bomb = await fetcher.fetch(`${base}/bomb`).catch((e: Error) => e);
      expect(bomb).toMatchObject({ reason: 'too-large' });
      expect((bomb as Error).message).toMatch(/^page too large: over the 2 MiB limit once decompressed \(.* gzip\)$/);
    } finally {
      await fetcher.close();
    }
  });

  it('a redirect to file:, data: or javascript: fails once with reason "scheme"', async () => {
    const fetcher = new HttpFetcher({ timeoutSecs: 10 });
    try {
      for (const path of ['/to-file', '/to-data', '/to-js']) {
        const err = await fetcher.fetch(`${base}${path}`).catch((e: Error) => e);
        expect(err, path).toMatchObject({ reason: 'scheme' });
        expect((err as Error).message).toMatch(/only http and https pages are crawled/);
      }
    } finally {
      await fetcher.close();
    }
    // Chromium's words for the same thing in browser mode.
    expect(classifyError('net::ERR_UNSAFE_REDIRECT at http://x/')).toBe('scheme');
  });
});
