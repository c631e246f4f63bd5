import { Agent, ProxyAgent, request as undiciRequest, type Dispatcher } from 'undici';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FailureReason } from '../results/failures';
import { reasonedError } from '../results/page-steps';
import { blockBodyWorthReading } from './block-detect';
import { maskProxyUrl, maskSecretsIn } from './proxies';

export interface HttpFetchOptions {
  /** Whole request (connect, headers, body) in seconds. */
  timeoutSecs: number;
  /** Redirects followed before giving up with 'redirect-loop'. Default 10. */
  maxRedirects?: number;
  /** Bodies larger than this (after decompression) fail with 'too-large'. Default 12 MB. */
  maxBytes?: number;
  /** Open connections per origin. Default 16. */
  connectionsPerOrigin?: number;
}

export interface FetchedResponse {
  /** URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  /** The body for 2xx answers, and for blocking statuses (401/403/429/503: a challenge page); empty for others (not read). */
  body: Buffer;
  /** Retry-After of the answer (429/503), null when absent. */
  retryAfter: string | null;
  /** Validators for a later conditional request (null when the server sent none). */
  etag: string | null;
  lastModified: string | null;
}

export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

/** How one page is fetched: through which proxy, with which session's cookies (see site-access). */
export interface FetchRoute {
  /** Proxy URL, null/absent = direct. */
  proxyUrl?: string | null;
  /** The session's cookie jar: asked for each hop's Cookie header, given each hop's Set-Cookie. */
  cookies?: { header(url: string): string; store(url: string, setCookie: string[]): void };
}

/** A proxy could not carry the request (refused, reset, 407): the proxy's failure, not the site's. */
export class ProxyFailure extends Error {
  override name = 'ProxyFailure';
  constructor(readonly proxyUrl: string, detail: string) {
    super(`proxy ${maskProxyUrl(proxyUrl)} failed: ${maskSecretsIn(detail)}`);
  }
}

/** A challenge page is small; more than this of a blocking answer is not read. */
const BLOCK_BODY_BYTES = 256 * 1024;

/**
 * The HTTP mode's page fetcher: undici's `request` over one keep-alive Agent (much less
 * per-request work than `fetch`'s WHATWG streams), redirects followed by hand so a loop is
 * named as such, bodies capped while they stream, gzip/deflate/br decoded.
 */
export class HttpFetcher {
  private readonly agent: Agent;
  private readonly proxyAgents = new Map<string, ProxyAgent>();
  private readonly connections: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly maxBytes: number;

  constructor(opts: HttpFetchOptions) {
    this.timeoutMs = opts.timeoutSecs * 1000;
    this.maxRedirects = opts.maxRedirects ?? 10;
    this.maxBytes = opts.maxBytes ?? 12 * 1024 * 1024;
    this.connections = opts.connectionsPerOrigin ?? 16;
    this.agent = new Agent({
      connections: this.connections,
      keepAliveTimeout: 30_000,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      connect: { timeout: this.timeoutMs },
    });
  }

