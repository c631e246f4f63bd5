import type { CollectionName } from '../schemas/index';
import type { StoredDoc } from './repository';

/**
 * A write decided by the shared repository logic; each backend applies a batch of them.
 * `insert`/`update` carry the whole new document; `touch` moves lastSeenAt only (an unchanged
 * re-crawl: no record is rewritten).
 */
export type WriteOp =
  | { kind: 'insert'; coll: CollectionName; doc: StoredDoc }
  | { kind: 'update'; coll: CollectionName; doc: StoredDoc }
  | { kind: 'touch'; coll: CollectionName; ids: string[]; at: Date };

/** Reads available inside a write transaction (they see everything committed before it). */
export interface TxReader {
  /** Existing documents by unique key; `taskId` null for tasks/workers/hosts. Keyed by key. */
  lookup(coll: CollectionName, taskId: string | null, keys: string[]): Promise<Map<string, StoredDoc>>;
  /**
   * Optional: the id, fingerprint and gone flag of existing documents by unique key, without
   * reading the documents (the embedded store reads them from the JSON in SQL). A re-crawled
   * record whose fingerprint is unchanged needs nothing more; only the others are `lookup`ed.
   */
  fingerprints?(coll: CollectionName, taskId: string, keys: string[]): Promise<Map<string, { id: string; fingerprint: unknown; gone: boolean }>>;
  /** Documents matching a simple equality filter (plain values only). */
  findEq(coll: CollectionName, filter: Record<string, unknown>, limit?: number): Promise<StoredDoc[]>;
}

/** The primitives a backend gives the shared repository logic. */
export interface WriteBackend {
  /**
   * Runs `plan` with a consistent view and applies the ops it returns as one batch. The embedded
   * backend holds its inter-process lock for the whole call, so plan + write cannot race.
   */
  transaction<T>(plan: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T>;
}

/** The unique key of a document: tasks by name, everything else by its `key` (within its task). */
export function uniqueKeyOf(coll: CollectionName, doc: Record<string, unknown>): string {
  if (coll === 'tasks') return String(doc.name);
  return String(doc.key);
}
