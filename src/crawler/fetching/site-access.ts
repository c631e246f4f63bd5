import { Session, type SessionOptions, type SessionPool, type SessionPoolOptions } from 'crawlee';
import type { AccessSettings } from '../crawl-options';
import type { CrawlStats } from '../results/progress';
import { cookieOrigin, type FileCookie } from './cookies-file';
import { HostBackoff } from './host-backoff';
import { HttpIdentity } from './identity';
import { ProxyRotation } from './proxies';
import { ProxyAgent } from 'undici';
import { routeRobotsThrough } from '../links/robots';

/**
 * Sessions rotated at once: as many as pages in flight (2 to 20). A session is reused from the
 * start (Crawlee's pool creates a new one on every request until it is full), so a shop sees a
 * few returning visitors with their cookies, not a new cookie-less visitor per page.
 */
export function sessionPoolSize(concurrency: number): number {
  return Math.min(20, Math.max(2, concurrency));
}
/** Pages one session fetches before it is replaced (HTTP mode; a browser keeps its session while it lives). */
const SESSION_MAX_PAGES = 50;

/**
 * How this process meets sites that push back, shared by both engines: Crawlee's SessionPool
 * (cookies per session, a blocked session retired, bounded size, seeded with --cookies),
 * the proxy rotation, HTTP-mode identity per session, and per-host back-off on blocks.
 * Nothing here is a task setting: proxies, cookies and the user agent stay in this process.
 */
export class SiteAccess {
  readonly proxies: ProxyRotation;
  readonly identity: HttpIdentity;
  readonly backoff: HostBackoff;

  constructor(
    readonly settings: AccessSettings,
    hostDelayMs: number,
    private readonly stats: CrawlStats,
    log: (message: string) => void = () => undefined,
  ) {
    this.proxies = new ProxyRotation(settings.proxyUrls, { directFirst: settings.directFirst });
    this.proxies.onRested = (proxy, failures) => log(`proxy ${proxy} rested after ${failures} failures`);
    this.identity = new HttpIdentity({ userAgent: settings.userAgent, hostLocales: new Map(Object.entries(settings.hostLocales ?? {})) });
    this.backoff = new HostBackoff(hostDelayMs, stats.hostsSlowed);
    if (this.proxies.size > 0) {
      stats.proxyReport = () => this.proxies.report();
      const agents = new Map<string, ProxyAgent>();
      routeRobotsThrough((origin) => {
        const url = this.proxies.urlFor(undefined, new URL(origin).host);
        if (!url) return undefined;
        let agent = agents.get(url);
        if (!agent) agents.set(url, (agent = new ProxyAgent({ uri: url, proxyTunnel: false })));
        return agent;
      });
    }
  }

  /**
   * Crawlee SessionPool options. Not persisted: the pool's state holds cookies (maybe a login
   * from --cookies), which must never land in the task's folder.
   */
  sessionPoolOptions(browser: boolean, concurrency: number): SessionPoolOptions {
    const cookies = this.settings.cookies;
    return {
      maxPoolSize: sessionPoolSize(concurrency),
      // Blocks are ours to judge (see block-detect): a 403 without a marker on a page is not always a ban.
      blockedStatusCodes: [],
      persistenceOptions: { enable: false },
      sessionOptions: { maxUsageCount: browser ? Number.MAX_SAFE_INTEGER : SESSION_MAX_PAGES, maxErrorScore: 3 },
      createSessionFunction: (pool: SessionPool, options?: { sessionOptions?: SessionOptions }) => {
        const session = new Session({ ...(options?.sessionOptions ?? {}), maxUsageCount: browser ? Number.MAX_SAFE_INTEGER : SESSION_MAX_PAGES, maxErrorScore: 3, sessionPool: pool });
        seedCookies(session, cookies);
        return session;
      },
    };
  }

  /**
   * A page answered with a block: the session is retired (its cookies and proxy with it), the
   * host slowed down (and its Retry-After honoured). The error returned makes the page's next
   * attempt (one of its --retries) run in another session; a page blocked on every attempt
   * fails with reason `blocked` and the marker.
   */
  blocked(session: Session | undefined, host: string, marker: string, retryAfterMs: number | null): Error {
    this.backoff.blocked(host, retryAfterMs);
    this.proxies.hostBlocked(host);
    if (session) {
      session.retire();
      this.stats.sessionsRetired++;
    }
    // Not a SessionError: Crawlee would rotate up to 10 sessions without counting retries, slowing
    // the host at each one, for a page that may be blocked for good.
    return new Error(`blocked: ${marker}`);
  }

  /**
   * A 429/503 answer's Retry-After, noted the moment the answer arrives: in browser mode the host's
   * slot is released before the page is read and judged, and the page waiting for the slot must not
   * start inside the Retry-After.
   */
  retryAfter(host: string, status: number, retryAfterMs: number | null): void {
    if ((status === 429 || status === 503) && retryAfterMs !== null) this.backoff.holdOff(host, retryAfterMs);
  }

  /** A page of `host` was answered normally: its pace can recover. */
  answered(host: string): void {
    this.backoff.answered(host);
  }
}

function seedCookies(session: Session, cookies: readonly FileCookie[]): void {
  for (const c of cookies) session.setCookies([c], cookieOrigin(c));
}
