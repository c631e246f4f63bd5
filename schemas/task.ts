import { Schema } from 'mongoose';
import { schemaOptions } from './common';

export const TASK_TYPES = ['commerce', 'news', 'blog', 'auto'] as const;
export const TASK_STATUSES = ['pending', 'running', 'paused', 'stopped', 'finished', 'failed', 'interrupted'] as const;

/** A crawl task; `name` is what users type (`--task electronics`) and is unique. */
export const taskSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    type: { type: String, required: true, enum: TASK_TYPES },
    startUrls: {
      type: [String],
      required: true,
      validate: { validator: (v: string[]) => Array.isArray(v) && v.length > 0, message: 'startUrls needs at least one URL' },
    },
    startedAt: { type: Date, required: true },
    /** Set when the task finishes (or stops). */
    endedAt: { type: Date, default: null },
    /** Worker hosts (names / IPs) that ran it. */
    hosts: { type: [String], default: [] },
    status: { type: String, required: true, enum: TASK_STATUSES },
    updatedAt: { type: Date, default: null },
    extra: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { ...schemaOptions, collection: 'tasks' },
);
taskSchema.index({ name: 1 }, { unique: true });
taskSchema.index({ status: 1 });