  /**
   * Fetches a page; throws an error with a `reason` for redirect loops, non-HTML, oversize,
   * timeouts and unreachable hosts. `headers` are added to every hop (If-None-Match /
   * If-Modified-Since of a re-crawl: a 304 comes back as status 304 with an empty body).
   * `checkHop` vets each redirect target before it is requested (it throws to refuse).
   * `route` picks the proxy and the session's cookies (default: direct, no cookies); a proxy
   * that cannot carry the request throws ProxyFailure. `accepted`: content types read (others
   * throw); replayed data requests accept JSON instead.
   */
  async fetch(url: string, headers: Record<string, string> = {}, checkHop?: (target: string, from: string) => Promise<void>, route: FetchRoute = {}, accepted: RegExp = /html|xml/i): Promise<FetchedResponse> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const visited = new Set<string>();
    let current = url;
    for (let hop = 0; ; hop++) {
      visited.add(current);
      const cookie = route.cookies?.header(current);
      const res = await this.send(current, signal, cookie ? { ...headers, cookie } : headers, route.proxyUrl ?? null);
      // An anti-bot cookie is often set on a redirect: every hop's cookies go to the session.
      const setCookie = res.headers['set-cookie'];
      if (route.cookies && setCookie) route.cookies.store(current, Array.isArray(setCookie) ? setCookie : [setCookie]);
      const location = header(res.headers, 'location');
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        await res.body.dump().catch(() => undefined);
        const target = new URL(location, current);
        // A redirect is a link the server chose: one to file:, data: or javascript: is never followed, nor retried.
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          throw reasonedError(`redirect to a ${target.protocol} URL: only http and https pages are crawled`, 'scheme');
        }
        const next = target.href;
        // Each hop passes the crawl's admission (scope, robots.txt) before it is requested.
        if (checkHop) await checkHop(next, current);
        if (visited.has(next) || hop >= this.maxRedirects) {
          throw reasonedError(`redirect loop: ${visited.has(next) ? `back to ${next}` : `more than ${this.maxRedirects} redirects`}`, 'redirect-loop');
        }
        current = next;
        continue;
      }
      const contentType = header(res.headers, 'content-type') ?? '';
      const etag = header(res.headers, 'etag') ?? null;
      const lastModified = header(res.headers, 'last-modified') ?? null;
      const retryAfter = header(res.headers, 'retry-after') ?? null;
      if (res.statusCode === 407 && route.proxyUrl) {
        await res.body.dump().catch(() => undefined);
        throw new ProxyFailure(route.proxyUrl, 'proxy authentication required (407)');
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        // A blocking answer's page says why (captcha, challenge): read a little of it.
        const body = blockBodyWorthReading(res.statusCode) ? await this.readBody(res, signal, BLOCK_BODY_BYTES).catch(() => Buffer.alloc(0)) : (await res.body.dump().catch(() => undefined), Buffer.alloc(0));
        return { url: current, status: res.statusCode, contentType, body, etag, lastModified, retryAfter };
      }
      if (contentType && !accepted.test(contentType)) {
        discard(res.body);
        if (accepted.source !== 'html|xml') throw reasonedError(`not ${accepted.source} (${contentType.split(';')[0]})`, 'non-html');
        throw reasonedError(`not an HTML page (${contentType.split(';')[0]})`, 'non-html');
      }
      const body = await this.readBody(res, signal);
      if (!contentType && looksBinary(body)) throw reasonedError('not an HTML page (binary content without a Content-Type)', 'non-html');
      return { url: current, status: res.statusCode, contentType, body, etag, lastModified, retryAfter };
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), ...[...this.proxyAgents.values()].map((a) => a.close().catch(() => undefined))]);
  }

  private async send(url: string, signal: AbortSignal, extra: Record<string, string>, proxyUrl: string | null): Promise<Dispatcher.ResponseData> {
    try {
      return await undiciRequest(url, { method: 'GET', headers: { ...HEADERS, ...extra }, dispatcher: proxyUrl ? this.proxyAgent(proxyUrl) : this.agent, signal });
    } catch (err) {
      const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
      // Through a proxy every connection is to the proxy: a refused or broken one, or a refused tunnel, is the proxy's failure.
      if (proxyUrl && e.name !== 'TimeoutError' && (/ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_SOCKS5|ERR_TLS/.test(e.code ?? e.cause?.code ?? '') || /Proxy response \(\d+\)|socks/i.test(e.message ?? ''))) {
        throw new ProxyFailure(proxyUrl, `${e.code ?? e.cause?.code ?? ''} ${e.message ?? ''}`.trim());
      }
      throw this.translate(err, url);
    }
  }

  /** One keep-alive ProxyAgent per proxy (http, https, socks5); plain-HTTP pages go as forwarded requests, not tunnels. */
  private proxyAgent(proxyUrl: string): ProxyAgent {
    let agent = this.proxyAgents.get(proxyUrl);
    if (!agent) {
      agent = new ProxyAgent({
        uri: proxyUrl,
        proxyTunnel: false,
        connections: this.connections,
        keepAliveTimeout: 30_000,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        connect: { timeout: this.timeoutMs },
      });
      this.proxyAgents.set(proxyUrl, agent);
    }
    return agent;
  }

  private async readBody(res: Dispatcher.ResponseData, signal: AbortSignal, limit = this.maxBytes): Promise<Buffer> {
    const declared = Number(header(res.headers, 'content-length'));
    if (declared > limit && limit === this.maxBytes) {
      discard(res.body);
      throw this.tooLarge(declared);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          discard(res.body);
          // A blocking answer's head is enough to find its marker.
          if (limit < this.maxBytes) break;
          throw this.tooLarge(size);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if ((err as { reason?: FailureReason }).reason) throw err;
      throw this.translate(signal.aborted ? signal.reason : err, '');
    }
    const raw = Buffer.concat(chunks);
    const encoding = (header(res.headers, 'content-encoding') ?? '').trim().toLowerCase();
    if (!encoding || encoding === 'identity') return raw;
    try {
      const limits = { maxOutputLength: this.maxBytes };
      if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(raw, limits);
      if (encoding === 'deflate') return inflateSync(raw, limits);
      if (encoding === 'br') return brotliDecompressSync(raw, limits);
    } catch (err) {
      if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw reasonedError(`page too large: over the ${mib(this.maxBytes)} limit once decompressed (${mib(raw.length)} ${encoding})`, 'too-large');
      }
      throw reasonedError(`cannot decode ${encoding} body: ${(err as Error).message}`);
    }
    return raw;
  }

  private tooLarge(bytes: number): Error {
    return reasonedError(`page too large: ${mib(bytes)}, over the ${mib(this.maxBytes)} limit`, 'too-large');
  }

  /** undici's error codes → the reasons a user filters failures by. */
  private translate(err: unknown, url: string): Error {
    const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code ?? '';
    const msg = e.message ?? String(err);
    if (e.name === 'TimeoutError' || /TIMEOUT/.test(code)) return reasonedError(`timeout after ${this.timeoutMs / 1000} s${url ? ` fetching ${url}` : ''}`, 'timeout');
    if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|UND_ERR_SOCKET/.test(code)) return reasonedError(`unreachable: ${code} ${msg}`, 'unreachable');
    return err instanceof Error ? err : new Error(msg);
  }
}

/** Undeclared bodies: a NUL byte near the start means an image, PDF, archive… never HTML text. */
function looksBinary(body: Buffer): boolean {
  const head = body.subarray(0, 1024);
  if (head[0] === 0xfe || head[0] === 0xff) return false; // UTF-16 byte-order marks have NULs after them
  return head.includes(0) || head.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** Drops a body not worth reading; the abort it causes is expected, not an error. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Sizes in one unit and precision, so a page over the limit never reads as under it ("12.6 MB, limit 13 MB"). */
function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(2).replace(/\.?0+$/, '')} MiB`;
}
