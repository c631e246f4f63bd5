import { ProxyConfiguration, type Request } from 'crawlee';

/** Schemes a proxy URL may have: undici's ProxyAgent (HTTP mode) and Chromium via proxy-chain (browser mode) take all of them. */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks:'] as const;

/** Failures in a row after which a proxy is rested. */
const REST_AFTER_FAILURES = 3;
/** How long a rested proxy is left out of the rotation (doubles each time it is rested again, capped at 10 min). */
const REST_MS = 60_000;

/**
 * Checks one proxy URL; throws a one-line error that names the problem and the valid forms,
 * with any password masked (the line ends up in a terminal or a log).
 */
export function checkProxyUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`invalid proxy URL "${maskSecretsIn(text)}": use scheme://[user:password@]host:port with scheme http, https or socks5`);
  }
  if (!(PROXY_SCHEMES as readonly string[]).includes(url.protocol)) {
    throw new Error(`invalid proxy URL "${maskProxyUrl(text)}": scheme ${url.protocol.replace(/:$/, '')} is not supported; use http, https or socks5`);
  }
  if (!url.hostname || !url.port) throw new Error(`invalid proxy URL "${maskProxyUrl(text)}": give the host and port (e.g. http://user:pass@10.0.0.1:8000)`);
  return url.protocol === 'socks:' ? text.replace(/^socks:/i, 'socks5:') : text;
}

/** A proxy URL as it may be shown: `http://user:***@host:port` (the password never printed). */
export function maskProxyUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const user = url.username ? `${decodeURIComponent(url.username)}${url.password ? ':***' : ''}@` : '';
    return `${url.protocol}//${user}${url.host}`;
  } catch {
    return maskSecretsIn(raw);
  }
}

/** Masks `user:password@` in any text (error messages that quote a proxy URL). */
export function maskSecretsIn(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:@/\s]*):[^@/\s]*@/gi, '$1:***@');
}

export interface ProxyReport {
  /** Masked URL. */
  proxy: string;
  requests: number;
  failures: number;
  /** Times it was taken out of the rotation after failing repeatedly. */
  rested: number;
  restedNow: boolean;
}

interface ProxyState {
  url: string;
  requests: number;
  failures: number;
  failuresInRow: number;
  rested: number;
  restedUntil: number;
}

export interface ProxyRotationOptions {
  /**
   * Crawlee's tiered proxies, two tiers: pages of a host go direct until it blocks, then
   * through the proxies. Default false: every page through a proxy.
   */
  directFirst?: boolean;
}

/**
 * The process's proxies (a process setting: each worker may have its own list). Built on
 * Crawlee's ProxyConfiguration, with what its tiered proxies lack: a proxy sticks to a session
 * (a session's cookies and its address go together; a retired session's successor gets the next
 * proxy), a proxy that fails repeatedly is rested, and the tier rises per host on blocks.
 */
export class ProxyRotation {
  private readonly proxies: ProxyState[];
  private readonly bySession = new Map<string, ProxyState>();
  /** Hosts that have blocked us: with directFirst, their pages go through proxies from then on. */
  private readonly raisedHosts = new Set<string>();
  private next = 0;
  /** Called once each time a proxy is rested (the engine logs it). */
  onRested: (proxy: string, failures: number) => void = () => undefined;

  constructor(
    urls: string[],
    private readonly opts: ProxyRotationOptions = {},
  ) {
    this.proxies = urls.map((url) => ({ url, requests: 0, failures: 0, failuresInRow: 0, rested: 0, restedUntil: 0 }));
  }

  get size(): number {
    return this.proxies.length;
  }

  /**
   * The proxy URL for a page of `host` in `sessionId`, or null to go direct (no proxies, or the
   * host has not blocked yet with directFirst). Counts the request.
   */
  urlFor(sessionId: string | undefined, host: string): string | null {
    if (this.proxies.length === 0) return null;
    if (this.opts.directFirst && !this.raisedHosts.has(host)) return null;
    const now = Date.now();
    let state = sessionId ? this.bySession.get(sessionId) : undefined;
    if (!state || state.restedUntil > now) {
      state = this.pick(now);
      if (sessionId) this.bySession.set(sessionId, state);
    }
    state.requests++;
    return state.url;
  }

  /** A host answered with a block: with directFirst its next pages go through proxies. */
  hostBlocked(host: string): void {
    this.raisedHosts.add(host);
  }

  /** The proxy carried a page (whatever the site answered). */
  succeeded(url: string | null | undefined): void {
    const s = this.find(url);
    if (s) s.failuresInRow = 0;
  }

  /** The proxy could not carry a page (refused, reset, auth, timeout): rested after a few in a row. */
  failed(url: string | null | undefined): void {
    const s = this.find(url);
    if (!s) return;
    s.failures++;
    s.failuresInRow++;
    if (s.failuresInRow >= REST_AFTER_FAILURES) {
      s.rested++;
      s.failuresInRow = 0;
      s.restedUntil = Date.now() + Math.min(REST_MS * 2 ** (s.rested - 1), 600_000);
      for (const [id, st] of this.bySession) if (st === s) this.bySession.delete(id);
      this.onRested(maskProxyUrl(s.url), s.failures);
    }
  }

  report(): ProxyReport[] {
    const now = Date.now();
    return this.proxies.map((s) => ({ proxy: maskProxyUrl(s.url), requests: s.requests, failures: s.failures, rested: s.rested, restedNow: s.restedUntil > now }));
  }

  /** Crawlee's ProxyConfiguration over this rotation (the browser engine hands it to PlaywrightCrawler). */
  configuration(): ProxyConfiguration {
    return new ProxyConfiguration({
      // Asked without a request when a browser is launched: that one goes direct, each page's context has its own proxy.
      newUrlFunction: (sessionId: string | number, options?: { request?: Request }) =>
        options?.request ? this.urlFor(sessionId === undefined ? undefined : String(sessionId), new URL(options.request.url).host) : null,
    });
  }

  /** Round robin over the proxies not resting; when all rest, the one whose rest ends first. */
  private pick(now: number): ProxyState {
    for (let i = 0; i < this.proxies.length; i++) {
      const s = this.proxies[(this.next + i) % this.proxies.length]!;
      if (s.restedUntil <= now) {
        this.next = (this.next + i + 1) % this.proxies.length;
        return s;
      }
    }
    return this.proxies.reduce((a, b) => (b.restedUntil < a.restedUntil ? b : a));
  }

  private find(url: string | null | undefined): ProxyState | undefined {
    return url ? this.proxies.find((s) => s.url === url) : undefined;
  }
}
