import type { Command } from 'commander';
import { MemoryBloom, taskBloomPath, type BloomInfo } from '../../dedup/bloom-memory';
import { RedisBloom } from '../../dedup/bloom-redis';
import { queuePrefix } from '../../dedup/redis-keys';
import { appConfig } from '../../config/config';
import { formatOption, taskName } from '../parse-options';
import { connectRedis, redactRedisUrl } from '../../queue/redis-connection';
import { UsageError } from '../usage-error';

/** `bloom-info --task <name>`: size, k, fill ratio, estimated items and current FP of a task's filter. */

function lines(info: BloomInfo, extra: Record<string, string | number>): string {
  const s = info.sizing;
  const rows: Record<string, string | number> = {
    ...extra,
    'design n': s.n,
    'design p': s.p,
    'bits (m)': s.m,
    'hashes (k)': s.k,
    blocks: `${s.blocks} x ${s.blockBits} bits`,
    hash: s.hash,
    'bitmap bytes': info.bytes,
    'bits set': info.bitsSet,
    'fill ratio': info.fillRatio.toFixed(6),
    'estimated items': Math.round(info.estimatedItems),
    'current fp estimate': info.currentFp.toExponential(3),
    'fp at design n': info.designFp.toExponential(3),
  };
  return Object.entries(rows).map(([k, v]) => `${k}: ${v}`).join('\n') + '\n';
}

export function register(program: Command): void {
  program
    .command('bloom-info')
    .description('Show a task\'s URL Bloom filter: size, k, fill ratio, estimated items, current false-positive estimate (Redis when REDIS_URL is set, else data/tasks/<task>/bloom.bin).')
    .requiredOption('--task <name>', 'task name', taskName)
    .option('--data-dir <dir>', 'data directory of the embedded mode (default $CRAWLER_DATA_DIR, else ./data)')
    .option(...formatOption(['text', 'json'] as const, 'text'))
    .action(async (opts: { task: string; dataDir?: string; format: 'text' | 'json' }) => {
      const url = process.env.REDIS_URL;
      if (url) {
        const redis = await connectRedis(url, { name: 'bloom-info' });
        try {
          const bloom = await RedisBloom.openExisting(redis, opts.task);
          if (!bloom) throw new UsageError(`task "${opts.task}" has no Bloom filter in Redis at ${redactRedisUrl(url)}`);
          const info = await bloom.info();
          const P = queuePrefix(opts.task);
          const meta = await redis.hgetall(`${P}meta`);
          const queue = {
            'queue total': Number(meta.total ?? 0),
            'queue handled': Number(meta.handled ?? 0),
            'queue locked now': await redis.zcard(`${P}locks`),
            'hosts with pending URLs': await redis.zcard(`${P}hosts`),
            'malformed links skipped': Number(meta.malformed ?? 0),
            'expired locks re-served': Number(meta.expiredLocks ?? 0),
          };
          const extra = { source: `redis ${redactRedisUrl(url)}`, task: opts.task, 'redis memory (MEMORY USAGE)': info.memoryUsage, ...queue };
          process.stdout.write(opts.format === 'json' ? `${JSON.stringify({ ...info, ...extra }, null, 2)}\n` : lines(info, extra));
        } finally {
          redis.disconnect();
        }
        return;
      }
      const path = taskBloomPath(opts.task, opts.dataDir ?? appConfig().dataDir);
      let bloom: MemoryBloom;
      try {
        bloom = await MemoryBloom.load(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new UsageError(`task "${opts.task}" has no saved Bloom filter at ${path} (and REDIS_URL is not set)`);
        }
        throw err;
      }
      const info = bloom.info();
      const extra = { source: path, task: opts.task };
      process.stdout.write(opts.format === 'json' ? `${JSON.stringify({ ...info, ...extra }, null, 2)}\n` : lines(info, extra));
    });
}
