import { Schema } from 'mongoose';
import { schemaOptions } from './common';

/** A machine that runs workers. Key: its name. */
export const hostSchema = new Schema(
  {
    key: { type: String, required: true },
    name: { type: String, required: true, trim: true },
    ip: { type: String, default: null },
    lastSeenAt: { type: Date, required: true },
  },
  { ...schemaOptions, collection: 'hosts' },
);
hostSchema.index({ key: 1 }, { unique: true });
