/** Tests start a real redis-server through this helper (implementation shared with `bloom-test`). */
export { startRedisServer, type RedisServerHandle, type RedisServerOptions } from '../../src/queue/local-redis-server';
