import { Schema } from 'mongoose';
import { addCrawledIndexes, crawledRecordFields, localTimeText, optionalString, schemaOptions } from './common';

/**
 * A news or blog article. Key: its URL. `publishedAt` is nullable: many real articles carry no
 * machine-readable date, and a made-up one would be worse than none.
 */
export const newsSchema = new Schema(
  {
    ...crawledRecordFields,
    url: { type: String, required: true, trim: true },
    title: { type: String, required: true, trim: true },
    /** The instant (sorts and filters); `publishedAtLocal` keeps the page's own offset for output. */
    publishedAt: { type: Date, default: null },
    publishedAtLocal: localTimeText,
    author: optionalString,
    content: { type: String, required: true },
    summary: { type: String, default: '' },
    keywords: { type: [String], default: [] },
    language: optionalString,
    /** Classification (e.g. "news", "blog", a section name) when known. */
    classification: optionalString,
  },
  { ...schemaOptions, collection: 'news' },
);
addCrawledIndexes(newsSchema);
newsSchema.index({ title: 'text', content: 'text' }, { name: 'news_text', default_language: 'none' });
newsSchema.index({ publishedAt: -1 });
