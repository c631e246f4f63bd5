import { Types } from 'mongoose';
import type { PageResult } from '../extractors/types';
import { ACTIVE_WORKER_STATUSES, LOST_AFTER_MS, PAGE_TABLES, type CollectionName, type PageTable } from '../schemas/index';
import type { TxReader, WriteBackend, WriteOp } from './backend';
import { StorageInputError } from './errors';
import { validateRecord } from './record-builder';
import type {
  FindOptions, Repository, SaveReport, StoredDoc, TaskInput, TaskPatch, TaskRecord, TaskSummary,
  WorkerInput, WorkerRecord, WorkerStatus,
} from './repository';
import { savePageWith } from './save-page';

const URL_TABLES: PageTable[] = ['commodities', 'shops', 'news', 'categories'];

export function isObjectIdHex(id: unknown): id is string {
  return typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id);
}

function taskRecord(d: StoredDoc): TaskRecord {
  return {
    id: d._id,
    name: d.name as string,
    type: d.type as TaskRecord['type'],
    startUrls: (d.startUrls as string[]) ?? [],
    startedAt: d.startedAt as Date,
    endedAt: (d.endedAt as Date | null) ?? null,
    hosts: (d.hosts as string[]) ?? [],
    status: d.status as TaskRecord['status'],
  };
}

function workerRecord(d: StoredDoc): WorkerRecord {
  return {
    id: d._id,
    hostId: d.hostId as string,
    hostName: d.hostName as string,
    pid: d.pid as number,
    taskId: d.taskId as string,
    status: d.status as WorkerStatus,
    lastHeartbeatAt: d.lastHeartbeatAt as Date,
  };
}

/**
 * Everything both backends share: page mapping, re-crawl merge, tasks, workers. A backend
 * supplies the transaction primitive and the query methods.
 */
