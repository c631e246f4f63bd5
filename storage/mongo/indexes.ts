import type { Model } from 'mongoose';
import { COLLECTIONS, type CollectionName } from '../../schemas/index';
import { NEWS_TEXT_INDEX } from '../../schemas/news';

/**
 * Creates the indexes the schemas declare (the unique keys every upsert relies on, the query
 * indexes, the news text index). Called when a crawl or a worker starts, never by `query`,
 * `export` or `tasks`, so those work with a read-only database user (manual: "Built-In Roles":
 * `read` has no createIndex). createIndexes is idempotent for an index that exists with the same
 * options (manual: "db.collection.createIndexes()").
 *
 * A collection may have one text index only, and an index cannot be re-created under its name
 * with other options: an older text index on news (`news_text` over title and content, which
 * took each record's `language` as its language) is dropped first, once, and said.
 */
export async function ensureIndexes(models: Record<CollectionName, Model<any>>, log: (line: string) => void): Promise<void> {
  await dropStaleTextIndexes(models.news, log);
  for (const c of COLLECTIONS) await models[c].createIndexes();
}

async function dropStaleTextIndexes(news: Model<any>, log: (line: string) => void): Promise<void> {
  let indexes: Array<Record<string, unknown>>;
  try {
    indexes = (await news.collection.listIndexes().toArray()) as Array<Record<string, unknown>>;
  } catch (err) {
    if ((err as { code?: unknown }).code === 26) return; // NamespaceNotFound: no news collection yet
    throw err;
  }
  for (const ix of indexes) {
    const key = (ix.key ?? {}) as Record<string, unknown>;
    if (key._fts !== 'text') continue;
    const weights = Object.keys((ix.weights ?? {}) as Record<string, unknown>);
    const current = ix.name === NEWS_TEXT_INDEX.name && ix.language_override === NEWS_TEXT_INDEX.language_override
      && ix.default_language === NEWS_TEXT_INDEX.default_language && weights.length === 1 && weights[0] === 'searchTerms';
    if (current) continue;
    log(`news: replacing the text index "${String(ix.name)}" (${weights.join(', ')}) by "${NEWS_TEXT_INDEX.name}" on searchTerms; records stored before get their search terms when next re-crawled`);
    await news.collection.dropIndex(String(ix.name));
  }
}
