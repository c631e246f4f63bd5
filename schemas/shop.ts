import { Schema } from 'mongoose';
import { addCrawledIndexes, crawledRecordFields, optionalString, schemaOptions } from './common';

/**
 * A shop. Key: its URL, or `name:<site>/<name>` when the page names the shop without a link.
 * goodsCount and rating are nullable: the page may not state them and we never invent values.
 */
export const shopSchema = new Schema(
  {
    ...crawledRecordFields,
    url: optionalString,
    name: { type: String, required: true, trim: true },
    goodsCount: { type: Number, default: null, min: 0 },
    /** As the page states it: a score (4.8) or a grade/percentage ("98%"). */
    rating: {
      type: Schema.Types.Mixed,
      default: null,
      validate: {
        validator: (v: unknown) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)),
        message: 'rating must be a number or a text grade',
      },
    },
  },
  { ...schemaOptions, collection: 'shops' },
);
addCrawledIndexes(shopSchema);
shopSchema.index({ taskId: 1, name: 1 });
