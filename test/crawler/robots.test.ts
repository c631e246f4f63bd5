import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RobotsCache } from '../../src/crawler/links/robots';

/** A local site whose robots.txt misbehaves in the ways real ones do. */
let server: Server;
let endless: Server;
let endlessPort = -1;
let base: string;
let endlessBytesSent = 0;
let robotsStatus = 503;
let robotsHits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/robots.txt') return res.writeHead(404).end();
    // The endless one has its own port: the cache keeps one robots.txt per origin.
    if (req.socket.localPort === endlessPort) {
      // "User-agent: *" then rules without end; stops by itself after 64 MB or when the client leaves.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\nDisallow: /private\n');
      const line = Buffer.from('Disallow: /x/' + 'a'.repeat(1000) + '\n');
      const pump = () => {
        while (endlessBytesSent < 64 * 2 ** 20) {
          endlessBytesSent += line.length;
          if (!res.write(line)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    robotsHits++;
    res.writeHead(robotsStatus, { 'content-type': 'text/plain' }).end(robotsStatus === 200 ? 'User-agent: *\nDisallow: /private\n' : 'down');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  endless = createServer((req, res) => server.emit('request', req, res));
  await new Promise<void>((r) => endless.listen(0, '127.0.0.1', r));
  endlessPort = (endless.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => endless.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

describe('robots.txt', () => {
  it('reads at most 500 KiB of an endless robots.txt and still applies its rules', async () => {
    const robots = new RobotsCache();
    const url = (p: string) => new URL(`http://127.0.0.1:${endlessPort}${p}`);
    expect(await robots.isAllowed(url('/private/a'))).toBe(false);
    expect(await robots.isAllowed(url('/public'))).toBe(true);
    expect(endlessBytesSent).toBeLessThan(16 * 2 ** 20);
  });

  it('a 5xx robots.txt disallows the site for now instead of allowing everything', async () => {
    const robots = new RobotsCache();
    robotsStatus = 503;
    expect(await robots.isAllowed(new URL(`http://${base}/public`))).toBe(false);
    expect(robotsHits).toBe(1);
  });

  it('a missing robots.txt allows everything', async () => {
    const robots = new RobotsCache();
    robotsStatus = 404;
    expect(await robots.isAllowed(new URL(`http://${base}/private/a`))).toBe(true);
  });
});
