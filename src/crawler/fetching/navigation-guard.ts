import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { CDPSession, Page } from 'playwright';
import { reasonedError } from '../results/page-steps';

/** Vets a redirect hop like a link (scope, robots.txt, scheme); throws a reasoned error to refuse. */
export interface HopCheck {
  checkRedirect(target: string, from: string): Promise<void>;
}

interface PausedRequest {
  requestId: string;
  request: { url: string };
  frameId: string;
  resourceType: string;
}

/**
 * Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local addresses: what
 * a crawl of a public site has no business requesting (server-side request forgery).
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = ip.toLowerCase().replace(/^\[|\]$/g, '');
  return v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/**
 * The browser's side of link admission, on every page the crawler drives (Chrome DevTools'
 * Fetch domain, which, unlike Playwright's routes, also pauses each redirect hop):
 *
 * - every main-frame document request after the page's own URL (an HTTP redirect hop, a
 *   script's `location =`, a meta refresh) passes the same checks as a link (scope,
 *   robots.txt, scheme) before it is sent; a refused one is aborted and remembered as the
 *   page's failure reason if it was part of loading the page;
 * - when the task's own hosts are public, any request (subresources too) to a private or
 *   loopback address outside the scope is aborted: a public page cannot make the crawler
 *   reach into its own network. Crawls of private or loopback sites are not restricted.
 */
export class NavigationGuard {
  private readonly attached = new WeakSet<Page>();
  /** The URL each page is loading (set before navigation, moved along allowed hops). */
  private readonly current = new WeakMap<Page, string>();
  private readonly refusals = new WeakMap<Page, Error>();
  /** Pages still loading the URL they were given: a refusal then is the page's failure. */
  private readonly loading = new WeakSet<Page>();
  private readonly privateHosts = new Map<string, Promise<boolean>>();
  private publicTask: Promise<boolean> | null = null;

  constructor(
    private readonly hops: HopCheck,
    private readonly startUrls: string[],
    private readonly inScope: (url: URL) => boolean,
  ) {}

  /** Starts vetting the page's requests (once per page). */
  async attach(page: Page): Promise<void> {
    if (this.attached.has(page)) return;
    this.attached.add(page);
    const session = await page.context().newCDPSession(page);
    const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const mainFrame = frameTree.frame.id;
    const everything = await this.isPublicTask();
    session.on('Fetch.requestPaused', (e: PausedRequest) => void this.vet(page, session, mainFrame, everything, e));
    // A crawl of a private site only vets documents: subresources then cost nothing extra.
    await session.send('Fetch.enable', { patterns: everything ? [{ urlPattern: '*', requestStage: 'Request' }] : [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
  }

  /** The page is about to load `url` (already admitted as a link). */
  expect(page: Page, url: string): void {
    this.current.set(page, withoutHash(url));
    this.refusals.delete(page);
    this.loading.add(page);
  }

  /** The page has loaded: a navigation its scripts try from now on is refused, the page itself stays. */
  loaded(page: Page): void {
    this.loading.delete(page);
  }

  /** Why the page's last load was cut short by the guard, if it was. */
  refusal(page: Page | undefined): Error | null {
    return (page && this.refusals.get(page)) ?? null;
  }

  private async vet(page: Page, session: CDPSession, mainFrame: string, everything: boolean, e: PausedRequest): Promise<void> {
    const url = e.request.url;
    const main = e.resourceType === 'Document' && e.frameId === mainFrame;
    let refused: Error | null = null;
    try {
      const from = this.current.get(page);
      if (main && from !== undefined && withoutHash(url) !== from) await this.hops.checkRedirect(url, from);
      if (everything) await this.checkAddress(url);
    } catch (err) {
      refused = err as Error;
    }
    if (refused) {
      // 'Aborted' leaves the current document as it is (no error page replaces it).
      await session.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'Aborted' }).catch(() => undefined);
      if (main && this.loading.has(page)) {
        this.refusals.set(page, refused);
        // The page's load cannot end well (a script or meta refresh cut it short, and the
        // browser would wait out the whole timeout): the tab is closed and the page fails now,
        // with the refusal as its reason.
        await page.close().catch(() => undefined);
      }
      return;
    }
    if (main) this.current.set(page, withoutHash(url));
    await session.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined);
  }

  private async checkAddress(url: string): Promise<void> {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'ws:' && u.protocol !== 'wss:') return;
    if (this.inScope(u)) return;
    if (await this.isPrivateHost(u.hostname)) throw reasonedError(`request to ${u.host} refused: a private or loopback address outside the crawl's scope`, 'private-address');
  }

  /** True when every start host is public (names that do not resolve count as public). */
  private isPublicTask(): Promise<boolean> {
    this.publicTask ??= Promise.all(this.startUrls.map((s) => this.isPrivateHost(new URL(s).hostname))).then((p) => !p.some(Boolean));
    return this.publicTask;
  }

  private isPrivateHost(hostname: string): Promise<boolean> {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    let p = this.privateHosts.get(host);
    if (!p) {
      p = isIP(host)
        ? Promise.resolve(isPrivateAddress(host))
        : host === 'localhost' || host.endsWith('.localhost')
          ? Promise.resolve(true)
          : lookup(host, { all: true }).then((addrs) => addrs.some((a) => isPrivateAddress(a.address)), () => false);
      this.privateHosts.set(host, p);
    }
    return p;
  }
}

function withoutHash(url: string): string {
  const i = url.indexOf('#');
  return i === -1 ? url : url.slice(0, i);
}
