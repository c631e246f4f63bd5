/** Tests start a real redis-server through this helper (implementation shared with `bloom-test`). */
import { afterAll, beforeAll } from 'vitest';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServerHandle, type RedisServerOptions } from '../../src/queue/local-redis-server';

export { startRedisServer, type RedisServerHandle, type RedisServerOptions };

/** A redis-server of the enclosing suite, with one client connected to it. */
export interface SuiteRedis {
  readonly server: RedisServerHandle;
  readonly client: Redis;
}

/**
 * Starts a real redis-server before the enclosing suite (or file) and connects one client; both
 * are closed after it. Read `server`/`client` inside hooks and tests only: before `beforeAll`
 * has run they do not exist yet.
 */
export function useRedisServer(options?: RedisServerOptions): SuiteRedis {
  let server: RedisServerHandle | undefined;
  let client: Redis | undefined;
  beforeAll(async () => {
    server = await startRedisServer(options);
    client = new Redis(server.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useRedisServer: read server/client inside a hook or test, after beforeAll');
    return value;
  };
  return {
    get server() { return started(server); },
    get client() { return started(client); },
  };
}
