import type { PageResult } from '../../extractors/types';

export interface PageMeta {
  fetchedAt: Date;
  status: number;
  depth: number;
}

export interface SaveOutcome {
  /** Records written (inserted or changed) per table. */
  written: Record<string, number>;
  unchanged: number;
  /** Records refused by their schema, each with the field named. */
  rejected: Array<{ table: string; field: string; message: string }>;
}

/** Where the page handler hands each page's result: the storage layer behind one seam. */
export interface PageSink {
  save(result: PageResult, meta: PageMeta): Promise<SaveOutcome>;
  /** A page that answered 404/410: its records are marked gone, never deleted. */
  markGone(url: string): Promise<void>;
  /** Where a user finds the results (a folder or a MongoDB URI without credentials). */
  describe(): string;
  /** Ends the run: records the task's final status. */
  close(status: 'finished' | 'stopped' | 'failed'): Promise<void>;
}
