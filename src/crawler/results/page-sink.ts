import type { PageResult } from '../../../extractors/types';

export interface PageMeta {
  fetchedAt: Date;
  status: number;
  depth: number;
}

export interface SaveOutcome {
  /** Records written (inserted or changed) per table. */
  written: Record<string, number>;
  /** Records seen for the first time. */
  inserted: number;
  /** Existing records whose content changed (or that came back after being gone). */
  updated: number;
  /** Records found as stored: not rewritten, only their last-seen time moved. */
  unchanged: number;
  /** Records refused by their schema, each with the field named. */
  rejected: Array<{ table: string; url: string; field: string; message: string }>;
}

/** Where the page handler hands each page's result: the storage layer behind one seam. */
export interface PageSink {
  save(result: PageResult, meta: PageMeta): Promise<SaveOutcome>;
  /** A page that answered 404/410: its records are marked gone, never deleted. */
  markGone(url: string): Promise<void>;
  /**
   * A page that answered 304 Not Modified: the records keyed by its URL are seen again
   * unchanged (lastSeenAt moves, nothing is rewritten). Returns how many.
   */
  touch(url: string): Promise<number>;
  /**
   * URLs of this task's records (pages) not seen since `since` and not gone: pages an earlier
   * run reached that this run did not, to re-check for removal.
   */
  unseenSince(since: Date): Promise<string[]>;
  /** When this run of the task started (a resumed run keeps the original start). */
  readonly startedAt: Date;
  /** Where a user finds the results (a folder or a MongoDB URI without credentials). */
  describe(): string;
  /** Ends the run: records the task's final status. */
  close(status: 'finished' | 'stopped' | 'failed'): Promise<void>;
}
