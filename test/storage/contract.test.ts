import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import type { Repository } from '../../storage/repository';
import { commodity, listingPage, newsPage, productPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

interface BackendCase {
  name: string;
  /** The store a crawl opens: indexes ensured. */
  open(): Promise<Repository>;
  /** A second, independent connection to the store `open` returned last (another worker). */
  openPeer(): Promise<Repository>;
  cleanup(): void;
}

const dirs: string[] = [];
const embedded: BackendCase = {
  name: 'embedded',
  open: async () => {
    const dir = tempDir('store-contract-');
    dirs.push(dir);
    const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    await repo.ensureIndexes();
    return repo;
  },
  openPeer: () => openRepository({ dataDir: dirs[dirs.length - 1]!, mongodbUri: '' }),
  cleanup: () => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); },
};

const mongoUri = process.env.MONGODB_URI;
const mongo: BackendCase = {
  name: 'mongodb',
  open: async () => {
    const repo = await openRepository({ mongodbUri: mongoUri });
    await repo.ensureIndexes();
    return repo;
  },
  openPeer: () => openRepository({ mongodbUri: mongoUri }),
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

  it('stores news in any language, the text index never reading the record\'s language (zh, ja, ko, none)', async () => {
    const task = await newTask();
    const langs = ['zh', 'ja', 'ko', null, 'en', 'zh-CN'];
    for (const [i, language] of langs.entries()) {
      const page = newsPage(`http://news.test/lang/${i}`, `标题 ${i}`, `正文 ${i} 芯片`);
      page.news!.language = language;
      const report = await repo.savePage(task, page);
      expect(report.rejected).toEqual([]);
      expect(report.inserted.news).toBe(1);
    }
    const stored = await repo.find('news', { taskId: task.id }, { sort: { url: 1 } });
    expect(stored.map((d) => d.language)).toEqual(langs);
    expect(await repo.count('news', { taskId: task.id, $text: { $search: '芯片' } })).toBe(langs.length);
  });

  it('searches Chinese news by words inside longer text, the same way on both backends', async () => {
    const task = await newTask();
    const save = (n: number, title: string, content: string, author: string) => {
      const page = newsPage(`http://news.test/zh/${n}`, title, content);
      page.news!.author = author;
      return repo.savePage(task, page);
    };
    await save(1, '芯片产业新闻', '国产芯片产能提升，手机厂商受益。', '甲');
    await save(2, '手机市场', '新款手机发布，搭载自研芯片。', '乙');
    await save(3, '天气预报', '明天全国大部分地区下雨。', '丙');
    await save(4, 'Café chips', 'A CAFÉ in Zürich sells Chips.', '丁');
    const urls = async (filter: Record<string, unknown>) =>
      (await repo.find('news', { taskId: task.id, ...filter }, { sort: { url: 1 } })).map((d) => Number(String(d.url).split('/').pop()));
    expect(await urls({ $text: { $search: '芯片' } })).toEqual([1, 2]);
    expect(await urls({ $text: { $search: '产能' } })).toEqual([1]);
    expect(await urls({ $text: { $search: '国产芯片' } })).toEqual([1, 2]); // any of its words, as MongoDB's $text
    expect(await urls({ $text: { $search: '芯片 -手机' } })).toEqual([]);
    expect(await urls({ $text: { $search: '下雨 -手机' } })).toEqual([3]);
    // Case and accents fold on both backends, as MongoDB's text index folds them; no stemming.
    expect(await urls({ $text: { $search: 'cafe zurich' } })).toEqual([4]);
    expect(await urls({ $text: { $search: 'CHIPS' } })).toEqual([4]);
    expect(await urls({ $text: { $search: 'chip' } })).toEqual([]);
    // The user's own $or is kept beside the search (it was overwritten by the search before).
    expect(await urls({ $text: { $search: '芯片' }, $or: [{ author: '乙' }, { author: '丙' }] })).toEqual([2]);
    expect(await repo.count('news', { taskId: task.id, $text: { $search: '芯片' }, $or: [{ author: '丙' }] })).toBe(0);
    const [hit] = await repo.find('news', { taskId: task.id, $text: { $search: '产能' } });
    expect(hit!.searchTerms).toEqual(expect.arrayContaining(['芯片', '产业', '新闻', '国产', '产能']));
  });

  it('refuses $text where no backend can serve it, with the same message on both', async () => {
    await expect(repo.find('commodities', { $text: { $search: '手机' } })).rejects.toThrow(/\$text searches news only/);
    await expect(repo.find('news', { $or: [{ $text: { $search: '手机' } }, { author: '甲' }] })).rejects.toThrow(/\$text is allowed only at the top level/);
    await expect(repo.find('news', { $text: { $search: '手机', $language: 'zh' } })).rejects.toThrow(/\$text takes only \{"\$search"/);
    await expect(repo.find('news', { $text: { $search: '-手机' } })).rejects.toThrow(/at least one word to find/);
  });

  it('rejects negative and non-finite money with the field named, and stores 0', async () => {
    const task = await newTask();
    const report = await repo.savePage(task, listingPage('http://shop.test/money-bad', [
      commodity({ url: 'http://shop.test/p/neg', price: -5 }),
      commodity({ url: 'http://shop.test/p/negsale', price: 10, salePrice: -0.01 }),
      commodity({ url: 'http://shop.test/p/nan', price: Number.NaN }),
      commodity({ url: 'http://shop.test/p/inf', price: 10, salePrice: Number.POSITIVE_INFINITY }),
      commodity({ url: 'http://shop.test/p/free', price: 0 }),
    ]));
    expect(report.rejected.map((r) => [r.url, r.field])).toEqual([
      ['http://shop.test/p/neg', 'price'],
      ['http://shop.test/p/negsale', 'salePrice'],
      ['http://shop.test/p/nan', 'price'],
      ['http://shop.test/p/inf', 'salePrice'],
    ]);
    expect(report.rejected[0]!.message).toMatch(/finite amount of 0 or more/);
    const stored = await repo.find('commodities', { taskId: task.id });
    expect(stored.map((d) => [d.url, d.price])).toEqual([['http://shop.test/p/free', 0]]);
  });

  it('loses no price change and leaves no commodity pointing at a missing shop when two workers save at once', async () => {
    const task = await newTask();
    const peer = await backend.openPeer();
    try {
      const url = 'http://shop.test/p/contended';
      const saved: number[] = [];
      for (let round = 0; round < 6; round++) {
        const a = 100 + round * 2;
        const b = 101 + round * 2;
        saved.push(a, b);
        await Promise.all([
          repo.savePage(task, productPage(url, { name: 'X', price: a }), { fetchedAt: new Date(Date.UTC(2026, 1, 1, round, 0)) }),
          peer.savePage(task, productPage(url, { name: 'X', price: b }), { fetchedAt: new Date(Date.UTC(2026, 1, 1, round, 1)) }),
        ]);
      }
      const [d] = await repo.find('commodities', { taskId: task.id, url });
      const history = (d!.priceHistory as Array<{ price: number }>).map((e) => e.price);
      // Every save changed the price, so every save left its entry (in whichever order they landed).
      expect([...history].sort((x, y) => x - y)).toEqual(saved);

      // Two workers meet the same new shop at once, each with commodities of its own.
      const shop = { name: '新店', url: 'http://shop.test/shop/new', goodsCount: null, rating: null };
      await Promise.all([
        repo.savePage(task, listingPage('http://shop.test/shop/new', [commodity({ url: 'http://shop.test/p/s1' }), commodity({ url: 'http://shop.test/p/s2' })], { shop })),
        peer.savePage(task, productPage('http://shop.test/p/s3', { shopUrl: shop.url, shopName: shop.name }, { shop })),
        peer.savePage(task, listingPage('http://shop.test/list/s', [commodity({ url: 'http://shop.test/p/s4', shopUrl: shop.url })])),
      ]);
      const shops = await repo.find('shops', { taskId: task.id });
      expect(shops.map((s) => s.url)).toEqual([shop.url]);
      const goods = await repo.find('commodities', { taskId: task.id, url: { $in: ['http://shop.test/p/s1', 'http://shop.test/p/s2', 'http://shop.test/p/s3'] } });
      expect(goods.map((g) => g.shopId)).toEqual([shops[0]!._id, shops[0]!._id, shops[0]!._id]);
      const [s4] = await repo.find('commodities', { taskId: task.id, url: 'http://shop.test/p/s4' });
      expect([null, shops[0]!._id]).toContain(s4!.shopId); // saved before or after the shop: never a dangling id
    } finally {
      await peer.close();
    }
  });

  it('creates its indexes only when asked (a crawl or worker start), and asking twice is harmless', async () => {
    await repo.ensureIndexes();
    await repo.ensureIndexes();
    const task = await newTask();
    expect((await repo.savePage(task, productPage('http://shop.test/p/ix', { price: 1 }))).inserted.commodities).toBe(1);
  });

  it('rejects unknown operators and unknown collections with a clear message', async () => {
    await expect(repo.find('commodities', { price: { $cheaper: 1 } })).rejects.toThrow(/unknown .*operator \$cheaper/);
    await expect(repo.find('goods' as never, {})).rejects.toThrow(/valid collections: tasks, categories, shops, commodities/);
  });
}

describe('storage contract: embedded', () => contract(embedded));
(mongoUri ? describe : describe.skip)('storage contract: mongodb', () => contract(mongo));
