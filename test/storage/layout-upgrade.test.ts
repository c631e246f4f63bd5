import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { STORE_FILE } from '../../storage/embedded/embedded-repository';
import { planSql } from '../../storage/embedded/sql-plan';
import { castFilterForEmbedded } from '../../storage/filter';
import { openRepository } from '../../storage/open';
import type { CollectionName } from '../../schemas/index';
import { commodity, listingPage, newsPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

const root = tempDir('store-layout-');

/** The indexes of a table as `name(columns)`. */
function indexes(db: Database.Database, table: string): string[] {
  const names = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name`).pluck().all(table) as string[];
  return names.map((n) => `${n}(${(db.prepare(`PRAGMA index_info("${n}")`).all() as Array<{ name: string }>).map((c) => c.name).join(',')})`);
}

/**
 * Turns a store into one of layout 1 (the first SQLite layout): the unique key index led by
 * taskId, an index on url in every page table, none on taskId.
 */
function toLayout1(file: string): void {
  const db = new Database(file);
  for (const t of ['categories', 'shops', 'commodities', 'reviews', 'news']) {
    db.exec(`DROP INDEX IF EXISTS "${t}_taskId"; DROP INDEX "${t}_uk"; CREATE UNIQUE INDEX "${t}_uk" ON "${t}" (taskId, uk); CREATE INDEX IF NOT EXISTS "${t}_url" ON "${t}" (url)`);
  }
  db.pragma('user_version = 1');
  db.close();
}

describe('the store layout', () => {
  it('a store of layout 1 is upgraded on open: records kept, URL lookups through the unique key, one record per URL still', async () => {
    const dir = join(root, 'upgrade');
    let repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    const task = await repo.upsertTask({ name: 'up', type: 'auto', startUrls: ['http://shop.test/'] });
    await repo.savePage(task, listingPage('http://shop.test/l', Array.from({ length: 50 }, (_, i) => commodity({ url: `http://shop.test/p/${i}`, price: 10 + i }))));
    await repo.savePage(task, newsPage('http://news.test/a/1', '标题', '新闻正文'));
    await repo.close();
    const file = join(dir, STORE_FILE);
    toLayout1(file);

    // The upgrade holds the store's write lock a while: it says so, once.
    const said: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (said.push(String(chunk)), write(chunk, ...rest))) as typeof process.stderr.write;
    try {
      repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    } finally {
      process.stderr.write = write;
    }
    expect(said.filter((l) => /upgrading .* from layout 1 to 2/.test(l))).toHaveLength(1);
    try {
      const db = new Database(file, { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(2);
      expect(indexes(db, 'commodities')).toEqual(['commodities_lastSeenAt(lastSeenAt)', 'commodities_price(price)', 'commodities_salePrice(salePrice)', 'commodities_shopId(shopId)', 'commodities_taskId(taskId)', 'commodities_uk(uk,taskId)']);
      expect(indexes(db, 'news')).not.toContain('news_url(url)');
      db.close();

      expect(await repo.count('commodities', { taskId: task.id })).toBe(50);
      expect((await repo.find('commodities', { url: 'http://shop.test/p/7' })).map((d) => d.price)).toEqual([17]);
      expect((await repo.find('news', { url: 'http://news.test/a/1' })).map((d) => d.title)).toEqual(['标题']);
      // The unique key is still enforced: a new price updates the one record of that URL.
      await repo.savePage(task, listingPage('http://shop.test/l', [commodity({ url: 'http://shop.test/p/7', price: 99 })]));
      const [p7, ...more] = await repo.find('commodities', { url: 'http://shop.test/p/7' });
      expect(more).toEqual([]);
      expect(p7!.price).toBe(99);
      expect((p7!.priceHistory as unknown[]).length).toBe(2);
    } finally {
      await repo.close();
    }
  });

  it('answers the lookups the crawler and `tasks`/`export` make through an index, a task\'s export without sorting it aside', async () => {
    const dir = join(root, 'plans');
    const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    const tasks = [await repo.upsertTask({ name: 'a', type: 'auto', startUrls: ['http://shop.test/'] }), await repo.upsertTask({ name: 'b', type: 'auto', startUrls: ['http://shop.test/'] })];
    for (const [n, t] of tasks.entries()) {
      await repo.savePage(t, listingPage('http://shop.test/l', Array.from({ length: 200 }, (_, i) => commodity({ url: `http://shop.test/p/${n}-${i}`, price: i }))));
    }
    await repo.close();
    const db = new Database(join(dir, STORE_FILE), { readonly: true });
    try {
      const taskId = tasks[0]!.id;
      const plan = (coll: CollectionName, filter: Record<string, unknown>, count = false): string => {
        const p = planSql(coll, castFilterForEmbedded(coll, filter));
        const sql = count ? `SELECT count(*) FROM "${coll}" WHERE ${p.where}` : `SELECT doc FROM "${coll}" WHERE ${p.where} ORDER BY ${p.orderBy}`;
        return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...p.params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
      };
      for (const coll of ['categories', 'shops', 'commodities', 'reviews', 'news'] as const) {
        expect(plan(coll, { taskId }, true)).toMatch(/^SEARCH .* USING COVERING INDEX \w+ \(taskId=\?\)$/);
        // A task's export reads its rows in insertion order from the taskId index: no sort of every row.
        expect(plan(coll, { taskId })).toMatch(/^SEARCH .* USING INDEX \w+ \(taskId=\?\)$/);
      }
      for (const coll of ['shops', 'commodities', 'news'] as const) {
        expect(plan(coll, { url: 'http://shop.test/p/0-1' })).toMatch(/USING INDEX \w+_uk \(uk=\?\)/);
        expect(plan(coll, { taskId, url: 'http://shop.test/p/0-1' })).toMatch(/USING INDEX \w+_uk \(uk=\? AND taskId=\?\)/);
      }
    } finally {
      db.close();
    }
  });
});
