import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDataDir } from '../helpers/cli';

process.env.CRAWLER_DATA_DIR = tempDataDir();
const { startUiServer } = await import('../../src/ui/server');
type Ui = Awaited<ReturnType<typeof startUiServer>>;

const TOKEN = 'correct-horse-battery-staple-42';

/** A raw request, so Host, Origin and Cookie can be set as a hostile client would. */
function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('ui: start-up refuses an exposed dashboard without a token', () => {
  it('--host 0.0.0.0 without --token or UI_TOKEN exits 2 naming the fix', async () => {
    const r = await runCli(['ui', '--host', '0.0.0.0', '--port', '0'], { UI_TOKEN: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--host 0\.0\.0\.0 makes the dashboard reachable from other machines: give --token/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a short token is refused too', async () => {
    const r = await runCli(['ui', '--host', '0.0.0.0', '--port', '0', '--token', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/must be at least 16 characters, got 3/);
  });
});

describe('ui: every request needs the token', () => {
  let ui: Ui;
  beforeAll(async () => {
    ui = await startUiServer({ host: '127.0.0.1', port: 0, token: TOKEN });
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('answers 401 without the token, on the page, the API and the scripts alike', async () => {
    for (const path of ['', 'api/tasks', 'static/app.js', 'api/export/commodities?format=csv']) {
      const r = await send(ui.url + path);
      expect(r.status, path).toBe(401);
      expect(r.body).toMatch(/needs its token/);
    }
    expect((await send(`${ui.url}api/tasks`, { headers: { Authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    expect((await send(`${ui.url}api/tasks`, { headers: { Cookie: 'shopnews_ui=nope' } })).status).toBe(401);
  });

  it('the one-time ?token= link sets an HttpOnly SameSite cookie and drops the token from the address', async () => {
    const r = await send(`${ui.url}?token=${TOKEN}`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
    const cookie = String(r.headers['set-cookie']);
    expect(cookie).toMatch(/^shopnews_ui=.*; HttpOnly; SameSite=Strict; Path=\//);
    const page = await send(ui.url, { headers: { Cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script type="module" src="/static/app.js">');
    expect((await send(`${ui.url}api/tasks`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('sends a strict Content-Security-Policy: scripts from this server only, no inline code but the import map', async () => {
    const r = await send(ui.url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('ui: state-changing requests (local, no token)', () => {
  let ui: Ui;
  let csrf: string;
  beforeAll(async () => {
    ui = await startUiServer({ host: '127.0.0.1', port: 0 });
    csrf = /<meta name="csrf" content="([^"]+)">/.exec((await send(ui.url)).body)![1]!;
  });
  afterAll(async () => {
    await ui?.close();
  });
  const origin = () => ui.url.replace(/\/$/, '');
  const post = (headers: Record<string, string>, body = '{"name": "t1", "urls": "ftp://files.example/"}') => send(`${ui.url}api/tasks`, { method: 'POST', headers, body });

  it('refuses a POST from another origin, without the CSRF value, or as a form', async () => {
    expect((await post({ 'Content-Type': 'application/json', Origin: 'http://evil.example', 'X-CSRF-Token': csrf })).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/json', Origin: origin() })).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin(), 'X-CSRF-Token': csrf }, 'name=t1&urls=x')).status).toBe(415);
    // A GET cannot change anything: the control routes answer POST only.
    expect((await send(`${ui.url}api/tasks/t1/stop`)).status).toBe(404);
  });

  it('a same-origin POST with the CSRF value is answered, and bad input gets the CLI validator\'s one-line message', async () => {
    const r = await post({ 'Content-Type': 'application/json', Origin: origin(), 'X-CSRF-Token': csrf });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toMatch(/ftp:\/\/files.example/);
  });

  it('refuses a Host that is not this machine (DNS rebinding)', async () => {
    const r = await send(`${ui.url}api/tasks`, { headers: { Host: 'attacker.example:80' } });
    expect(r.status).toBe(403);
  });
});
