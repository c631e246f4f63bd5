import type { PageResult } from '../extractors/types';
import type { CollectionName, PageTable } from '../schemas/index';

export type { CollectionName, PageTable } from '../schemas/index';

/** A stored record as callers see it: ids as 24-hex strings, money as numbers, dates as Dates. */
export type StoredDoc = Record<string, unknown> & { _id: string };

export interface Rejection {
  table: PageTable;
  /** The record's URL (or the page URL when the record has none). */
  url: string;
  /** The first field that failed its schema. */
  field: string;
  message: string;
}

/** What one savePage did, per table. */
export interface SaveReport {
  inserted: Record<PageTable, number>;
  /** Existing records whose content changed (or that came back after being gone). */
  updated: Record<PageTable, number>;
  /** Re-crawled with the same fingerprint: no record rewritten, only lastSeenAt moved. */
  unchanged: Record<PageTable, number>;
  rejected: Rejection[];
}

export interface FindOptions {
  /** MongoDB sort spec, e.g. `{ salePrice: -1 }`. */
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
  /** MongoDB projection, e.g. `{ name: 1, salePrice: 1 }`. */
  projection?: Record<string, 0 | 1>;
}

export type TaskType = 'commerce' | 'news' | 'blog' | 'auto';
export type TaskStatus = 'pending' | 'running' | 'paused' | 'stopped' | 'finished' | 'failed' | 'interrupted';

export interface TaskInput {
  name: string;
  type: TaskType;
  startUrls: string[];
  /** Default 'running'. */
  status?: TaskStatus;
  /** Default: the existing task's start time, or now for a new task. */
  startedAt?: Date;
}

export interface TaskPatch {
  status?: TaskStatus;
  endedAt?: Date | null;
  /** Added to the task's host list (no duplicates). */
  addHost?: string;
}

export interface TaskRecord {
  id: string;
  name: string;
  type: TaskType;
  startUrls: string[];
  startedAt: Date;
  endedAt: Date | null;
  hosts: string[];
  status: TaskStatus;
}

export interface TaskSummary extends TaskRecord {
  /** Records per table for this task (gone records included). */
  counts: Record<PageTable, number>;
}

export type WorkerStatus = 'starting' | 'running' | 'idle' | 'paused' | 'stopped' | 'crashed';

export interface WorkerInput {
  taskId: string;
  hostName: string;
  hostIp?: string | null;
  pid: number;
  /** Default 'running'. */
  status?: WorkerStatus;
}

export interface WorkerRecord {
  id: string;
  hostId: string;
  hostName: string;
  pid: number;
  taskId: string;
  status: WorkerStatus;
  lastHeartbeatAt: Date;
}

/**
 * The one storage interface: the crawler, the CLI and the tests use only this. Two backends
 * implement it (storage/embedded, storage/mongo); `openRepository` picks one.
 */
export interface Repository {
  readonly backend: 'embedded' | 'mongodb';
  /** Where the data lives, for messages (a folder, or a MongoDB URI without credentials). */
  describe(): string;

  /**
   * Maps one page's result into records and upserts them (one record per task and key).
   * A record failing its schema is rejected (field named in the report) and the rest of the
   * page is still stored. `task.id` is the id returned by upsertTask.
   */
  savePage(task: { id: string; name: string }, result: PageResult, meta?: { fetchedAt?: Date; status?: number }): Promise<SaveReport>;
  /** Marks every record of this task with this URL as gone (never deletes). Returns how many. */
  markGone(taskId: string, url: string, at?: Date): Promise<number>;

  /** Creates the task by name, or updates type/startUrls/status/startedAt of the existing one. */
  upsertTask(input: TaskInput): Promise<TaskRecord>;
  updateTask(id: string, patch: TaskPatch): Promise<TaskRecord>;
  getTaskByName(name: string): Promise<TaskRecord | null>;
  listTasks(): Promise<TaskSummary[]>;

  /** Registers (or re-registers) a worker process and its host. */
  registerWorker(input: WorkerInput): Promise<WorkerRecord>;
  heartbeat(workerId: string, status?: WorkerStatus): Promise<void>;

  /** MongoDB query syntax on both backends. Unknown operators → StorageInputError. */
  find(collection: CollectionName, filter?: Record<string, unknown>, options?: FindOptions): Promise<StoredDoc[]>;
  count(collection: CollectionName, filter?: Record<string, unknown>): Promise<number>;
  /** Every matching record, one at a time (exports). */
  stream(collection: CollectionName, filter?: Record<string, unknown>, options?: FindOptions): AsyncIterable<StoredDoc>;

  /**
   * Creates what writing needs (MongoDB: the schemas' indexes; the embedded store needs
   * nothing). Called when a crawl or a worker starts; never by `query`, `export` or `tasks`, so
   * those work with read rights only. Idempotent.
   */
  ensureIndexes(): Promise<void>;

  close(): Promise<void>;
}
