import { Schema } from 'mongoose';
import { addCrawledIndexes, crawledRecordFields, optionalString, ref, schemaOptions } from './common';

/**
 * A category navigation entry. Its key is `site + path` ("shop.example|电子 > 手机"), not its URL:
 * menus repeat the same category with different tracking URLs, and the parent link is found
 * by the parent's path.
 */
export const categoryNavSchema = new Schema(
  {
    ...crawledRecordFields,
    name: { type: String, required: true, trim: true },
    url: optionalString,
    /** 1 = top menu, 2 = sub-menu, 3 = leaf. */
    level: { type: Number, required: true, min: 1, max: 3 },
    path: { type: [String], default: [] },
    parentId: ref('CategoryNav', false),
  },
  { ...schemaOptions, collection: 'categories' },
);
addCrawledIndexes(categoryNavSchema);
categoryNavSchema.index({ taskId: 1, parentId: 1 });
