import type { Command } from 'commander';
import { formatOption } from '../parse-options';
import { formatBloomExperiment, runBloomExperiment } from '../../dedup/bloom-experiment';
import { startRedisServer } from '../../queue/local-redis-server';
import { connectRedis, redactRedisUrl } from '../../queue/redis-connection';
import { UsageError } from '../usage-error';

/** `bloom-test --n 1000000 --p 0.001`: the design's seed experiment against Redis. */

function numberOption(name: string, ok: (v: number) => boolean, valid: string) {
  return (raw: string): number => {
    const v = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(v) || !ok(v)) throw new UsageError(`--${name} must be ${valid}, got "${raw}"`);
    return v;
  };
}

export function register(program: Command): void {
  program
    .command('bloom-test')
    .description('Insert n random URLs into a Redis Bloom filter, probe n others: measured vs theoretical false positives, Redis memory vs a SET of SHA-1 fingerprints, adds per second. Uses REDIS_URL, else a temporary redis-server.')
    .option('--n <count>', 'URLs to insert (and to probe)', numberOption('n', (v) => Number.isInteger(v) && v >= 1000 && v <= 1e9, 'an integer from 1000 to 1e9'), 1_000_000)
    .option('--p <rate>', 'target false-positive rate', numberOption('p', (v) => v > 0 && v < 1, 'a number between 0 and 1 (exclusive)'), 0.001)
    .option(...formatOption(['text', 'json'] as const, 'text'))
    .action(async (opts: { n: number; p: number; format: 'text' | 'json' }) => {
      const url = process.env.REDIS_URL;
      const server = url ? undefined : await startRedisServer();
      if (server) process.stderr.write(`REDIS_URL not set: started a temporary redis-server at ${server.url}\n`);
      else process.stderr.write(`using Redis at ${redactRedisUrl(url!)} (the test keys are deleted afterwards)\n`);
      const redis = await connectRedis(url ?? server!.url, { name: 'bloom-test' });
      try {
        const r = await runBloomExperiment({ redis, n: opts.n, p: opts.p, log: (m) => process.stderr.write(`${m}\n`) });
        process.stdout.write(opts.format === 'json' ? `${JSON.stringify(r, null, 2)}\n` : `${formatBloomExperiment(r)}\n`);
      } finally {
        redis.disconnect();
        await server?.stop();
      }
    });
}
