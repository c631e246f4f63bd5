import { join } from 'node:path';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Configuration, RequestQueue } from 'crawlee';
import { MemoryStorage } from '@crawlee/memory-storage';
import { MemoryBloom } from '../../dedup/bloom-memory';
import { LocalPageBudget } from '../page-budget';
import { readTaskState, writeTaskState, resetTaskRunState } from '../task-state';
import { UsageError } from '../../cli/usage-error';
import { CRAWLEE_BASE, settingsDiff, type TaskBackend, type TaskSettings } from './task-backend';

/**
 * Crawlee's file-backed queue stores a request's lock as a future `orderNo`; a stopped run's
 * in-flight requests would wait out their lock (a minute) before a resumed run could take
 * them. Unlocked here, at the head of the queue (they were the head when the run stopped).
 */
function releaseStaleLocks(queueDir: string): void {
  if (!existsSync(queueDir)) return;
  const now = Date.now();
  for (const name of readdirSync(queueDir)) {
    if (!name.endsWith('.json')) continue;
    const file = join(queueDir, name);
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8')) as { orderNo?: number | null };
      if (typeof entry.orderNo !== 'number' || Math.abs(entry.orderNo) <= now) continue;
      entry.orderNo = Math.sign(entry.orderNo);
      writeFileSync(file, JSON.stringify(entry, null, '\t'));
    } catch {
      // An unreadable entry is Crawlee's to report when it loads the queue.
    }
  }
}

/** Embedded default: Crawlee's file-backed queue and an in-process Bloom filter in the task folder. */
export async function openLocalBackend(dir: string, task: string, settings: TaskSettings, resume: boolean): Promise<TaskBackend & { settings: TaskSettings }> {
  const previous = readTaskState(dir);
  if (resume) {
    if (!previous) throw new UsageError(`nothing to resume: task "${task}" has no saved state in ${dir}; run it without --resume first`);
    const diff = settingsDiff(previous.settings as unknown as TaskSettings, settings);
    if (diff.length) throw new UsageError(`--resume with different settings: ${diff.join('; ')}`);
    if (settings.startUrls.length === 0) settings = { ...settings, startUrls: previous.startUrls };
  } else {
    resetTaskRunState(dir);
  }
  mkdirSync(dir, { recursive: true });
  // The local queue belongs to this one process: locks left by a run that stopped are stale.
  if (resume) releaseStaleLocks(join(dir, 'crawlee', 'request_queues', 'queue'));
  const storageClient = new MemoryStorage({ localDataDirectory: join(dir, 'crawlee'), persistStorage: true, writeMetadata: false });
  const config = new Configuration({ ...CRAWLEE_BASE, storageClient, persistStorage: true });
  const queue = await RequestQueue.open('queue', { config, storageClient });
  const bloomPath = join(dir, 'bloom.bin');
  // Sized for a million URLs per task (2.3 MB): the design's 1e8 would cost 180 MB in-process.
  const bloom = await MemoryBloom.loadOrCreate(bloomPath, { n: 1e6, p: 1e-4 });
  const budget = new LocalPageBudget(settings.maxPages, resume ? (previous?.pagesUsed ?? 0) : 0);
  return {
    kind: 'local',
    settings,
    queue,
    config,
    budget,
    seen: { testAndSet: async (keys) => bloom.testAndSetMany(keys).map((wasSeen) => !wasSeen) },
    pending: async () => {
      const info = await queue.getInfo();
      return info ? info.totalRequestCount - info.handledRequestCount : NaN;
    },
    checkpoint: async (status) => {
      await storageClient.teardown();
      await bloom.save(bloomPath);
      writeTaskState(dir, {
        task,
        startUrls: settings.startUrls,
        settings: settings as unknown as Record<string, unknown>,
        pagesUsed: await budget.used(),
        status,
        updatedAt: new Date().toISOString(),
      });
    },
    close: async () => {
      await storageClient.teardown();
    },
  };
}
