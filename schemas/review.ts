import { Schema } from 'mongoose';
import { addCrawledIndexes, crawledRecordFields, localTimeText, optionalString, ref, schemaOptions } from './common';

/** A review of a commodity. Key: commodity id + author + hash of the content. */
export const reviewSchema = new Schema(
  {
    ...crawledRecordFields,
    commodityId: ref('Commodity'),
    /** The page the review was read on. */
    url: { type: String, required: true },
    author: optionalString,
    rating: { type: Number, default: null, min: 0 },
    content: { type: String, required: true, trim: true },
    /** The instant; `dateLocal` keeps the page's own offset for output. */
    date: { type: Date, default: null },
    dateLocal: localTimeText,
  },
  { ...schemaOptions, collection: 'reviews' },
);
addCrawledIndexes(reviewSchema);
reviewSchema.index({ commodityId: 1 });
