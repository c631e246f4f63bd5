import type { Redis } from 'ioredis';
import type { PageType } from '../../../extractors/types';
import { connectRedis } from '../../queue/redis-connection';

/**
 * What an HTTP-mode crawl keeps of a page to re-crawl it with a conditional request: the
 * validators the server sent (ETag, Last-Modified), and what a 304 answer must still give the
 * crawl without re-reading the page: its type and its outgoing links.
 *
 * Why the links: a 304 page is not downloaded, yet a re-crawl must still follow it to pages
 * that did change or are new (a category whose HTML is unchanged still leads to products).
 * Keeping the previous run's link list is cheaper than giving up validators on every page that
 * has links (nearly all of them), and it is exactly what re-reading the unchanged page would give.
 */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
  pageType: PageType;
  /** The page's hrefs as found, and the URL they are relative to. */
  base: string;
  links: string[];
}

export interface ValidatorStore {
  get(url: string): Promise<PageValidators | null>;
  set(url: string, v: PageValidators): Promise<void>;
  close(): Promise<void>;
}

/** Request headers that make the server answer 304 when the page is as it was. */
export function conditionalHeaders(v: PageValidators | null): Record<string, string> {
  const h: Record<string, string> = {};
  if (v?.etag) h['if-none-match'] = v.etag;
  if (v?.lastModified) h['if-modified-since'] = v.lastModified;
  return h;
}

/**
 * Shared mode: one Redis hash per task, so every worker revalidates what any worker fetched.
 * Its key is outside the task's prefix, which a fresh run drops with the queue and filter.
 */
export class RedisValidatorStore implements ValidatorStore {
  private constructor(private readonly redis: Redis, private readonly key: string) {}

  static async open(redisUrl: string, task: string): Promise<RedisValidatorStore> {
    const redis = await connectRedis(redisUrl, { name: `crawler:${task}:validators:${process.pid}` });
    return new RedisValidatorStore(redis, `sn:validators:{${task}}`);
  }

  async get(url: string): Promise<PageValidators | null> {
    const raw = await this.redis.hget(this.key, url);
    return raw ? (JSON.parse(raw) as PageValidators) : null;
  }

  async set(url: string, v: PageValidators): Promise<void> {
    await this.redis.hset(this.key, url, JSON.stringify(v));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
