import { describe, it, expect, afterEach } from 'vitest';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDataDir } from '../helpers/cli';
import { startPushbackSite, type PushbackSite, type SiteHit } from './fixtures/pushback-site';
import { startCountingProxy, type CountingProxy } from './fixtures/counting-proxy';
import { startSocks5Proxy } from './fixtures/socks5-proxy';

/**
 * Sites that push back, with real parts on 127.0.0.1: a shop that blocks a session after a few
 * pages (403 + captcha) and rate-limits once (429 + Retry-After), forward proxies (proxy-chain)
 * that want credentials and count what they carry, the real CLI, Chromium and the store.
 */

const PASSWORD = 'pw-Secret-7731';
const PAGES = 12;
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function site(opts: Parameters<typeof startPushbackSite>[0]): Promise<PushbackSite> {
  const s = await startPushbackSite(opts);
  open.push(s);
  return s;
}

async function proxy(user: string): Promise<CountingProxy> {
  const p = await startCountingProxy(user, PASSWORD);
  open.push(p);
  return p;
}

/** Every file under `dir` (the task's queue, state, failures, the embedded store…). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());
}

/** Pages served (200) by path: every page must be served exactly once. */
function servedOnce(hits: SiteHit[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const h of hits) if (h.status === 200) m.set(h.path, (m.get(h.path) ?? 0) + 1);
  return m;
}

const ALL_PATHS = ['/', ...Array.from({ length: PAGES }, (_, i) => `/item/${i + 1}`)];

