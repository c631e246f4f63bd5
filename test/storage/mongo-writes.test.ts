import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { mergeRecord } from '../../storage/record-builder';
import type { StoredDoc } from '../../storage/repository';
import { isWriteConflict, toMongoBatches, toMongoWrite, type MongoWrite } from '../../storage/mongo/writes';

/**
 * The MongoDB operations a save becomes (the server's side of them runs in the contract suite
 * wherever MONGODB_URI is set). What matters: each record is one single-document update that
 * cannot undo another worker's write — inserts carry their id in the filter, updates are
 * guarded by what the merge read, a price change is a $push of one entry, lastSeenAt moves by $max.
 */
const TASK = '65a000000000000000000001';
const ID = '65a0000000000000000000c1';
const t1 = new Date('2026-01-01T00:00:00Z');
const t2 = new Date('2026-01-02T00:00:00Z');

type One = { filter: Record<string, unknown>; update: Record<string, Record<string, unknown>>; upsert: boolean };
/** The single-document update of a write (fails the test when it is an updateMany). */
function one(w: MongoWrite): One {
  if (!('updateOne' in w)) throw new Error('expected an updateOne');
  return w.updateOne as unknown as One;
}

function stored(price: number): StoredDoc {
  const content = { taskId: TASK, key: 'http://shop.test/p/1', site: 'shop.test', url: 'http://shop.test/p/1', name: 'A', price, salePrice: null, currency: 'CNY', extra: {} };
  const m = mergeRecord('commodities', content, undefined, t1, () => ID);
  if (m.kind !== 'insert') throw new Error('expected an insert');
  return m.doc;
}

