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
    /** The page's language as it says (`zh`, `en`, …): information only, never the text index's language (see below). */
    language: optionalString,
    /** Classification (e.g. "news", "blog", a section name) when known. */
    classification: optionalString,
    /**
     * Title and content cut into folded search terms (jieba for Chinese; storage/text-search.ts),
     * filled in by the repository: what `$text` searches on both backends.
     */
    searchTerms: { type: [String], default: undefined },
  },
  { ...schemaOptions, collection: 'news' },
);
addCrawledIndexes(newsSchema);
/**
 * The one text index: over `searchTerms` only, so MongoDB and the embedded store search the same
 * terms. MongoDB takes a document field named by `language_override` (default: `language`) as the
 * language of that document's text, and refuses to insert a document whose value it does not
 * support (`zh`, `ja`, `ko`: error 17262; null: 17261). So the override names a field no news
 * record has (the schema is strict: it is never stored) and every record is indexed with
 * `default_language: 'none'` (no stemming, no stop words: the terms are cut already).
 */
export const NEWS_TEXT_INDEX = { name: 'news_search_terms', default_language: 'none', language_override: 'textIndexLanguage' } as const;
newsSchema.index({ searchTerms: 'text' }, NEWS_TEXT_INDEX);
newsSchema.index({ publishedAt: -1 });
