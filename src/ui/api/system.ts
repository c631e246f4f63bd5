import { MemoryBloom, taskBloomPath, type BloomInfo } from '../../dedup/bloom-memory';
import { RedisBloom } from '../../dedup/bloom-redis';
import { connectRedis, redactRedisUrl } from '../../queue/redis-connection';
import { appConfig } from '../../config/config';
import { taskStatus } from '../../schedule/task-control';
import type { ApiContext } from './context';

interface BloomView {
  task: string;
  source: string;
  fillRatio: number;
  estimatedItems: number;
  currentFp: number;
  designFp: number;
  designN: number;
  bytes: number;
}

const view = (task: string, source: string, i: BloomInfo): BloomView => ({
  task, source, fillRatio: i.fillRatio, estimatedItems: i.estimatedItems, currentFp: i.currentFp, designFp: i.designFp, designN: i.sizing.n, bytes: i.bytes,
});

/** Each task's URL Bloom filter, read as `bloom-info` reads it: from Redis when REDIS_URL is set, else the task folder's bloom.bin. */
async function blooms(tasks: string[], dataDir: string): Promise<{ source: string; filters: BloomView[]; error: string | null }> {
  const url = appConfig().redisUrl;
  const filters: BloomView[] = [];
  if (url) {
    const where = redactRedisUrl(url);
    let redis;
    try {
      redis = await connectRedis(url, { name: 'ui' });
    } catch (err) {
      return { source: `redis ${where}`, filters, error: `Redis at ${where} cannot be reached: ${(err as Error).message}` };
    }
    try {
      for (const task of tasks) {
        const b = await RedisBloom.openExisting(redis, task);
        if (b) filters.push(view(task, `redis ${where}`, await b.info()));
      }
    } finally {
      redis.disconnect();
    }
    return { source: `redis ${where}`, filters, error: null };
  }
  for (const task of tasks) {
    const path = taskBloomPath(task, dataDir);
    try {
      filters.push(view(task, path, (await MemoryBloom.load(path)).info()));
    } catch {
      /* the task never ran on this machine */
    }
  }
  return { source: 'task folders (REDIS_URL is not set)', filters, error: null };
}

/** GET /api/system: the store, every worker process (lost ones named as `task status` names them) and the Bloom filters. */
export async function systemView(ctx: ApiContext) {
  const tasks = await ctx.repo.listTasks();
  const now = new Date();
  const workers = [];
  for (const t of tasks) {
    const s = await taskStatus(ctx.repo, t.name, now);
    for (const w of s.workers) workers.push({ task: t.name, ...w });
  }
  workers.sort((a, b) => b.lastHeartbeatAt.getTime() - a.lastHeartbeatAt.getTime());
  return {
    store: { backend: ctx.repo.backend, where: ctx.repo.describe() },
    redis: appConfig().redisUrl ? redactRedisUrl(appConfig().redisUrl!) : null,
    workers,
    bloom: await blooms(tasks.map((t) => t.name), ctx.dataDir),
  };
}
