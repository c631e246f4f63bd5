import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedRepository } from '../../storage/embedded/embedded-repository';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { storeCli } from './helpers/store-cli';
import { tempDir } from '../helpers/temp-dir';

const root = tempDir('store-corrupt-');

/** A store of a few hundred commodities, closed (so everything is in store.sqlite, no WAL). */
async function filledStore(name: string): Promise<string> {
  const dataDir = join(root, name);
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  const task = await repo.upsertTask({ name: 't', type: 'commerce', startUrls: ['http://shop.test/'] });
  for (let p = 0; p < 4; p++) {
    await repo.savePage(task, listingPage(`http://shop.test/l/${p}`, Array.from({ length: 100 }, (_, i) =>
      commodity({ url: `http://shop.test/p/${p}/${i}`, price: i + 1, extra: { 说明: '很长的描述'.repeat(10) } }))));
  }
  await repo.close();
  return dataDir;
}

/** Flips the bytes at `at` (a list of offsets) of a file. */
function flip(file: string, at: number[]): void {
  const fd = openSync(file, 'r+');
  const b = Buffer.alloc(1);
  for (const pos of at) {
    readSync(fd, b, 0, 1, pos);
    b[0] = b[0]! ^ 0xff;
    writeSync(fd, b, 0, 1, pos);
  }
  closeSync(fd);
}

const PAGE = 4096;

describe('a damaged store file', () => {
  it('is reported in one line with the recovery step, exit 2, when its pages are damaged', async () => {
    const dataDir = await filledStore('pages');
    const file = join(dataDir, 'store', 'store.sqlite');
    // The first bytes of every b-tree page after the first (page type and cell counts).
    const pages = statSync(file).size / PAGE;
    flip(file, Array.from({ length: pages - 1 }, (_, i) => [(i + 1) * PAGE, (i + 1) * PAGE + 3]).flat());
    const r = await storeCli(dataDir, 'query', 'commodities', '{"extra.说明": {"$exists": true}}');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: store file .*store\.sqlite is damaged \(SQLITE_CORRUPT.*\); stop every crawler using it, then restore a backup of it, or salvage what is readable with the SQLite shell: cd '.*store' && sqlite3 store\.sqlite \.dump \| sed '\$s\/\^ROLLBACK;\.\*\/COMMIT;\/' \| sqlite3 recovered\.sqlite && mv store\.sqlite damaged\.sqlite && rm -f store\.sqlite-wal store\.sqlite-shm && mv recovered\.sqlite store\.sqlite$/);
  });

  it('is reported the same way when its header is damaged', async () => {
    const dataDir = await filledStore('header');
    const file = join(dataDir, 'store', 'store.sqlite');
    flip(file, [0, 1, 2, 3, 4, 5]); // "SQLite format 3"
    const r = await storeCli(dataDir, 'tasks');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: store file .*store\.sqlite is damaged \(SQLITE_NOTADB: .*\); stop every crawler/);
  });

  it('is found by `verify` (PRAGMA quick_check) even where no query has read yet', async () => {
    const dataDir = await filledStore('verify');
    const file = join(dataDir, 'store', 'store.sqlite');
    const sound = await storeCli(dataDir, 'verify');
    expect(sound.code, sound.stderr).toBe(0);
    expect(sound.stdout).toMatch(/^store .*store\.sqlite is sound \(quick_check took \d+ ms\)\n$/);
    // Damage one index page only: the commodities table itself still reads.
    const pages = statSync(file).size / PAGE;
    flip(file, [(pages - 1) * PAGE, (pages - 1) * PAGE + 5]);
    const repo = await EmbeddedRepository.open({ dataDir: join(dataDir, 'store'), readOnly: true });
    await expect(repo.verify()).rejects.toThrow(/^store file .*store\.sqlite is damaged \((quick_check|SQLITE_CORRUPT): .*\); stop every crawler using it/);
    await repo.close();
    const damaged = await storeCli(dataDir, 'verify');
    expect(damaged.code).toBe(2);
    expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
    expect(damaged.stderr).toMatch(/^error: store file .*store\.sqlite is damaged/);
  });
});
