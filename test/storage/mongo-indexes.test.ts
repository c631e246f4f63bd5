import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';

/**
 * Indexes on a real MongoDB (runs where MONGODB_URI is set, e.g. CI): reading creates nothing
 * (`query`, `export`, `tasks` work with the `read` role), a crawl's ensureIndexes creates the
 * schemas' indexes, and an older news text index that read each record's `language` is replaced.
 * Each test uses a database of its own, dropped at the end.
 */
const base = process.env.MONGODB_URI;
if (!base) console.log('mongo indexes: skipped — set MONGODB_URI (e.g. mongodb://127.0.0.1:27017/crawler_test) to run against MongoDB');

/** The same server and credentials, another database (authSource kept where the URI's database was it). */
function uriFor(db: string): string {
  const m = /^(mongodb(?:\+srv)?:\/\/[^/?]*)(?:\/([^?]*))?(?:\?(.*))?$/.exec(base!);
  if (!m) throw new Error('MONGODB_URI not understood by the test');
  const [, head, oldDb, query] = m;
  const opts = query ? query.split('&') : [];
  if (head!.includes('@') && !opts.some((o) => o.startsWith('authSource='))) opts.push(`authSource=${oldDb || 'admin'}`);
  return `${head}/${db}${opts.length ? `?${opts.join('&')}` : ''}`;
}

const dbs: string[] = [];
async function freshDb(): Promise<{ uri: string; conn: mongoose.Connection }> {
  const name = `crawler_ix_${process.pid}_${dbs.length}_${Date.now()}`;
  dbs.push(name);
  const uri = uriFor(name);
  return { uri, conn: await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 5000 }).asPromise() };
}

afterAll(async () => {
  if (!base) return;
  for (const db of dbs) {
    const c = await mongoose.createConnection(uriFor(db)).asPromise();
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  }
});

(base ? describe : describe.skip)('MongoDB indexes', () => {
  it('are not created by reading (query, export, tasks) and are by ensureIndexes', async () => {
    const { uri, conn } = await freshDb();
    try {
      const reader = await openRepository({ mongodbUri: uri, readOnly: true });
      expect(await reader.find('commodities', { salePrice: { $lt: 100 } })).toEqual([]);
      expect(await reader.count('news', {})).toBe(0);
      expect(await reader.listTasks()).toEqual([]);
      await reader.close();
      expect(await conn.db!.listCollections().toArray()).toEqual([]);

      const crawler = await openRepository({ mongodbUri: uri });
      await crawler.ensureIndexes();
      await crawler.close();
      const news = await conn.db!.collection('news').indexes();
      const text = news.find((i) => i.name === 'news_search_terms')!;
      expect(text).toMatchObject({ weights: { searchTerms: 1 }, default_language: 'none', language_override: 'textIndexLanguage' });
      const goods = await conn.db!.collection('commodities').indexes();
      expect(goods.find((i) => JSON.stringify(i.key) === '{"taskId":1,"key":1}')).toMatchObject({ unique: true });
    } finally {
      await conn.close();
    }
  });

  it('replaces an older news text index that took each record\'s language', async () => {
    const { uri, conn } = await freshDb();
    try {
      await conn.db!.collection('news').createIndex({ title: 'text', content: 'text' }, { name: 'news_text', default_language: 'none' });
      const repo = await openRepository({ mongodbUri: uri });
      await repo.ensureIndexes();
      await repo.close();
      const names = (await conn.db!.collection('news').indexes()).map((i) => i.name);
      expect(names).toContain('news_search_terms');
      expect(names).not.toContain('news_text');
    } finally {
      await conn.close();
    }
  });
});