for (const mode of ['http', 'browser'] as const) {
  describe(`--mode ${mode}: a shop that pushes back`, () => {
    it('retires blocked sessions, honours Retry-After, slows the host, and still gets every page exactly once', async () => {
      const shop = await site({ pages: PAGES, blockAfter: 3, rateLimitPath: '/item/5', retryAfterSecs: 2 });
      // A retry runs in a session the pool picks at random, which may be one this shop is about
      // to block too: /item/5 (429 first) was once blocked on all three of its retries in CI.
      // Five retries make every page's success near certain (a block is ~1 attempt in 5 here).
      const res = await runCli(['--task', `push-${mode}`, '--urls', shop.url, '--mode', mode, '--concurrency', '2', '--host-concurrency', '1', '--retries', '5'], { CRAWLER_DATA_DIR: tempDataDir() });
      expect(res.code, res.stderr).toBe(0);
      const served = servedOnce(shop.hits);
      expect([...served.keys()].sort()).toEqual([...ALL_PATHS].sort());
      expect([...served.values()].every((n) => n === 1), JSON.stringify([...served])).toBe(true);
      expect(res.stdout).toMatch(new RegExp(`finished: ${ALL_PATHS.length} pages .*, 0 failed`));
      // Sessions were blocked and replaced: no session was served more than the site allows.
      const blocks = shop.hits.filter((h) => h.status === 403).length;
      expect(blocks).toBeGreaterThan(0);
      const perSession = new Map<string, number>();
      for (const h of shop.hits) if (h.status === 200 && h.sid) perSession.set(h.sid, (perSession.get(h.sid) ?? 0) + 1);
      expect(perSession.size).toBeGreaterThan(2);
      // Retry-After: 2 s — nothing was asked of the host before it was up.
      const limited = shop.hits.find((h) => h.status === 429)!;
      expect(limited).toBeDefined();
      const next = shop.hits.find((h) => h.at > limited.at);
      expect(next!.at - limited.at).toBeGreaterThanOrEqual(1900);
      // The summary says what the blocks did.
      const host = new URL(shop.url).host;
      expect(res.stdout).toMatch(/Blocked answers: \d+ \(sessions retired: [1-9]\d*\)/);
      expect(res.stdout).toMatch(new RegExp(`host ${host.replace(/\./g, '\\.')}: slowed to 1 page / \\d+(\\.\\d)? s after \\d+ blocks`));
    }, 420_000);

    it('sends every request through the configured proxies, one proxy per session, and never prints or stores their password', async () => {
      const shop = await site({ pages: PAGES, blockAfter: 4 });
      const a = await proxy('alice');
      const b = await proxy('bob');
      const dataDir = tempDataDir();
      const res = await runCli(['--task', `prox-${mode}`, '--urls', shop.url, '--mode', mode, '--proxy', `${a.url},${b.url}`, '--concurrency', '2', '--retries', '3'], { CRAWLER_DATA_DIR: dataDir, LOG_FORMAT: 'text' });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(new RegExp(`finished: ${ALL_PATHS.length} pages`));
      // Every request the site saw (robots.txt included) came through one of the proxies.
      const host = new URL(shop.url).host;
      const carried = [...a.carried, ...b.carried].filter((c) => c.host === host);
      expect(carried.length).toBe(shop.hits.length);
      expect(carried.filter((c) => c.path !== '/robots.txt').length).toBeGreaterThanOrEqual(ALL_PATHS.length);
      expect(a.refused + b.refused).toBe(0);
      // Rotation per session: both proxies were used, and a session stays on its proxy.
      expect(a.carried.filter((c) => c.host === host).length).toBeGreaterThan(0);
      expect(b.carried.filter((c) => c.host === host).length).toBeGreaterThan(0);
      const sidsA = new Set(a.carried.filter((c) => c.host === host).map((c) => c.sid).filter(Boolean));
      const sidsB = new Set(b.carried.filter((c) => c.host === host).map((c) => c.sid).filter(Boolean));
      expect([...sidsA].filter((s) => sidsB.has(s))).toEqual([]);
      // The password appears nowhere: not on the terminal, not in any file of the task or the store.
      expect(res.stdout + res.stderr).not.toContain(PASSWORD);
      expect(res.stderr).toMatch(/access: 2 proxies \(http:\/\/alice:\*\*\*@127\.0\.0\.1:\d+, http:\/\/bob:\*\*\*@127\.0\.0\.1:\d+\)/);
      expect(res.stdout).toMatch(/Proxies:\n {2}http:\/\/alice:\*\*\*@127\.0\.0\.1:\d+ {2}\d+ requests/);
      for (const f of filesUnder(dataDir)) expect(readFileSync(f).includes(PASSWORD), f).toBe(false);
    }, 240_000);

    it('goes through a SOCKS5 proxy with a user name and password', async () => {
      const shop = await site({ pages: 4 });
      const socks = await startSocks5Proxy('carol', PASSWORD);
      open.push(socks);
      const res = await runCli(['--task', `socks-${mode}`, '--urls', shop.url, '--mode', mode, '--proxy', socks.url], { CRAWLER_DATA_DIR: tempDataDir() });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/finished: 5 pages/);
      const host = new URL(shop.url).host;
      // Only tunnels can have reached the site: each one was opened to it with the right credentials.
      expect(socks.refused).toBe(0);
      expect(socks.tunnels.filter((t) => t === host).length).toBeGreaterThan(0);
      expect(res.stdout + res.stderr).not.toContain(PASSWORD);
    }, 240_000);

    it('--cookies gives a logged-in browser\'s cookies to every session', async () => {
      const shop = await site({ pages: 3 });
      const dir = tempDataDir();
      const cookiesFile = join(dir, 'cookies.txt');
      writeFileSync(cookiesFile, `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tlogin\ttoken-4417\n`);
      const res = await runCli(['--task', `cook-${mode}`, '--urls', shop.url, '--mode', mode, '--cookies', cookiesFile], { CRAWLER_DATA_DIR: join(dir, 'data') });
      expect(res.code, res.stderr).toBe(0);
      const pages = shop.hits.filter((h) => h.status === 200);
      expect(pages.length).toBe(4);
      for (const h of pages) expect(h.cookie, h.path).toMatch(/(^|;\s*)login=token-4417(;|$)/);
      expect(res.stdout + res.stderr).not.toContain('token-4417');
      for (const f of filesUnder(join(dir, 'data'))) expect(readFileSync(f).includes('token-4417'), f).toBe(false);
    }, 240_000);
  });
}
