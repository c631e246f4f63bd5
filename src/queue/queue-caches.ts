import type { RequestQueue } from 'crawlee';

/**
 * Requests Crawlee's RequestQueue keeps in its LRU cache of requests it added or handed out.
 * Its own default is 2,000,000 entries (about 200 bytes each): a worker of a long Redis task
 * grew by that much with every request it saw. The queue reads a request it no longer caches
 * from its storage, so a smaller cache costs a lookup, never a request.
 */
export const REQUEST_CACHE_ENTRIES = 50_000;

/**
 * Slots of the queue's second cache, of every request it added (in Crawlee 3.18). Its own default
 * is 1,000,000: 16 MB of arrays at once, and then the unique key and id of every request ever
 * added (about 100 bytes each), kept for the rest of the crawl. It only spares re-sending a
 * request already added; our links reach the queue after the task's Bloom filter (local) or the
 * Redis queue dedups them itself, so a miss just sends a request the queue then recognises.
 */
export const SEEN_CACHE_SLOTS = 4_096;

interface CrawleeQueueCaches {
  requestCache?: { maxLength: number };
  requestSeenCache?: { constructor: new (size: number) => unknown };
}

/**
 * Caps the per-request caches Crawlee's RequestQueue keeps in memory (see the constants): with
 * its defaults they grow with every request of the crawl.
 */
export function boundQueueCaches(queue: RequestQueue): void {
  const q = queue as unknown as CrawleeQueueCaches;
  if (q.requestCache) q.requestCache.maxLength = REQUEST_CACHE_ENTRIES;
  // A cache of the same class, with fewer slots (the class is not exported by Crawlee).
  if (q.requestSeenCache) q.requestSeenCache = new q.requestSeenCache.constructor(SEEN_CACHE_SLOTS) as CrawleeQueueCaches['requestSeenCache'];
}
