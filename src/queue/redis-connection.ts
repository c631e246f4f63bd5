/**
 * ioredis connections for crawl workers. Two behaviours matter:
 * - at start, an unreachable Redis is a clear one-line error (not an endless retry loop);
 * - once running, a Redis restart makes commands wait and go on (`maxRetriesPerRequest: null`,
 *   offline queue on): workers pause instead of failing pages.
 */
import { Redis } from 'ioredis';

export interface ConnectOptions {
  /** How long the first PING may take before we give up. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Connection name shown by CLIENT LIST. */
  name?: string;
}

/** Hides the password of a redis:// URL for messages. */
export function redactRedisUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, '//***@');
}

/** Opens a connection and checks it with PING; throws `Redis unreachable at <url>: <cause>`. */
export async function connectRedis(url: string, opts: ConnectOptions = {}): Promise<Redis> {
  const timeout = opts.connectTimeoutMs ?? 5000;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    connectionName: opts.name,
    // Reconnect quickly after a restart, never slower than once a second.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  let lastError = '';
  const onError = (err: Error) => (lastError = err.message);
  redis.on('error', onError);
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error(lastError || `no answer within ${timeout} ms`)), timeout).unref()),
    ]);
  } catch (err) {
    redis.disconnect();
    const cause = lastError || (err instanceof Error ? err.message : String(err));
    throw new Error(`Redis unreachable at ${redactRedisUrl(url)}: ${cause} (start redis-server or fix REDIS_URL)`);
  }
  // Keep swallowing connection errors while ioredis reconnects; they would crash the process otherwise.
  return redis;
}
