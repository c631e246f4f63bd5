import { RobotsTxtFile } from '@crawlee/utils';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { USER_AGENT } from '../fetching/http-fetch';
import { PRODUCT_TOKEN } from '../fetching/identity';

/** Google reads at most 500 KiB of a robots.txt; the rest is ignored (an endless one cannot exhaust memory). */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** A robots.txt that takes longer than this (headers and body) is treated as unreachable. */
const ROBOTS_TIMEOUT_MS = 10_000;
/** After a 5xx robots.txt the site is disallowed for this long, then robots.txt is fetched again. */
const SERVER_ERROR_RETRY_MS = 60_000;

type Robots = { file: RobotsTxtFile | null; disallowAll: boolean; expiresAt: number };

/**
 * With proxies configured robots.txt is fetched through them too (the site must not see this
 * machine's own address): the crawl's fetching side sets the route (see fetching/site-access).
 */
let robotsDispatcher: ((origin: string) => Dispatcher | undefined) | null = null;

export function routeRobotsThrough(route: ((origin: string) => Dispatcher | undefined) | null): void {
  robotsDispatcher = route;
}

/**
 * robots.txt per origin, fetched once per run (RFC 9309): a missing (4xx) or unreachable one
 * allows everything; a 5xx one disallows everything for now and is fetched again a minute later
 * (the server is failing, not saying "no rules"). Read with the crawler's own user agent, capped
 * in size and time.
 */
export class RobotsCache {
  private readonly files = new Map<string, Promise<Robots>>();

  /** Rules are matched against our product token: a group for "shopnews-crawler" wins over "*". */
  constructor(private readonly userAgent = PRODUCT_TOKEN) {}

  async isAllowed(url: URL): Promise<boolean> {
    const robots = await this.fileFor(url.origin);
    if (robots.disallowAll) return false;
    return robots.file ? robots.file.isAllowed(url.href, this.userAgent) : true;
  }

  private async fileFor(origin: string): Promise<Robots> {
    let p = this.files.get(origin);
    if (p && (await p).expiresAt <= Date.now()) p = undefined;
    if (!p) {
      p = fetchRobots(origin);
      this.files.set(origin, p);
    }
    return p;
  }
}

async function fetchRobots(origin: string): Promise<Robots> {
  const robotsUrl = `${origin}/robots.txt`;
  const allowAll: Robots = { file: null, disallowAll: false, expiresAt: Infinity };
  try {
    const dispatcher = robotsDispatcher?.(origin);
    const init = { signal: AbortSignal.timeout(ROBOTS_TIMEOUT_MS), redirect: 'follow' as const, headers: { 'user-agent': USER_AGENT } };
    const res = (dispatcher ? await undiciFetch(robotsUrl, { ...init, dispatcher }) : await fetch(robotsUrl, init)) as Response;
    if (res.status >= 500) {
      await res.body?.cancel().catch(() => undefined);
      return { file: null, disallowAll: true, expiresAt: Date.now() + SERVER_ERROR_RETRY_MS };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return allowAll;
    }
    return { file: RobotsTxtFile.from(robotsUrl, await readCapped(res, ROBOTS_MAX_BYTES)), disallowAll: false, expiresAt: Infinity };
  } catch {
    return allowAll;
  }
}

/** The first `max` bytes of a body as text; the rest is never read. */
async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  // Cut at the last full line so a rule is never read half.
  const text = Buffer.concat(chunks).subarray(0, max).toString('utf8');
  return size > max ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
}
