import { rmSync } from 'node:fs';
import { find as mingoFind } from 'mingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castFilterForEmbedded } from '../../storage/filter';
import { openRepository } from '../../storage/open';
import type { FindOptions, Repository, StoredDoc } from '../../storage/repository';
import { commodity, listingPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

/**
 * The SQLite store answers part of a filter in SQL (columns, JSON functions) and the rest with
 * mingo. Whatever the split, the answer must be MongoDB's: every filter here is checked against
 * mingo run over the whole collection.
 */
const dir = tempDir('store-sql-');
let repo: Repository;
let all: StoredDoc[];
let taskId: string;

beforeAll(async () => {
  repo = await openRepository({ dataDir: dir, mongodbUri: '' });
  const task = await repo.upsertTask({ name: 'q', type: 'commerce', startUrls: ['http://shop.test/'] });
  taskId = task.id;
  const other = await repo.upsertTask({ name: 'q2', type: 'commerce', startUrls: ['http://shop.test/'] });
  const goods = Array.from({ length: 300 }, (_, i) => commodity({
    url: `http://shop.test/p/${i}`,
    price: 10 + (i % 37),
    salePrice: i % 4 === 0 ? null : 5 + (i % 11),
    sku: i % 5 === 0 ? null : `S${i % 13}`,
    brand: ['华为', '小米', null][i % 3]!,
    rating: i % 6 === 0 ? null : (i % 50) / 10,
    extra: { 颜色: i % 10 === 0 ? ['红色', '蓝色'] : ['红色', '蓝色', '黑色'][i % 3]!, n: i % 9, flag: i % 2 === 0, ...(i % 7 ? {} : { rare: 'x' }) },
  }));
  await repo.savePage(task, listingPage('http://shop.test/l', goods.slice(0, 200)));
  await repo.savePage(other, listingPage('http://shop.test/l', goods.slice(150)));
  all = await repo.find('commodities', {});
  expect(all).toHaveLength(350);
});
afterAll(async () => { await repo.close(); });

const cases: Array<[Record<string, unknown>, FindOptions]> = [
  [{}, { sort: { price: -1 }, limit: 7 }],
  [{ price: { $gte: 20, $lt: 30 } }, { sort: { salePrice: 1 } }],
  [{ salePrice: null }, { sort: { price: 1 }, skip: 3, limit: 5 }],
  [{ salePrice: { $lt: 9 } }, { sort: { salePrice: -1, price: 1 }, limit: 12 }],
  [{ salePrice: { $ne: 7 } }, {}],
  [{ sku: { $in: ['S1', 'S2', null] } }, { sort: { sku: 1 } }],
  [{ sku: { $exists: false } }, {}],
  [{ brand: '小米', price: { $gt: 40 } }, { sort: { rating: -1 }, limit: 4 }],
  [{ 'extra.颜色': '红色' }, { sort: { price: 1 }, limit: 30 }],
  [{ 'extra.颜色': { $in: ['黑色'] } }, {}],
  [{ 'extra.n': { $gte: 7 } }, { sort: { 'extra.n': -1, price: 1 } }],
  [{ 'extra.flag': true, 'extra.rare': 'x' }, {}],
  [{ 'extra.flag': false, 'extra.n': { $lt: 4 } }, { sort: { price: -1 }, limit: 8 }],
  [{ 'extra.n': '3' }, {}],
  [{ 'extra.颜色': '["红色","蓝色"]' }, {}],
  [{ $or: [{ price: 10 }, { 'extra.n': 3 }] }, { sort: { url: 1 }, limit: 9 }],
  [{ $and: [{ price: { $lte: 15 } }, { salePrice: { $gte: 10 } }] }, {}],
  [{ price: '10' }, {}],
  [{ price: { $in: [] } }, {}],
  [{ url: { $regex: '/p/1\\d$' } }, { sort: { url: -1 } }],
  [{ lastSeenAt: { $gte: '2000-01-01T00:00:00Z' } }, { limit: 3 }],
];

describe('queries on the SQLite store', () => {
  it.each(cases)('%j %j gives what MongoDB would', async (filter, options) => {
    for (const f of [filter, { ...filter, taskId }]) {
      let expected = mingoFind(all, castFilterForEmbedded('commodities', f));
      if (options.sort) expected = expected.sort(options.sort);
      if (options.skip) expected = expected.skip(options.skip);
      if (options.limit) expected = expected.limit(options.limit);
      const want = (expected.all() as StoredDoc[]).map((d) => d._id);
      const got = (await repo.find('commodities', f, options)).map((d) => d._id);
      // Ties of the sort may come in any order; the records and their sort values must agree.
      if (options.sort) {
        const key = (id: string) => JSON.stringify(Object.keys(options.sort!).map((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], all.find((d) => d._id === id))));
        expect(got.map(key)).toEqual(want.map(key));
        if (!options.limit) expect(new Set(got)).toEqual(new Set(want));
      } else expect(got).toEqual(want);
      expect(await repo.count('commodities', f)).toBe(mingoFind(all, castFilterForEmbedded('commodities', f)).all().length);
      const streamed: string[] = [];
      for await (const d of repo.stream('commodities', f, options)) streamed.push(d._id);
      expect(streamed).toEqual(got);
    }
  });
});

describe('a sort SQL cannot serve, over more matches than it keeps', () => {
  it('gives the page MongoDB would, ties in insertion order', async () => {
    const d = tempDir('store-sql-topk-');
    const r = await openRepository({ dataDir: d, mongodbUri: '' });
    try {
      const task = await r.upsertTask({ name: 'k', type: 'commerce', startUrls: ['http://shop.test/'] });
      // 2,500 matches, sorted on a field without a column (only 7 values: many ties).
      for (let p = 0; p < 5; p++) {
        await r.savePage(task, listingPage(`http://shop.test/l${p}`, Array.from({ length: 500 }, (_, i) => commodity({
          url: `http://shop.test/k/${p * 500 + i}`, extra: { g: (p * 500 + i) % 7 },
        }))));
      }
      const every = await r.find('commodities', {});
      for (const options of [{ sort: { 'extra.g': -1 as const }, skip: 1195, limit: 10 }, { sort: { 'extra.g': 1 as const }, limit: 3 }]) {
        const want = (mingoFind(every, {}).sort(options.sort).skip(options.skip ?? 0).limit(options.limit).all() as StoredDoc[]).map((x) => x._id);
        expect((await r.find('commodities', {}, options)).map((x) => x._id)).toEqual(want);
      }
    } finally {
      await r.close();
      rmSync(d, { recursive: true, force: true });
    }
  });
});
