import { describe, expect, it } from 'vitest';
import { PAGE_TABLES, COLLECTIONS, type CollectionName } from '../../schemas/index';
import { validateRecord, validateRecordSync, validateWithModel } from '../../storage/record-builder';

/**
 * validateRecord accepts most records through a fast, synchronous walk over the schema's own
 * casts and validators and leaves the rest to Model.validate. The fast walk must never accept a
 * record Model.validate rejects, and what it accepts must come out exactly as Model.validate +
 * toPlain make it. Checked here on many generated records, valid and invalid.
 */

const now = new Date('2026-04-01T00:00:00Z');
const taskId = '65f0a1b2c3d4e5f6a7b8c9d0';

// A small deterministic generator, so a failure can be reproduced.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const strings = ['商品 A', '  空格 ', '', 'cny', 'CNY', 'usd', 'yuan!', 'InStock', 'OutOfStock', 'instock', 'http://shop.test/p/1', '98%', 'x'.repeat(300)];
const numbers = [0, -0, 1, 1299.5, 1299.4999999999998, 0.30000000000000004, -5, 1e21, 5e-324, NaN, Infinity, -Infinity, 3];
const odd = [null, undefined, '12.5', '', 'abc', '7', true, false, {}, { a: 1 }, [], ['a'], [1, 'b'], new Date('2026-01-02T03:04:05Z'), new Date('invalid'),
  '2026-02-01', 'not a date', '65F0A1B2C3D4E5F6A7B8C9D0', '65f0a1b2c3d4e5f6a7b8c9d1', 'zz', { $numberDecimal: '12.30' }, 12n as unknown];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** A valid-looking record of each table, then fields swapped for odd values. */
function base(coll: CollectionName, i: number): Record<string, unknown> {
  const common = { taskId, key: `k${i}`, site: 'Shop.Test', extra: { 颜色: '红色', n: i } };
  switch (coll) {
    case 'commodities':
      return { ...common, url: `http://shop.test/p/${i}`, name: ` 商品 ${i} `, price: 10 + i / 7, salePrice: i % 2 ? null : 5, currency: 'cny', rating: 4.5, reviewCount: 3, sku: ' S1 ', brand: '华为', availability: 'InStock', image: null, shopId: i % 3 ? null : taskId };
    case 'shops':
      return { ...common, url: 'http://shop.test/s', name: '店', goodsCount: 120, rating: i % 2 ? '98%' : 4.8 };
    case 'categories':
      return { ...common, name: '家电', url: 'http://shop.test/c/1', level: 1 + (i % 3), path: ['家电', '冰箱'], parentId: null };
    case 'reviews':
      return { ...common, commodityId: taskId, url: 'http://shop.test/p/1', author: '小王', rating: 5, content: '很好用', date: '2026-02-01' };
    case 'news':
      return { ...common, url: 'http://news.test/a', title: '标题', publishedAt: '2026-03-01T08:00:00Z', author: null, content: '正文', summary: '摘要', keywords: ['a', 'b'], language: 'zh', classification: null };
    case 'tasks':
      return { name: 't', type: 'commerce', startUrls: ['http://shop.test/'], status: 'running', startedAt: now, endedAt: null, hosts: [], updatedAt: now };
    case 'workers':
      return { key: 'h:1:t', hostId: taskId, hostName: 'h', hostIp: null, pid: 1, taskId, status: 'running', startedAt: now, lastHeartbeatAt: now };
    case 'hosts':
      return { key: 'h', name: 'h', ip: null, lastSeenAt: now };
  }
}

describe('record validation: the fast path agrees with Model.validate', () => {
  for (const coll of COLLECTIONS) {
    it(`${coll}: same result on valid and invalid records`, async () => {
      const r = rng(coll.length * 7919);
      let fastAccepted = 0;
      let rejected = 0;
      for (let i = 0; i < 600; i++) {
        const rec = base(coll, i);
        const keys = Object.keys(rec);
        // i < 100: untouched records; then one to three fields replaced by odd values.
        const changes = i < 100 ? 0 : 1 + Math.floor(r() * 3);
        for (let c = 0; c < changes; c++) {
          const k = pick(r, keys);
          const pool = pick(r, [strings, numbers, odd] as unknown[][]);
          rec[k] = pick(r, pool);
          if (r() < 0.1) delete rec[k];
        }
        const reference = await validateWithModel(coll, structuredClone(rec), now);
        let fast;
        try {
          fast = validateRecordSync(coll, structuredClone(rec), now);
        } catch (err) {
          throw new Error(`fast path threw on ${coll} ${JSON.stringify(rec, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}: ${(err as Error).message}`);
        }
        if (fast) {
          fastAccepted++;
          expect({ rec, result: fast }).toEqual({ rec, result: reference });
        }
        if (!reference.ok) rejected++;
        expect(await validateRecord(coll, structuredClone(rec), now)).toEqual(reference);
      }
      // Both kinds of records were really exercised.
      expect(rejected).toBeGreaterThan(20);
      if ((PAGE_TABLES as readonly string[]).includes(coll)) expect(fastAccepted).toBeGreaterThan(100);
    });
  }

  it('names the failing field of a rejected record', async () => {
    const bad = await validateRecord('commodities', { ...base('commodities', 1), price: null, currency: 'yuan!' }, now);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.field).toBe('price');
      expect(bad.message).toMatch(/price: .*required/);
      expect(bad.message).toMatch(/currency: currency must be an ISO 4217 code/);
    }
  });
});

describe('cleanMoney', () => {
  it('gives what Number(x.toPrecision(15)) gives, faster for whole cents', async () => {
    const { cleanMoney } = await import('../../storage/plain');
    const r = rng(42);
    const xs: number[] = [0, -0, 1299.5, 1299.4999999999998, 0.1 + 0.2, 1e13 - 0.01, 1e13, 1e13 + 0.5, 12345678901234.56, -3.3, 5e-324, 1e300, 0.005, 99.99];
    for (let i = 0; i < 3000; i++) {
      const cents = Math.floor(r() * 10 ** (1 + Math.floor(r() * 15)));
      xs.push(cents / 100, (cents / 100) * 1.0000000001, r() * 10 ** Math.floor(r() * 18), -cents / 100, cents / 100 + 0.1 - 0.1);
    }
    expect(xs.filter((x) => !Object.is(cleanMoney(x), Number(x.toPrecision(15))))).toEqual([]);
  });
});
