import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import type { StoredDoc } from '../../storage/repository';
import { commodity, listingPage, newsPage } from './fixtures';
import { storeCli } from './helpers/store-cli';
import { tempDir } from '../helpers/temp-dir';

const root = tempDir('store-legacy-');

/** One line of the old store.log: `<crc32 as 8 hex> <JSON of the batch>\n` (a put carries the whole document). */
function logLine(ops: unknown[]): string {
  const json = JSON.stringify({ t: Date.now(), ops });
  return `${crc32(Buffer.from(json)).toString(16).padStart(8, '0')} ${json}\n`;
}

/**
 * Real documents as the crawler stores them (saved through savePage in a scratch store), then
 * written as the old log: every collection, an updated record written twice, a touch, and
 * the torn last line a writer killed mid-write left.
 */
async function oldStore(dir: string): Promise<{ docs: Record<string, StoredDoc[]>; touchedAt: Date }> {
  const scratch = await openRepository({ dataDir: join(dir, 'scratch'), mongodbUri: '' });
  const task = await scratch.upsertTask({ name: 'old', type: 'auto', startUrls: ['http://shop.test/'] });
  const goods = Array.from({ length: 120 }, (_, i) => commodity({ url: `http://shop.test/p/${i}`, price: 10 + i, salePrice: i % 2 ? 5 + i : null, extra: { 颜色: i % 3 ? '红色' : '蓝色' } }));
  await scratch.savePage(task, listingPage('http://shop.test/list', goods, {
    categories: [{ name: '手机', url: 'http://shop.test/c/1', level: 1, parentName: null, path: ['手机'] }] as never,
  }));
  await scratch.savePage(task, listingPage('http://shop.test/list', [commodity({ url: 'http://shop.test/p/0', price: 8 })]));
  await scratch.savePage(task, newsPage('http://news.test/a/1', '标题', '新闻正文内容'));
  const docs: Record<string, StoredDoc[]> = {};
  for (const c of ['tasks', 'categories', 'commodities', 'news'] as const) docs[c] = await scratch.find(c, {});
  await scratch.close();

  const store = join(dir, 'store');
  const touchedAt = new Date('2026-11-20T10:00:00.000Z');
  const first = docs.commodities!.find((d) => d.url === 'http://shop.test/p/0')!;
  const lines = [
    logLine(docs.tasks!.map((d) => ({ k: 'p', c: 'tasks', d }))),
    // p/0 first as it was before its price change, then as it is now (the later put wins).
    logLine([{ k: 'p', c: 'commodities', d: { ...first, price: 10, priceHistory: [(first.priceHistory as unknown[])[0]] } }]),
    logLine([...docs.categories!.map((d) => ({ k: 'p', c: 'categories', d })), ...docs.commodities!.map((d) => ({ k: 'p', c: 'commodities', d }))]),
    logLine(docs.news!.map((d) => ({ k: 'p', c: 'news', d }))),
    logLine([{ k: 't', c: 'commodities', ids: [docs.commodities![5]!._id], at: touchedAt.toISOString() }]),
  ];
  mkdirSync(store, { recursive: true });
  writeFileSync(join(store, 'store.log'), lines.join(''));
  appendFileSync(join(store, 'store.log'), '1a2b3c4d {"t":1,"ops":[{"k":"p","c":"commodities","d":{"_id":"');
  return { docs, touchedAt };
}

describe('a store in the old log format', () => {
  it('is imported on first open with every record, the old log kept as a backup', async () => {
    const dir = join(root, 'rw');
    const { docs, touchedAt } = await oldStore(dir);
    const store = join(dir, 'store');
    const repo = await openRepository({ dataDir: store, mongodbUri: '' });
    expect(existsSync(join(store, 'store.log'))).toBe(false);
    expect(readFileSync(join(store, 'store.log.imported.bak'), 'utf8')).toMatch(/^[0-9a-f]{8} \{"t":/);
    for (const [coll, list] of Object.entries(docs)) {
      const stored = await repo.find(coll as never, {}, { sort: { _id: 1 } });
      expect(stored.length, coll).toBe(list.length);
      const byId = new Map(stored.map((d) => [d._id, d]));
      for (const d of list) {
        const back = byId.get(d._id)!;
        if (coll === 'commodities' && d._id === docs.commodities![5]!._id) expect(back.lastSeenAt).toEqual(touchedAt);
        else expect(back).toEqual(d);
      }
    }
    const [p0] = await repo.find('commodities', { url: 'http://shop.test/p/0' });
    expect(p0!.price).toBe(8);
    expect((p0!.priceHistory as unknown[]).length).toBe(2);
    // Queries on indexed columns and on the extension map work on imported records.
    expect(await repo.count('commodities', { price: { $lt: 20 } })).toBe(10);
    expect(await repo.count('commodities', { 'extra.颜色': '蓝色' })).toBe(40);
    // The crawl goes on on the imported store: the same URL is the same record.
    const task = (await repo.getTaskByName('old'))!;
    const r = await repo.savePage(task, listingPage('http://shop.test/list', [commodity({ url: 'http://shop.test/p/1', price: 99 })]));
    expect(r.updated.commodities).toBe(1);
    expect(await repo.count('commodities', { taskId: task.id })).toBe(120);
    await repo.close();

    // A second open imports nothing again.
    const again = await openRepository({ dataDir: store, mongodbUri: '' });
    expect(await again.count('commodities')).toBe(120);
    await again.close();
  });

  it('is imported when the first command after the upgrade is a query', async () => {
    const dir = join(root, 'ro');
    await oldStore(dir);
    const r = await storeCli(dir, 'query', 'commodities', '{"price": {"$gte": 120}}', '--format', 'jsonl', '--fields', 'url,price', '--sort', 'price');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^store: imported 123 records from the old log into .*store\.sqlite; the old log is kept as .*store\.log\.imported\.bak\n/m);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l).price)).toEqual([120, 121, 122, 123, 124, 125, 126, 127, 128, 129]);
  });
});
