import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hash } from 'node:crypto';
import { openRepository } from '../../storage/open';
import { commodityFingerprint, COMMODITY_CHANGE_FIELDS } from '../../storage/record-builder';
import { commodity, listingPage } from './fixtures';

/**
 * Checkpoints run on a thread of their own beside the writer thread
 * (storage/embedded/checkpoint-thread.mjs), and the WAL is synced by the calling thread
 * (store-writer.ts). On a real store file: the WAL's pages reach the store file while saves go
 * on, and SQLite starts the WAL over instead of letting it grow with the store.
 */
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('embedded store: checkpoints beside the writer thread', () => {
  it('copies the WAL into the store file while saving and keeps the WAL from growing with the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-ckpt-'));
    dirs.push(dir);
    const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    const task = await repo.upsertTask({ name: 'ckpt', type: 'commerce', startUrls: ['http://shop.test/'] });
    // ~40,000 commodities with random-order prices: well over 20,000 WAL pages (one checkpoint's worth) several times.
    const pages = 80;
    const perPage = 500;
    let walMax = 0;
    const running = new Set<Promise<unknown>>();
    for (let p = 0; p < pages; p++) {
      const goods = Array.from({ length: perPage }, (_, i) => {
        const n = p * perPage + i;
        return commodity({ url: `http://shop.test/p/${n}`, price: 10 + ((n * 7919) % 500000) / 100, salePrice: n % 3 ? ((n * 104729) % 300000) / 100 : null });
      });
      const save = repo.savePage(task, listingPage(`http://shop.test/list/${p}`, goods));
      running.add(save);
      void save.then(() => running.delete(save));
      if (running.size >= 2) await Promise.race(running);
      try {
        walMax = Math.max(walMax, statSync(join(dir, 'store.sqlite-wal')).size);
      } catch {
        /* not there yet */
      }
    }
    await Promise.all(running);
    const file = statSync(join(dir, 'store.sqlite')).size;
    expect(await repo.count('commodities', { taskId: task.id })).toBe(pages * perPage);
    expect(await repo.count('commodities', { price: { $lt: 100 } })).toBeGreaterThan(0);
    await repo.close();
    // Everything written went through the WAL (hundreds of MB); it was copied into the store
    // file and the WAL started over, so it stayed within a few checkpoints' worth (80 MB each).
    expect(file).toBeGreaterThan(20 * 2 ** 20);
    expect(walMax).toBeLessThan(200 * 2 ** 20);
  }, 300_000);

  it('fingerprints a commodity from COMMODITY_CHANGE_FIELDS in their order', () => {
    const content = { name: '商品 "1"', price: 1299.5, salePrice: null, currency: 'CNY', availability: 'InStock', sku: undefined, brand: 'Apple', rating: 4, image: 'x' };
    const byList = 'c1:' + hash('sha1', JSON.stringify(COMMODITY_CHANGE_FIELDS.map((f) => (content as Record<string, unknown>)[f] ?? null)), 'base64url');
    expect(commodityFingerprint(content)).toBe(byList);
  });
});
