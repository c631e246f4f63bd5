import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import type { Repository } from '../../storage/repository';
import { commodity, listingPage, newsPage, productPage } from './fixtures';

interface BackendCase {
  name: string;
  open(): Promise<Repository>;
  cleanup(): void;
}

const dirs: string[] = [];
const embedded: BackendCase = {
  name: 'embedded',
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
    dirs.push(dir);
    return openRepository({ dataDir: dir, mongodbUri: '' });
  },
  cleanup: () => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); },
};

const mongoUri = process.env.MONGODB_URI;
const mongo: BackendCase = {
  name: 'mongodb',
  open: () => openRepository({ mongodbUri: mongoUri }),
  cleanup: () => undefined,
};

if (!mongoUri) console.log('storage contract: MongoDB backend skipped — set MONGODB_URI (e.g. mongodb://127.0.0.1:27017/crawler_test) to run the same suite against MongoDB');

/** Each run uses its own task names, so the suite can share a MongoDB database with earlier runs. */
const run = `${process.pid}-${Date.now()}`;

function contract(backend: BackendCase): void {
  let repo: Repository;
  let seq = 0;
  const newTask = async () => repo.upsertTask({ name: `t-${run}-${++seq}`, type: 'commerce', startUrls: ['http://shop.test/'] });

  beforeAll(async () => { repo = await backend.open(); });
  afterAll(async () => { await repo?.close(); backend.cleanup(); });

  it('keeps one record per task and URL when a page is saved again', async () => {
    const task = await newTask();
    const page = listingPage('http://shop.test/list', [commodity({ url: 'http://shop.test/p/1' }), commodity({ url: 'http://shop.test/p/2' })]);
    const first = await repo.savePage(task, page);
    expect(first.inserted.commodities).toBe(2);
    await repo.savePage(task, page);
    await repo.savePage(task, listingPage('http://shop.test/list?page=1', [commodity({ url: 'http://shop.test/p/1' })]));
    expect(await repo.count('commodities', { taskId: task.id })).toBe(2);
    // The same URL under another task is another record.
    const other = await newTask();
    await repo.savePage(other, page);
    expect(await repo.count('commodities', { taskId: other.id })).toBe(2);
    expect(await repo.count('commodities', { taskId: task.id })).toBe(2);
  });

  it('tracks first seen, last seen and last changed across re-crawls', async () => {
    const task = await newTask();
    const url = 'http://shop.test/p/seen';
    const t1 = new Date('2026-01-01T00:00:00Z');
    const t2 = new Date('2026-01-02T00:00:00Z');
    const t3 = new Date('2026-01-03T00:00:00Z');
    await repo.savePage(task, productPage(url, { name: 'A', price: 100 }), { fetchedAt: t1 });
    const same = await repo.savePage(task, productPage(url, { name: 'A', price: 100 }), { fetchedAt: t2 });
    expect(same.unchanged.commodities).toBe(1);
    expect(same.updated.commodities + same.inserted.commodities).toBe(0);
    let [d] = await repo.find('commodities', { taskId: task.id, url });
    expect(d!.firstSeenAt).toEqual(t1);
    expect(d!.lastSeenAt).toEqual(t2);
    expect(d!.lastChangedAt).toEqual(t1);
    const changed = await repo.savePage(task, productPage(url, { name: 'A (新款)', price: 100 }), { fetchedAt: t3 });
    expect(changed.updated.commodities).toBe(1);
    [d] = await repo.find('commodities', { taskId: task.id, url });
    expect(d!.name).toBe('A (新款)');
    expect(d!.firstSeenAt).toEqual(t1);
    expect(d!.lastSeenAt).toEqual(t3);
    expect(d!.lastChangedAt).toEqual(t3);
  });

  it('appends to the price history only when price or sale price changes', async () => {
    const task = await newTask();
    const url = 'http://shop.test/p/price';
    const at = (d: number) => ({ fetchedAt: new Date(Date.UTC(2026, 0, d)) });
    await repo.savePage(task, productPage(url, { price: 1299.5, salePrice: null }), at(1));
    await repo.savePage(task, productPage(url, { price: 1299.5, salePrice: null, name: 'renamed' }), at(2)); // content change, same prices
    await repo.savePage(task, productPage(url, { price: 1299.5, salePrice: 999 }), at(3));
    await repo.savePage(task, productPage(url, { price: 1299.5, salePrice: 999 }), at(4));
    await repo.savePage(task, productPage(url, { price: 1199, salePrice: 999 }), at(5));
    const [d] = await repo.find('commodities', { taskId: task.id, url });
    expect(d!.priceHistory).toEqual([
      { at: new Date(Date.UTC(2026, 0, 1)), price: 1299.5, salePrice: null },
      { at: new Date(Date.UTC(2026, 0, 3)), price: 1299.5, salePrice: 999 },
      { at: new Date(Date.UTC(2026, 0, 5)), price: 1199, salePrice: 999 },
    ]);
    expect(d!.price).toBe(1199);
  });

  it('rejects a record that fails its schema, names the field, and stores the rest of the page', async () => {
    const task = await newTask();
    const page = listingPage('http://shop.test/mixed', [
      commodity({ url: 'http://shop.test/p/ok', price: 10 }),
      commodity({ url: 'http://shop.test/p/noprice', price: null }),
      commodity({ url: 'http://shop.test/p/badcur', currency: 'yuan!' }),
    ], {
      categories: [{ name: '家电', url: 'http://shop.test/c/1', level: 1, path: ['家电'] }, { name: '冰箱', url: null, level: 7, path: ['家电', '冰箱'] }],
    });
    const report = await repo.savePage(task, page);
    expect(report.inserted.commodities).toBe(1);
    expect(report.inserted.categories).toBe(1);
    expect(report.rejected.map((r) => [r.table, r.url, r.field])).toEqual([
      ['categories', 'http://shop.test/mixed', 'level'],
      ['commodities', 'http://shop.test/p/noprice', 'price'],
      ['commodities', 'http://shop.test/p/badcur', 'currency'],
    ]);
    const stored = await repo.find('commodities', { taskId: task.id }, { projection: { url: 1 } });
    expect(stored.map((d) => d.url)).toEqual(['http://shop.test/p/ok']);
  });

  it('links categories to parents by path, commodities to their shop, reviews to the commodity', async () => {
    const task = await newTask();
    await repo.savePage(task, listingPage('http://shop.test/nav', [], {
      categories: [{ name: '电子', url: 'http://shop.test/c/e', level: 1, path: ['电子'] }],
    }));
    const page = productPage('http://shop.test/p/linked', { shopName: '旗舰店' }, {
      shop: { name: '旗舰店', url: 'http://shop.test/shop/1', goodsCount: 120, rating: '98%' },
      categories: [{ name: '手机', url: 'http://shop.test/c/p', level: 2, path: ['电子', '手机'] }],
      reviews: [{ author: '小王', rating: 5, content: '很好用', date: '2026-02-01' }, { author: null, rating: null, content: '一般', date: null }],
    });
    await repo.savePage(task, page);
    const [parent] = await repo.find('categories', { taskId: task.id, name: '电子' });
    const [child] = await repo.find('categories', { taskId: task.id, name: '手机' });
    expect(child!.parentId).toBe(parent!._id);
    const [shop] = await repo.find('shops', { taskId: task.id });
    const [c] = await repo.find('commodities', { taskId: task.id });
    expect(c!.shopId).toBe(shop!._id);
    expect(shop!.rating).toBe('98%');
    const reviews = await repo.find('reviews', { commodityId: c!._id }, { sort: { content: 1 } });
    expect(reviews.map((r) => r.content)).toEqual(['一般', '很好用']);
    // Same reviews again: no duplicates.
    await repo.savePage(task, page);
    expect(await repo.count('reviews', { commodityId: c!._id })).toBe(2);
  });

  it('keeps the extension map and makes it queryable', async () => {
    const task = await newTask();
    await repo.savePage(task, listingPage('http://shop.test/ext', [
      commodity({ url: 'http://shop.test/p/red', extra: { 颜色: '红色', 'v1.2': 'dot' } }),
      commodity({ url: 'http://shop.test/p/blue', extra: { 颜色: '蓝色' } }),
    ]));
    const red = await repo.find('commodities', { taskId: task.id, 'extra.颜色': '红色' });
    expect(red.map((d) => d.url)).toEqual(['http://shop.test/p/red']);
    expect((red[0]!.extra as Record<string, unknown>)['v1．2']).toBe('dot');
  });

  it('compares and sorts money numerically and returns plain numbers', async () => {
    const task = await newTask();
    const prices = [1299.5, 99.9, 100, 5, 20.1, 1000];
    await repo.savePage(task, listingPage('http://shop.test/money', prices.map((p, i) => commodity({ url: `http://shop.test/p/m${i}`, price: p + 1, salePrice: p }))));
    const cheap = await repo.find('commodities', { taskId: task.id, salePrice: { $lt: 100 } }, { sort: { salePrice: -1 } });
    expect(cheap.map((d) => d.salePrice)).toEqual([99.9, 20.1, 5]);
    const all = await repo.find('commodities', { taskId: task.id }, { sort: { salePrice: 1 } });
    expect(all.map((d) => d.salePrice)).toEqual([5, 20.1, 99.9, 100, 1000, 1299.5]);
    expect(JSON.stringify(all[5]!.salePrice)).toBe('1299.5');
    expect(all[5]!.price).toBe(1300.5);
  });

  it('normalises values as the schema says (trim, upper-case currency, numbers from money)', async () => {
    const task = await newTask();
    await repo.savePage(task, productPage('http://shop.test/p/norm', { name: '  空格 商品 ', currency: 'cny', price: 1299.4999999999998 }));
    const [d] = await repo.find('commodities', { taskId: task.id });
    expect([d!.name, d!.currency, d!.price]).toEqual(['空格 商品', 'CNY', 1299.5]);
  });

  it('applies projection, skip and limit', async () => {
    const task = await newTask();
    await repo.savePage(task, listingPage('http://shop.test/proj', [1, 2, 3, 4].map((i) => commodity({ url: `http://shop.test/p/q${i}`, price: i * 10 }))));
    const rows = await repo.find('commodities', { taskId: task.id }, { sort: { price: -1 }, skip: 1, limit: 2, projection: { name: 1, price: 1 } });
    expect(rows.map((r) => r.price)).toEqual([30, 20]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['_id', 'name', 'price']);
  });

  it('marks records of a vanished page as gone and brings them back when seen again', async () => {
    const task = await newTask();
    const url = 'http://shop.test/p/gone';
    await repo.savePage(task, productPage(url, { price: 5 }));
    expect(await repo.markGone(task.id, url)).toBe(1);
    const [gone] = await repo.find('commodities', { taskId: task.id, url });
    expect(gone!.gone).toBe(true);
    expect(await repo.count('commodities', { taskId: task.id, gone: false })).toBe(0);
    const back = await repo.savePage(task, productPage(url, { price: 5 }));
    expect(back.updated.commodities).toBe(1);
    const [again] = await repo.find('commodities', { taskId: task.id, url });
    expect(again!.gone).toBe(false);
  });

  it('stores news and finds it by text', async () => {
    const task = await newTask();
    await repo.savePage(task, newsPage('http://news.test/a/1', '芯片产业新闻', '国产芯片产能提升。'));
    await repo.savePage(task, newsPage('http://news.test/a/2', '天气', '明天下雨。'));
    const hits = await repo.find('news', { taskId: task.id, $text: { $search: '芯片' } });
    expect(hits.map((h) => h.url)).toEqual(['http://news.test/a/1']);
    expect(hits[0]!.publishedAt).toEqual(new Date('2026-03-01T08:00:00Z'));
  });

  it('lists tasks with counts per table and registers workers with heartbeats', async () => {
    const task = await newTask();
    await repo.savePage(task, productPage('http://shop.test/p/count', { price: 1 }, { shop: { name: '店', url: 'http://shop.test/s', goodsCount: null, rating: null } }));
    const worker = await repo.registerWorker({ taskId: task.id, hostName: `host-${run}`, pid: 4242 });
    await repo.heartbeat(worker.id, 'idle');
    const summary = (await repo.listTasks()).find((t) => t.id === task.id)!;
    expect(summary.counts).toEqual({ categories: 0, shops: 1, commodities: 1, reviews: 0, news: 0 });
    expect(summary.hosts).toEqual([`host-${run}`]);
    const [w] = await repo.find('workers', { _id: worker.id });
    expect(w!.status).toBe('idle');
    expect(await repo.count('hosts', { name: `host-${run}` })).toBe(1);
    const updated = await repo.updateTask(task.id, { status: 'finished', endedAt: new Date('2026-05-01T00:00:00Z') });
    expect(updated.status).toBe('finished');
    expect((await repo.getTaskByName(task.name))!.endedAt).toEqual(new Date('2026-05-01T00:00:00Z'));
  });

  it('rejects unknown operators and unknown collections with a clear message', async () => {
    await expect(repo.find('commodities', { price: { $cheaper: 1 } })).rejects.toThrow(/unknown .*operator \$cheaper/);
    await expect(repo.find('goods' as never, {})).rejects.toThrow(/valid collections: tasks, categories, shops, commodities/);
  });
}

describe('storage contract: embedded', () => contract(embedded));
(mongoUri ? describe : describe.skip)('storage contract: mongodb', () => contract(mongo));
