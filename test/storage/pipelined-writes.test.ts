import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EmbeddedRepository } from '../../storage/embedded/embedded-repository';
import { StorageUnavailableError } from '../../storage/errors';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

/**
 * The embedded store plans a page while its writer thread commits the one before
 * (storage/embedded/store-writer.ts): what the plan read may change before its commit. These
 * check that no save is lost to that, within one process and across processes, and that the
 * writer thread's errors still reach the caller.
 */

const WRITER = join(import.meta.dirname, 'helpers', 'same-keys-writer.ts');

function runWriter(dir: string, prefix: string, rounds: number, perPage: number, base: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, 'shared', prefix, String(rounds), String(perPage), String(base)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return new Promise((res, rej) => child.on('exit', (code) => (code === 0 ? res(out) : rej(new Error(`writer exited ${code}: ${out}`)))));
}

const prices = (d: Record<string, unknown>) => (d.priceHistory as Array<{ price: number }>).map((e) => e.price);

describe('embedded store: saves under way together', () => {
  it('keeps every price of one commodity saved on consecutive pages that were all under way at once', async () => {
    const repo = await openRepository({ dataDir: tempDir('store-pipe-'), mongodbUri: '' });
    const task = await repo.upsertTask({ name: 'pipe', type: 'commerce', startUrls: ['http://shop.test/'] });
    const pages = Array.from({ length: 12 }, (_, p) => listingPage(`http://shop.test/list/${p}`,
      Array.from({ length: 30 }, (_, i) => commodity({ url: `http://shop.test/p/${i}`, price: 100 + p, salePrice: p % 2 ? 90 : null }))));
    const reports = await Promise.all(pages.map((page) => repo.savePage(task, page)));
    expect(reports[0]!.inserted.commodities).toBe(30);
    for (const r of reports.slice(1)) expect([r.inserted.commodities, r.updated.commodities]).toEqual([0, 30]);
    const stored = await repo.find('commodities', { taskId: task.id }, { sort: { url: 1 } });
    expect(stored).toHaveLength(30);
    for (const d of stored) {
      expect(d.price).toBe(111);
      expect(prices(d)).toEqual(pages.map((_, p) => 100 + p));
    }
    await repo.close();
  });

  it('loses no save when two processes keep saving the same commodities, each with saves under way together', async () => {
    const dir = tempDir('store-pipe-');
    const setup = await openRepository({ dataDir: dir, mongodbUri: '' });
    const task = await setup.upsertTask({ name: 'shared', type: 'commerce', startUrls: ['http://shop.test/'] });
    await setup.close();
    const rounds = 25;
    const perPage = 40;
    await Promise.all([
      runWriter(dir, 'http://shop.test/same', rounds, perPage, 1000),
      runWriter(dir, 'http://shop.test/same', rounds, perPage, 2000),
    ]);
    const repo = await openRepository({ dataDir: dir, mongodbUri: '', readOnly: true });
    const stored = await repo.find('commodities', { taskId: task.id });
    expect(stored).toHaveLength(perPage);
    // Every save changed the price, so every save left its entry: 2 × rounds, each price once.
    const expected = [...Array.from({ length: rounds }, (_, r) => 1000 + r), ...Array.from({ length: rounds }, (_, r) => 2000 + r)];
    for (const d of stored) {
      expect([...prices(d)].sort((a, b) => a - b)).toEqual(expected);
      // Each process's saves are stored in the order it made them (a redone save does not
      // overtake its own later ones).
      for (const base of [1000, 2000]) expect(prices(d).filter((p) => p >= base && p < base + rounds)).toEqual(expected.filter((p) => p >= base && p < base + rounds));
    }
    await repo.close();
  }, 120_000);

  it('rejects a save with the one-line store error when the writer cannot commit it, and stores it once it can', async () => {
    const dir = tempDir('store-pipe-');
    const repo = await EmbeddedRepository.open({ dataDir: dir, busyTimeoutMs: 300 });
    const task = await repo.upsertTask({ name: 'busy', type: 'commerce', startUrls: ['http://shop.test/'] });
    const page = listingPage('http://shop.test/list', [commodity({ url: 'http://shop.test/p/1' })]);
    // Another process's writer holds SQLite's write lock past the busy timeout.
    const other = new Database(join(dir, 'store.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    const err = await repo.savePage(task, page).then(() => null, (e: unknown) => e);
    other.exec('ROLLBACK');
    other.close();
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as StorageUnavailableError).code).toBe('SQLITE_BUSY');
    expect((err as Error).message).not.toContain('\n');
    expect(await repo.count('commodities', {})).toBe(0);
    const report = await repo.savePage(task, page);
    expect(report.inserted.commodities).toBe(1);
    expect(await repo.count('commodities', {})).toBe(1);
    await repo.close();
  });
});
