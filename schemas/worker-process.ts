import { Schema } from 'mongoose';
import { ref, schemaOptions } from './common';

export const WORKER_STATUSES = ['starting', 'running', 'idle', 'paused', 'stopped', 'crashed', 'lost'] as const;
/** A worker whose heartbeat (every 10 s) is older than this is gone (SIGKILL, power cut): marked `lost`. */
export const LOST_AFTER_MS = 35_000;
/** Statuses of a process that should still be beating. */
export const ACTIVE_WORKER_STATUSES: readonly string[] = ['starting', 'running', 'idle', 'paused'];

/** A worker process of a task. Key: `<host>:<pid>:<taskId>`. */
export const workerProcessSchema = new Schema(
  {
    key: { type: String, required: true },
    hostId: ref('Host'),
    hostName: { type: String, required: true, trim: true },
    hostIp: { type: String, default: null },
    pid: { type: Number, required: true, min: 1 },
    taskId: ref('Task'),
    status: { type: String, required: true, enum: WORKER_STATUSES },
    startedAt: { type: Date, required: true },
    lastHeartbeatAt: { type: Date, required: true },
  },
  { ...schemaOptions, collection: 'workers' },
);
workerProcessSchema.index({ key: 1 }, { unique: true });
workerProcessSchema.index({ taskId: 1, status: 1 });
