import { describe, it, expect, afterEach } from 'vitest';
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectBlock, retryAfterMs } from '../../src/crawler/fetching/block-detect';
import { checkProxyUrl, maskProxyUrl, ProxyRotation } from '../../src/crawler/fetching/proxies';
import { readCookiesFile } from '../../src/crawler/fetching/cookies-file';
import { HostBackoff, describeSlowdown } from '../../src/crawler/fetching/host-backoff';
import { RobotsCache } from '../../src/crawler/links/robots';
import { runCli, tempDataDir } from '../helpers/cli';

const page = (status: number, html: string, url = 'https://shop.example/item/1', requestedUrl = url) => ({ status, html, url, requestedUrl });

describe('block detection', () => {
  it('names the marker of captcha, challenge and rate-limit answers', () => {
    expect(detectBlock(page(403, '<div class="g-recaptcha"></div>'))).toBe('status 403 with reCAPTCHA');
    expect(detectBlock(page(503, '<title>Just a moment...</title><script src="https://challenges.cloudflare.com/x.js"></script>'))).toBe('status 503 with Cloudflare challenge');
    expect(detectBlock(page(429, ''))).toBe('status 429');
    expect(detectBlock(page(200, '<html><body><p>请输入验证码</p></body></html>'))).toMatch(/^challenge page \(Chinese captcha\/verification text\)/);
    expect(detectBlock(page(200, '<html><body>ok</body></html>', 'https://login.shop.example/member/login.jhtml?redirect=x', 'https://shop.example/item/1'))).toMatch(/^redirect to a login\/verification page \(login\.shop\.example\/member\/login\.jhtml\)/);
  });

  it('leaves real pages, plain errors and asked-for login pages alone', () => {
    const product = `<html><body><h1>Sturdy kettle</h1>${'<p>A kettle that boils water quickly and quietly, with a captcha-free checkout.</p>'.repeat(10)}</body></html>`;
    expect(detectBlock(page(200, product))).toBeNull();
    expect(detectBlock(page(503, '<html><body>Service temporarily unavailable</body></html>'))).toBeNull();
    expect(detectBlock(page(500, '<div class="g-recaptcha"></div>'))).toBeNull();
    expect(detectBlock(page(200, '<form>login</form>', 'https://shop.example/login', 'https://shop.example/login'))).toBeNull();
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe('host back-off', () => {
  it('slows a blocking host, honours Retry-After, and lowers the pace again once it answers', () => {
    const b = new HostBackoff(0);
    b.blocked('a', 5_000);
    b.blocked('a');
    b.blocked('a');
    expect(b.delayMs('a')).toBe(4000);
    expect(b.notBefore('a')).toBeGreaterThan(Date.now() + 4000);
    for (let i = 0; i < 10; i++) b.answered('a');
    expect(b.delayMs('a')).toBe(1000);
    expect(b.delayMs('b')).toBe(0);
    expect(describeSlowdown('a', b.slowed.get('a')!)).toBe('host a: slowed to 1 page / 4 s after 3 blocks (now 1 page / 1 s)');
  });
});

describe('proxies', () => {
  it('accepts http, https and socks5 with credentials, and names a bad one without its password', () => {
    expect(checkProxyUrl('socks5://u:p@10.0.0.1:1080')).toBe('socks5://u:p@10.0.0.1:1080');
    expect(checkProxyUrl('https://10.0.0.1:8443')).toBe('https://10.0.0.1:8443');
    expect(() => checkProxyUrl('ftp://u:hunter2@10.0.0.1:2121')).toThrow(/^invalid proxy URL "ftp:\/\/u:\*\*\*@10\.0\.0\.1:2121": scheme ftp is not supported; use http, https or socks5$/);
    expect(() => checkProxyUrl('http://u:hunter2@10.0.0.1')).toThrow(/give the host and port/);
    expect(() => checkProxyUrl('u:hunter2@nowhere')).not.toThrow(/hunter2/);
    expect(maskProxyUrl('http://user:s3cret@proxy.example:8000')).toBe('http://user:***@proxy.example:8000');
  });

  it('keeps a session on its proxy, gives the next session the next one, and rests one that keeps failing', () => {
    const r = new ProxyRotation(['http://a:1', 'http://b:2']);
    const s1 = r.urlFor('s1', 'h');
    const s2 = r.urlFor('s2', 'h');
    expect(s1).not.toBe(s2);
    expect(r.urlFor('s1', 'h')).toBe(s1);
    const rested: string[] = [];
    r.onRested = (p) => rested.push(p);
    for (let i = 0; i < 3; i++) r.failed('http://a:1');
    expect(rested).toEqual(['http://a:1']);
    expect(r.urlFor('s3', 'h')).toBe('http://b:2');
    expect(r.urlFor('s1', 'h')).toBe('http://b:2');
    expect(r.report().find((p) => p.proxy === 'http://a:1')).toMatchObject({ rested: 1, restedNow: true, failures: 3 });
  });

  it('with --direct-first a host goes direct until it blocks, then through the proxies', () => {
    const r = new ProxyRotation(['http://a:1'], { directFirst: true });
    expect(r.urlFor('s1', 'shop')).toBeNull();
    r.hostBlocked('shop');
    expect(r.urlFor('s1', 'shop')).toBe('http://a:1');
    expect(r.urlFor('s1', 'other')).toBeNull();
  });
});

describe('--cookies files', () => {
  it('reads Netscape cookies.txt (HttpOnly lines too) and browser JSON exports', () => {
    const dir = tempDataDir();
    const txt = join(dir, 'c.txt');
    writeFileSync(txt, '# Netscape HTTP Cookie File\n.shop.example\tTRUE\t/\tTRUE\t1999999999\tsess\tabc\n#HttpOnly_shop.example\tFALSE\t/cart\tFALSE\t0\tcart\tx\ty\n');
    expect(readCookiesFile(txt)).toEqual([
      { name: 'sess', value: 'abc', domain: '.shop.example', path: '/', secure: true, httpOnly: false, expires: 1999999999 },
      { name: 'cart', value: 'x\ty', domain: 'shop.example', path: '/cart', secure: false, httpOnly: true },
    ]);
    const json = join(dir, 'c.json');
    writeFileSync(json, JSON.stringify({ cookies: [{ name: 't', value: 'v', domain: '.jd.com', path: '/', expires: -1, httpOnly: true, secure: true }] }));
    expect(readCookiesFile(json)).toEqual([{ name: 't', value: 'v', domain: '.jd.com', path: '/', secure: true, httpOnly: true }]);
  });

  it('a bad file is a one-line usage error (exit 2) that never quotes a cookie', async () => {
    const dir = tempDataDir();
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'shop.example\tsecretvalue-991\n');
    const res = await runCli(['--task', 'badc', '--urls', 'http://127.0.0.1:9/', '--cookies', bad], { CRAWLER_DATA_DIR: dir });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toMatch(/^error: --cookies file .*bad\.txt line 1: expected 7 tab-separated fields/);
    expect(res.stderr).not.toContain('secretvalue-991');
    const noProxy = await runCli(['--task', 'badp', '--urls', 'http://127.0.0.1:9/', '--proxy', 'gopher://me:pw-77@10.0.0.1:70'], { CRAWLER_DATA_DIR: dir });
    expect(noProxy.code).toBe(2);
    expect(noProxy.stderr).toMatch(/invalid proxy URL "gopher:\/\/me:\*\*\*@10\.0\.0\.1:70": scheme gopher is not supported/);
    expect(noProxy.stderr).not.toContain('pw-77');
  }, 180_000);
});

describe('robots.txt', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('is matched against our product token: a group for shopnews-crawler wins over "*"', async () => {
    server = createServer((_req, res) => res.end('User-agent: *\nAllow: /\n\nUser-agent: shopnews-crawler\nDisallow: /private/\n'));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const robots = new RobotsCache();
    expect(await robots.isAllowed(new URL(`${base}/private/x`))).toBe(false);
    expect(await robots.isAllowed(new URL(`${base}/public/x`))).toBe(true);
  });
});
