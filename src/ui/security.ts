import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Hosts only this machine can reach: the dashboard may run there without a token. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** A token shorter than this is guessable over a network. */
export const MIN_TOKEN_LENGTH = 16;
export const COOKIE = 'shopnews_ui';

/**
 * The token rule at start-up: any non-loopback --host needs one, and a given token must be long
 * enough. Returns a one-line problem (a usage error), or null when the settings are fine.
 */
export function tokenProblem(host: string, token: string | null): string | null {
  if (token !== null && token.length < MIN_TOKEN_LENGTH) return `--token (or UI_TOKEN) must be at least ${MIN_TOKEN_LENGTH} characters, got ${token.length}`;
  if (!isLoopback(host) && token === null) {
    return `--host ${host} makes the dashboard reachable from other machines: give --token <secret of ${MIN_TOKEN_LENGTH}+ characters> or set UI_TOKEN (or use --host 127.0.0.1)`;
  }
  return null;
}

/** Constant-time comparison; hashing first makes the lengths equal (timingSafeEqual needs that). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

export function bearer(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

/**
 * Response headers of every answer. The page runs only the module files this server serves
 * ('self') and the one import map, allowed by its hash; no inline script or style, no plugin,
 * no framing, no other origin (crawled images are not loaded: they would tell a shop who looks).
 */
export function securityHeaders(importMapHash: string): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      `script-src 'self' 'sha256-${importMapHash}'`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

export interface GuardOptions {
  /** Required on every request when set. */
  token: string | null;
  /** The address the server listens on, for the Host check. */
  host: string;
}

export type GuardResult =
  | { ok: true }
  | { ok: false; status: number; message: string }
  /** A `?token=` link: the cookie is set and the browser sent on to the same page without it. */
  | { ok: false; status: 302; location: string; cookie: string };

/**
 * Checks a request before anything else runs:
 * - Host must name this server when it listens on loopback (a DNS-rebinding page cannot reach it);
 * - the token, when there is one, by `Authorization: Bearer`, the cookie, or a one-time `?token=`
 *   link on a GET that sets the cookie (HttpOnly, SameSite=Strict) and drops the token from the URL;
 * - state-changing requests are POST with a JSON body, from this origin (Origin header), carrying
 *   the page's CSRF value: a crawled page's link or form cannot trigger them.
 */
export function guard(req: IncomingMessage, url: URL, opts: GuardOptions, csrf: string): GuardResult {
  const hostHeader = req.headers.host ?? '';
  if (isLoopback(opts.host)) {
    const name = hostHeader.replace(/:\d+$/, '');
    if (!isLoopback(name)) return { ok: false, status: 403, message: `Host "${hostHeader}" is not this dashboard` };
  }
  let viaBearer = false;
  if (opts.token !== null) {
    const auth = bearer(req);
    viaBearer = auth !== null && sameSecret(auth, opts.token);
    const given = auth ?? cookieValue(req, COOKIE);
    const fromLink = url.searchParams.get('token');
    if (fromLink !== null && req.method === 'GET' && sameSecret(fromLink, opts.token)) {
      url.searchParams.delete('token');
      const location = url.pathname + (url.search || '');
      return { ok: false, status: 302, location, cookie: `${COOKIE}=${encodeURIComponent(opts.token)}; HttpOnly; SameSite=Strict; Path=/` };
    }
    if (given === null || !sameSecret(given, opts.token)) {
      return { ok: false, status: 401, message: 'this dashboard needs its token: open the link printed at start-up (…/?token=…) or send Authorization: Bearer <token>' };
    }
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (req.method !== 'POST') return { ok: false, status: 405, message: 'only GET and POST are answered' };
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${hostHeader}`) return { ok: false, status: 403, message: `cross-origin POST from ${origin} refused` };
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return { ok: false, status: 415, message: 'POST bodies must be application/json' };
    // A Bearer token cannot be sent by another site's page: scripts using the API need no CSRF value.
    const sent = req.headers['x-csrf-token'];
    if (!viaBearer && (typeof sent !== 'string' || !sameSecret(sent, csrf))) return { ok: false, status: 403, message: 'missing or wrong X-CSRF-Token (reload the page)' };
  }
  return { ok: true };
}

export const newCsrfSecret = (): string => randomBytes(24).toString('base64url');

export function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${message}\n`);
}