export abstract class BaseRepository implements Repository, WriteBackend {
  abstract readonly backend: 'embedded' | 'mongodb';
  abstract describe(): string;
  abstract transaction<T>(plan: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T>;
  abstract find(collection: CollectionName, filter?: Record<string, unknown>, options?: FindOptions): Promise<StoredDoc[]>;
  abstract count(collection: CollectionName, filter?: Record<string, unknown>): Promise<number>;
  abstract stream(collection: CollectionName, filter?: Record<string, unknown>, options?: FindOptions): AsyncIterable<StoredDoc>;
  abstract close(): Promise<void>;

  /** Nothing to create by default (the embedded store keeps its indexes itself); MongoDB overrides it. */
  async ensureIndexes(): Promise<void> {}

  protected readonly newId = (): string => new Types.ObjectId().toHexString();

  savePage(task: { id: string; name: string }, result: PageResult, meta?: { fetchedAt?: Date; status?: number }): Promise<SaveReport> {
    if (!isObjectIdHex(task.id)) {
      throw new StorageInputError(`task "${task.name}" has id "${task.id}": savePage needs the id returned by upsertTask (24 hex digits)`);
    }
    if (!result || typeof result.url !== 'string') throw new StorageInputError('savePage needs a PageResult with a url');
    return savePageWith(this, this.newId, task.id, result, meta);
  }

  markGone(taskId: string, url: string, at: Date = new Date()): Promise<number> {
    return this.transaction(async (tx) => {
      const ops: WriteOp[] = [];
      for (const coll of URL_TABLES) {
        const byUrl = await tx.findEq(coll, { taskId, url });
        for (const d of byUrl) if (!d.gone) ops.push({ kind: 'update', coll, doc: { ...d, gone: true, goneAt: at } });
      }
      return { ops, result: ops.length };
    });
  }

  async upsertTask(input: TaskInput): Promise<TaskRecord> {
    const now = new Date();
    return this.transaction(async (tx) => {
      const existing = (await tx.lookup('tasks', null, [input.name])).get(input.name);
      const fields = {
        ...(existing ?? {}),
        name: input.name,
        type: input.type,
        startUrls: input.startUrls,
        status: input.status ?? 'running',
        // A resumed task keeps its start time unless the caller gives a new one.
        startedAt: input.startedAt ?? existing?.startedAt ?? now,
        endedAt: null,
        updatedAt: now,
      };
      const doc = await this.validated('tasks', fields, now, existing?._id);
      return { ops: [{ kind: existing ? 'update' : 'insert', coll: 'tasks', doc }], result: taskRecord(doc) };
    });
  }

  async updateTask(id: string, patch: TaskPatch): Promise<TaskRecord> {
    const now = new Date();
    return this.transaction(async (tx) => {
      const existing = await this.taskById(tx, id);
      const hosts = new Set((existing.hosts as string[]) ?? []);
      if (patch.addHost) hosts.add(patch.addHost);
      const fields = {
        ...existing,
        ...(patch.status ? { status: patch.status } : {}),
        ...(patch.endedAt !== undefined ? { endedAt: patch.endedAt } : {}),
        hosts: [...hosts],
        updatedAt: now,
      };
      const doc = await this.validated('tasks', fields, now, existing._id);
      return { ops: [{ kind: 'update', coll: 'tasks', doc }], result: taskRecord(doc) };
    });
  }

  async getTaskByName(name: string): Promise<TaskRecord | null> {
    const [d] = await this.find('tasks', { name }, { limit: 1 });
    return d ? taskRecord(d) : null;
  }

  async listTasks(): Promise<TaskSummary[]> {
    const tasks = await this.find('tasks', {}, { sort: { startedAt: 1 } });
    const out: TaskSummary[] = [];
    for (const t of tasks) {
      const counts = {} as Record<PageTable, number>;
      for (const table of PAGE_TABLES) counts[table] = await this.count(table, { taskId: t._id });
      out.push({ ...taskRecord(t), counts });
    }
    return out;
  }

  async registerWorker(input: WorkerInput): Promise<WorkerRecord> {
    const now = new Date();
    return this.transaction(async (tx) => {
      const task = await this.taskById(tx, input.taskId);
      const host = (await tx.lookup('hosts', null, [input.hostName])).get(input.hostName);
      const hostDoc = await this.validated('hosts', { ...(host ?? {}), key: input.hostName, name: input.hostName, ip: input.hostIp ?? host?.ip ?? null, lastSeenAt: now }, now, host?._id);
      const key = `${input.hostName}:${input.pid}:${input.taskId}`;
      const worker = (await tx.lookup('workers', null, [key])).get(key);
      const workerDoc = await this.validated('workers', {
        key, hostId: hostDoc._id, hostName: input.hostName, hostIp: input.hostIp ?? null, pid: input.pid,
        taskId: input.taskId, status: input.status ?? 'running', startedAt: now, lastHeartbeatAt: now,
      }, now, worker?._id);
      const ops: WriteOp[] = [
        { kind: host ? 'update' : 'insert', coll: 'hosts', doc: hostDoc },
        { kind: worker ? 'update' : 'insert', coll: 'workers', doc: workerDoc },
      ];
      const hosts = (task.hosts as string[]) ?? [];
      if (!hosts.includes(input.hostName)) ops.push({ kind: 'update', coll: 'tasks', doc: { ...task, hosts: [...hosts, input.hostName] } });
      return { ops, result: workerRecord(workerDoc) };
    });
  }

  async heartbeat(workerId: string, status?: WorkerStatus): Promise<void> {
    if (!isObjectIdHex(workerId)) throw new StorageInputError(`worker id must be 24 hex digits, got "${workerId}"`);
    const now = new Date();
    await this.transaction(async (tx) => {
      const [w] = await tx.findEq('workers', { _id: workerId }, 1);
      if (!w) throw new StorageInputError(`no worker with id ${workerId}`);
      const doc = await this.validated('workers', { ...w, status: status ?? w.status, lastHeartbeatAt: now }, now, w._id);
      return { ops: [{ kind: 'update', coll: 'workers', doc }, ...(await this.lostWorkers(tx, String(w.taskId), String(w._id), now))], result: undefined };
    });
  }

  /** The task's other workers that stopped beating without saying so (killed): marked `lost` by a live one. */
  private async lostWorkers(tx: TxReader, taskId: string, self: string, now: Date): Promise<WriteOp[]> {
    const ops: WriteOp[] = [];
    for (const w of await tx.findEq('workers', { taskId })) {
      const last = new Date(w.lastHeartbeatAt as Date).getTime();
      if (String(w._id) === self || !ACTIVE_WORKER_STATUSES.includes(String(w.status)) || now.getTime() - last < LOST_AFTER_MS) continue;
      ops.push({ kind: 'update', coll: 'workers', doc: await this.validated('workers', { ...w, status: 'lost' }, now, w._id) });
    }
    return ops;
  }

  private async taskById(tx: TxReader, id: string): Promise<StoredDoc> {
    if (!isObjectIdHex(id)) throw new StorageInputError(`task id must be 24 hex digits, got "${id}"`);
    const [t] = await tx.findEq('tasks', { _id: id }, 1);
    if (!t) throw new StorageInputError(`no task with id ${id}`);
    return t;
  }

  /** Validates a task/worker/host document; bad input here is the caller's bug, so it throws. */
  private async validated(coll: CollectionName, fields: Record<string, unknown>, now: Date, id?: string): Promise<StoredDoc> {
    const { _id, ...rest } = fields;
    void _id;
    const v = await validateRecord(coll, rest, now);
    if (!v.ok) throw new StorageInputError(`invalid ${coll} record: ${v.message}`);
    return { _id: id ?? this.newId(), ...v.content };
  }
}
