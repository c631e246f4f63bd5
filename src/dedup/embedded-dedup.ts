/**
 * URL dedup for the embedded mode (no REDIS_URL): the in-process Bloom filter of a task, loaded
 * from data/tasks/<task>/bloom.bin on start (so `--resume` does not refetch) and saved on demand.
 *
 * Use it in Crawlee's `transformRequestFunction` (return false for a seen or malformed link), and
 * save it after the queue has stored the requests: a filter saved *behind* the queue only re-adds
 * links Crawlee's queue dedups anyway, while one saved *ahead* of it could forget to fetch pages.
 */
import { MemoryBloom, taskBloomPath, type BloomInfo } from './bloom-memory';
import type { BloomSizingOptions } from './bloom-math';
import { normalizeUrl } from './normalize-url';

export interface EmbeddedDedupOptions {
  task: string;
  /** Default 'data'. */
  dataDir?: string;
  /** Sizing for a new filter (a saved one keeps its own). Default n=1e6, p=1e-3 (~1.7 MiB). */
  bloom?: BloomSizingOptions;
}

export type DedupVerdict = { status: 'new'; url: string } | { status: 'seen'; url: string } | { status: 'malformed'; reason: string };

export interface EmbeddedDedup {
  readonly path: string;
  /** Normalises and test-and-sets one link. */
  check(url: string): DedupVerdict;
  /** Counters since opening. */
  readonly counts: { new: number; seen: number; malformed: number };
  save(): Promise<void>;
  info(): BloomInfo;
}

export async function openEmbeddedDedup(opts: EmbeddedDedupOptions): Promise<EmbeddedDedup> {
  const path = taskBloomPath(opts.task, opts.dataDir);
  const bloom = await MemoryBloom.loadOrCreate(path, { n: 1e6, p: 1e-3, ...opts.bloom });
  const counts = { new: 0, seen: 0, malformed: 0 };
  return {
    path,
    counts,
    check(url) {
      const norm = normalizeUrl(url);
      if (norm.url === null) {
        counts.malformed++;
        return { status: 'malformed', reason: norm.reason };
      }
      const seen = bloom.testAndSet(norm.url);
      counts[seen ? 'seen' : 'new']++;
      return { status: seen ? 'seen' : 'new', url: norm.url };
    },
    save: () => bloom.save(path),
    info: () => bloom.info(),
  };
}
