import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBatch, parseChunk, type LogBatch } from '../../storage/embedded/log-format';
import { MemCollection } from '../../storage/embedded/mem-collection';

const task = '65f0a1b2c3d4e5f6a7b8c9d0';
const at = (s: string) => new Date(s);

function commodity(id: string, key: string, over: Record<string, unknown> = {}) {
  return {
    _id: id, taskId: task, key, url: key, name: `n ${id}`, brand: '华为', sku: null, shopId: null, price: 1, salePrice: null,
    firstSeenAt: at('2026-01-01T00:00:00Z'), lastSeenAt: at('2026-01-02T00:00:00Z'), lastChangedAt: at('2026-01-01T00:00:00Z'),
    gone: false, goneAt: null, fingerprint: 'f', extra: { 颜色: '红色', when: at('2026-03-01T00:00:00Z') },
    priceHistory: [{ at: at('2026-01-01T00:00:00Z'), price: 1, salePrice: null }],
    ...over,
  };
}

describe('embedded log lines', () => {
  it('are byte for byte `<crc32> <JSON.stringify(batch)>\\n` and read back with dates revived', () => {
    const batch: LogBatch = {
      t: 1,
      ops: [
        { k: 'p', c: 'commodities', d: commodity('a'.repeat(24), 'http://x/1') },
        { k: 'p', c: 'commodities', d: commodity('b'.repeat(24), 'http://x/2', { goneAt: new Date(NaN), lastSeenAt: 'not a date object' }) },
        { k: 't', c: 'commodities', ids: ['a'.repeat(24)], at: '2026-01-03T00:00:00.000Z' },
      ],
    };
    const body = Buffer.from(JSON.stringify(batch));
    const expected = Buffer.concat([Buffer.from(`${crc32(body).toString(16).padStart(8, '0')} `), body, Buffer.from('\n')]);
    const line = encodeBatch(batch);
    expect(line.equals(expected)).toBe(true);

    const parsed = parseChunk(Buffer.concat([line, line.subarray(0, 40)]));
    expect(parsed.corrupt).toBe(0);
    expect(parsed.consumed).toBe(line.length);
    const col = new MemCollection('commodities');
    const op = parsed.batches[0]!.ops[0]!;
    if (op.k !== 'p') throw new Error('expected a put');
    const back = col.revive(op.d);
    // Schema dates come back as Dates; a Date inside `extra` stays the string JSON made of it.
    expect(back).toEqual({ ...commodity('a'.repeat(24), 'http://x/1'), extra: { 颜色: '红色', when: '2026-03-01T00:00:00.000Z' } });
  });
});

describe('in-memory indexes', () => {
  it('follow inserts, updates and replacements', () => {
    const col = new MemCollection('commodities');
    const ids = (field: string, v: unknown) => [...(col.idsWhere(field, v) ?? [])].sort();
    col.put(commodity('1'.repeat(24), 'http://x/1'));
    col.put(commodity('2'.repeat(24), 'http://x/2'));
    col.put(commodity('3'.repeat(24), 'http://x/3', { brand: '小米' }));
    expect(ids('brand', '华为')).toEqual(['1'.repeat(24), '2'.repeat(24)]);
    expect(ids('url', 'http://x/3')).toEqual(['3'.repeat(24)]);
    expect(ids('url', 'http://x/none')).toEqual([]);
    expect(col.idsWhere('name', 'n')).toBeUndefined(); // not an indexed field

    // Update: the brand moves, the unique key stays.
    col.put(commodity('2'.repeat(24), 'http://x/2', { brand: '小米', sku: 'S2' }));
    expect(ids('brand', '华为')).toEqual(['1'.repeat(24)]);
    expect(ids('brand', '小米')).toEqual(['2'.repeat(24), '3'.repeat(24)]);
    expect(ids('sku', 'S2')).toEqual(['2'.repeat(24)]);
    expect(col.getByKey(task, 'http://x/2')!.sku).toBe('S2');

    // Another id with the same (task, key) (only from a foreign log) replaces the holder.
    col.put(commodity('4'.repeat(24), 'http://x/1', { brand: '小米' }));
    expect(col.docs.has('1'.repeat(24))).toBe(false);
    expect(col.getByKey(task, 'http://x/1')!._id).toBe('4'.repeat(24));
    expect(ids('brand', '华为')).toEqual([]);
    expect(ids('brand', '小米')).toEqual(['2'.repeat(24), '3'.repeat(24), '4'.repeat(24)]);
    expect(ids('url', 'http://x/1')).toEqual(['4'.repeat(24)]);
    expect(ids('taskId', task)).toEqual(['2'.repeat(24), '3'.repeat(24), '4'.repeat(24)]);

    // A record whose key changes leaves its old key.
    col.put(commodity('3'.repeat(24), 'http://x/3b', { brand: '小米' }));
    expect(col.getByKey(task, 'http://x/3')).toBeUndefined();
    expect(col.getByKey(task, 'http://x/3b')!._id).toBe('3'.repeat(24));
    expect(ids('url', 'http://x/3')).toEqual([]);
  });
});