describe('MongoDB writes of a save', () => {
  it('inserts a new record by its unique key and planned id, so a second inserter gets a duplicate-key conflict', () => {
    const doc = stored(100);
    const w = toMongoWrite({ kind: 'insert', coll: 'commodities', doc }, undefined);
    expect(w).toEqual({
      updateOne: {
        filter: { taskId: TASK, key: 'http://shop.test/p/1', _id: ID },
        update: { $setOnInsert: expect.objectContaining({ price: 100, firstSeenAt: t1, priceHistory: [{ at: t1, price: 100, salePrice: null }] }) },
        upsert: true,
        setDefaultsOnInsert: false,
      },
    });
    expect(one(w).update.$setOnInsert).not.toHaveProperty('key');
  });

  it('pushes one price-history entry guarded by the fingerprint and history it read, and moves lastSeenAt by $max', () => {
    const before = stored(100);
    const m = mergeRecord('commodities', { ...before, price: 90 }, before, t2, () => 'unused');
    expect(m.kind).toBe('update');
    const w = toMongoWrite({ kind: 'update', coll: 'commodities', doc: (m as { doc: StoredDoc }).doc }, before);
    const { filter, update, upsert } = one(w);
    expect(upsert).toBe(true);
    expect(filter).toEqual({ taskId: TASK, key: 'http://shop.test/p/1', _id: ID, fingerprint: before.fingerprint, gone: { $ne: true }, priceHistory: { $size: 1 } });
    expect(update.$push).toEqual({ priceHistory: { at: t2, price: 90, salePrice: null } });
    expect(update.$max).toEqual({ lastSeenAt: t2 });
    expect(update.$set).toMatchObject({ price: 90, lastChangedAt: t2 });
    for (const k of ['priceHistory', 'lastSeenAt', 'firstSeenAt', 'taskId', 'key']) expect(update.$set).not.toHaveProperty(k);
  });

  it('leaves the price history alone when the price did not change', () => {
    const before = stored(100);
    const m = mergeRecord('commodities', { ...before, name: 'A2' }, before, t2, () => 'unused');
    const w = toMongoWrite({ kind: 'update', coll: 'commodities', doc: (m as { doc: StoredDoc }).doc }, before);
    const update = one(w).update;
    expect(update.$push).toBeUndefined();
    expect(update.$set).not.toHaveProperty('priceHistory');
    expect(update.$set).toMatchObject({ name: 'A2' });
  });

  it('guards task, worker and host updates by what they last changed', () => {
    const task = { _id: TASK, name: 'electronics', status: 'running', updatedAt: t1, hosts: [] } as StoredDoc;
    const w = toMongoWrite({ kind: 'update', coll: 'tasks', doc: { ...task, hosts: ['h1'] } }, task);
    expect(one(w).filter).toEqual({ name: 'electronics', _id: TASK, updatedAt: t1, status: 'running', hosts: [] });
    expect(one(w).update.$set).toMatchObject({ hosts: ['h1'] });
    const worker = { _id: ID, key: 'h1:42:t', status: 'running', lastHeartbeatAt: t1 } as StoredDoc;
    const beat = toMongoWrite({ kind: 'update', coll: 'workers', doc: { ...worker, lastHeartbeatAt: t2 } }, worker);
    expect(one(beat).filter).toEqual({ key: 'h1:42:t', _id: ID, lastHeartbeatAt: t1 });
  });

  it('touches by $max, keeps the order of the plan across collections, and knows a duplicate-key conflict', () => {
    const doc = stored(100);
    const batches = toMongoBatches([
      { kind: 'insert', coll: 'shops', doc: { ...doc, _id: '65a000000000000000000051' } },
      { kind: 'insert', coll: 'commodities', doc },
      { kind: 'touch', coll: 'commodities', ids: [ID], at: t2 },
      { kind: 'insert', coll: 'reviews', doc: { ...doc, key: 'r' } },
    ], () => undefined);
    expect(batches.map((b) => [b.coll, b.writes.length])).toEqual([['shops', 1], ['commodities', 2], ['reviews', 1]]);
    expect(batches[1]!.writes[1]).toEqual({ updateMany: { filter: { _id: { $in: [ID] } }, update: { $max: { lastSeenAt: t2 } } } });
    expect(isWriteConflict(new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key error collection: crawler.commodities', code: 11000 }))).toBe(true);
    expect(isWriteConflict(new mongoose.mongo.MongoServerError({ message: 'not primary', code: 10107 }))).toBe(false);
  });
});

describe('MongoDB writes as Mongoose casts them (no server needed)', () => {
  it('cast under the schemas without losing a field: ids, money, the pushed entry, news search terms', async () => {
    const { castUpdateOne } = (await import('mongoose/lib/helpers/model/castBulkWrite.js' as string)) as {
      castUpdateOne(model: unknown, op: Record<string, unknown>, options: Record<string, unknown>, now: Date): void;
    };
    const { validationModel } = await import('../../schemas/index');
    const before = stored(100);
    const m = mergeRecord('commodities', { ...before, price: 90.5 }, before, t2, () => 'unused');
    const w = toMongoWrite({ kind: 'update', coll: 'commodities', doc: (m as { doc: StoredDoc }).doc }, before);
    const op = structuredClone(one(w)) as unknown as Record<string, unknown>;
    castUpdateOne(validationModel('commodities'), op, {}, t2);
    const f = op.filter as Record<string, unknown>;
    const u = op.update as Record<string, Record<string, unknown>>;
    expect(f._id).toBeInstanceOf(mongoose.Types.ObjectId);
    expect(f.taskId).toBeInstanceOf(mongoose.Types.ObjectId);
    expect(f.priceHistory).toEqual({ $size: 1 });
    expect(String((u.$set!.price as object))).toBe('90.5');
    const pushed = u.$push!.priceHistory as Record<string, unknown>;
    expect(String(pushed.price)).toBe('90.5');
    expect(pushed.at).toEqual(t2);
    expect(u.$max).toEqual({ lastSeenAt: t2 });

    const news = mergeRecord('news', { taskId: TASK, key: 'http://news.test/1', site: 'news.test', url: 'http://news.test/1', title: '芯片产业新闻', content: '国产芯片', language: 'zh', extra: {} }, undefined, t1, () => ID);
    const ins = structuredClone(one(toMongoWrite({ kind: 'insert', coll: 'news', doc: (news as { doc: StoredDoc }).doc }, undefined))) as unknown as Record<string, unknown>;
    castUpdateOne(validationModel('news'), ins, {}, t1);
    const doc = (ins.update as Record<string, Record<string, unknown>>).$setOnInsert!;
    expect(doc.searchTerms).toEqual(expect.arrayContaining(['芯片', '产业', '国产']));
    expect(doc.language).toBe('zh');
    expect(doc).not.toHaveProperty('textIndexLanguage');
  });
});
