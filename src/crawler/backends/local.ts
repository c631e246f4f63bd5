import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { Configuration, RequestQueue } from 'crawlee';
import { memoryStorage } from './memory-storage';
import { MemoryBloom } from '../../dedup/bloom-memory';
import { QueueJournal } from '../../queue/queue-journal';
import { boundQueueCaches } from '../../queue/queue-caches';
import { LocalPageBudget } from '../page-budget';
import { readTaskState, writeTaskState, resetTaskRunState } from '../task-state';
import { UsageError } from '../../cli/usage-error';
import { CRAWLEE_BASE, resumedSettings, type TaskBackend, type TaskSettings } from './task-backend';
import { logLine } from '../../cli/log';
import { FileRuleStore } from '../fetching/replay/rule-store';

/**
 * Embedded default: Crawlee's in-memory queue with a journal, and an in-process Bloom filter, in the task folder.
 * `onWriteError`: called once when the queue journal cannot be written (disk full …); the crawl
 * must stop, since what it does next could not be resumed. Default: ignored until the checkpoint throws.
 */
export async function openLocalBackend(
  dir: string,
  task: string,
  settings: TaskSettings,
  resume: boolean,
  given: ReadonlySet<keyof TaskSettings>,
  onWriteError?: (err: Error) => void,
): Promise<TaskBackend & { settings: TaskSettings }> {
  const previous = readTaskState(dir);
  if (resume) {
    if (!previous) throw new UsageError(`nothing to resume: task "${task}" has no saved state in ${dir}; run it without --resume first`);
    const resumed = resumedSettings(previous.settings as unknown as TaskSettings, settings, given);
    settings = resumed.settings;
    for (const note of resumed.notes) logLine('info', `--resume: ${note}`);
  } else {
    resetTaskRunState(dir);
  }
  mkdirSync(dir, { recursive: true });
  // Crawlee's queue in memory, made durable by our journal (see QueueJournal for why not Crawlee's files).
  const storageClient = memoryStorage({ localDataDirectory: join(dir, 'crawlee'), persistStorage: false, writeMetadata: false });
  const config = new Configuration({ ...CRAWLEE_BASE, storageClient, persistStorage: false });
  const { id: queueId } = await storageClient.requestQueues().getOrCreate('queue');
  const bloomPath = join(dir, 'bloom.bin');
  // Sized for a million URLs per task (2.3 MB): the design's 1e8 would cost 180 MB in-process.
  const bloom = await MemoryBloom.loadOrCreate(bloomPath, { n: 1e6, p: 1e-4 });
  // The filter is saved at checkpoints, the journal every 200 ms: it learns what the journal
  // holds beyond it (handled requests are not kept in the queue to be found as duplicates).
  const journal = await QueueJournal.attach(storageClient, queueId, join(dir, 'queue.jsonl'), resume, {
    onWriteError,
    onReplayedKeys: (keys) => void bloom.testAndSetMany(keys),
  });
  const queue = await RequestQueue.open(queueId, { config, storageClient });
  // Crawlee caches every request it ever added: caches, so bounded ones (dedup is the Bloom filter's).
  boundQueueCaches(queue);
  // The journal's count of slots is exact after a crash; state.json's only as of its last checkpoint
  // (and the only count in journals written before slots were journaled).
  const budget = new LocalPageBudget(settings.maxPages, resume ? Math.max(previous?.pagesUsed ?? 0, journal.slotsUsed) : 0, journal);
  return {
    kind: 'local',
    settings,
    queue,
    config,
    budget,
    seen: { testAndSet: async (keys) => bloom.testAndSetMany(keys).map((wasSeen) => !wasSeen) },
    replayRules: new FileRuleStore(join(dir, 'replay-rules.json'), !resume),
    pending: async () => {
      const info = await queue.getInfo();
      return info ? info.totalRequestCount - info.handledRequestCount : NaN;
    },
    checkpoint: async (status) => {
      // Saved as far as possible: a journal that cannot be written (disk full) must not keep the
      // Bloom filter and state from being saved; its error is thrown after them.
      const synced = await journal.sync().then(() => null, (err: Error) => err);
      await bloom.save(bloomPath);
      writeTaskState(dir, {
        task,
        startUrls: settings.startUrls,
        settings: settings as unknown as Record<string, unknown>,
        pagesUsed: await budget.used(),
        status,
        updatedAt: new Date().toISOString(),
      });
      if (synced) throw synced;
    },
    close: async () => {
      try {
        await journal.close();
      } finally {
        await storageClient.teardown();
      }
    },
  };
}
