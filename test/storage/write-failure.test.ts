import fs, { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EmbeddedRepository } from '../../storage/embedded/embedded-repository';
import { StorageUnavailableError } from '../../storage/errors';
import { commodity, listingPage } from './fixtures';

const root = mkdtempSync(join(tmpdir(), 'store-fsync-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded store: queries while a batch is being made durable', () => {
  it('a failed fdatasync: the batch is cut off the log, never seen, and the store goes on', async () => {
    const dir = join(root, 'fail');
    const repo = await EmbeddedRepository.open({ dataDir: dir });
    const task = await repo.upsertTask({ name: 'fsync', type: 'commerce', startUrls: ['http://shop.test/'] });
    await repo.savePage(task, listingPage('http://shop.test/l1', [commodity({ url: 'http://shop.test/p/1', price: 10 })]));
    const log = join(dir, 'store.log');
    const size = statSync(log).size;

    const spy = vi.spyOn(fs, 'fdatasync').mockImplementationOnce(((_fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
      const err = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      setTimeout(() => cb(err), 5);
    }) as typeof fs.fdatasync);
    // An update of p/1 and a new p/2: neither may be seen, even by a query made while it syncs.
    const failing = repo.savePage(task, listingPage('http://shop.test/l2', [
      commodity({ url: 'http://shop.test/p/1', price: 11 }),
      commodity({ url: 'http://shop.test/p/2', price: 20 }),
    ]));
    const during = repo.count('commodities', { taskId: task.id });
    await expect(failing).rejects.toBeInstanceOf(StorageUnavailableError);
    spy.mockRestore();
    expect(await during).toBe(1);
    expect(statSync(log).size).toBe(size);
    const [p1] = await repo.find('commodities', { url: 'http://shop.test/p/1' });
    expect(p1!.price).toBe(10);
    expect((p1!.priceHistory as unknown[]).length).toBe(1);
    expect(await repo.count('commodities')).toBe(1);

    const ok = await repo.savePage(task, listingPage('http://shop.test/l3', [commodity({ url: 'http://shop.test/p/3', price: 30 })]));
    expect(ok.inserted.commodities).toBe(1);
    await repo.close();
    const fresh = await EmbeddedRepository.open({ dataDir: dir, readOnly: true });
    expect((await fresh.find('commodities', {}, { sort: { price: 1 } })).map((d) => d.price)).toEqual([10, 30]);
    expect(fresh.corruptLines).toBe(0);
    await fresh.close();
  });

  it('a slow fdatasync: a query meanwhile sees the store as it was, then the batch, and the log stays whole', async () => {
    const dir = join(root, 'slow');
    const repo = await EmbeddedRepository.open({ dataDir: dir });
    const task = await repo.upsertTask({ name: 'slow', type: 'commerce', startUrls: ['http://shop.test/'] });
    await repo.savePage(task, listingPage('http://shop.test/l1', [commodity({ url: 'http://shop.test/p/1' })]));
    const real = fs.fdatasync;
    const spy = vi.spyOn(fs, 'fdatasync').mockImplementationOnce(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
      setTimeout(() => real(fd, cb), 30);
    }) as typeof fs.fdatasync);
    const saving = repo.savePage(task, listingPage('http://shop.test/l2', [commodity({ url: 'http://shop.test/p/2' }), commodity({ url: 'http://shop.test/p/3' })]));
    await new Promise((r) => setTimeout(r, 10));
    expect(await repo.count('commodities')).toBe(1);
    expect((await saving).inserted.commodities).toBe(2);
    spy.mockRestore();
    expect(await repo.count('commodities')).toBe(3);
    await repo.savePage(task, listingPage('http://shop.test/l3', [commodity({ url: 'http://shop.test/p/4' })]));
    expect(await repo.count('commodities')).toBe(4);
    await repo.close();
    const fresh = await EmbeddedRepository.open({ dataDir: dir, readOnly: true });
    expect(await fresh.count('commodities')).toBe(4);
    expect(fresh.corruptLines).toBe(0);
    await fresh.close();
  });
});
