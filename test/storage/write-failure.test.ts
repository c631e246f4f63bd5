import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../storage/errors';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

/**
 * A store on a small tmpfs that fills up: the real "no space left on device", no mock. Mounting
 * needs root (as here and in CI containers run as root); elsewhere the test says why it skips.
 */
const mnt = tempDir('store-full-');
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mnt], { stdio: 'ignore' });
  mounted = true;
} catch {
  console.log('write-failure: skipped — cannot mount a tmpfs here (needs root); it fills a small file system to get a real ENOSPC');
}
// Unmounted before the folder is removed (test/helpers/remove-temp-dirs.ts runs after this hook).
afterAll(() => {
  if (mounted) execFileSync('umount', [mnt]);
});

describe('embedded store on a full disk', () => {
  it.skipIf(!mounted)('a page that does not fit fails with one ENOSPC line, leaves nothing of itself, and the store goes on once space is freed', async () => {
    const dir = join(mnt, 'store');
    mkdirSync(dir);
    const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
    const task = await repo.upsertTask({ name: 'full', type: 'commerce', startUrls: ['http://shop.test/'] });
    // Take most of the space, so a few pages fill the rest.
    const filler = join(mnt, 'filler');
    writeFileSync(filler, Buffer.alloc(3 * 1024 * 1024));
    const perPage = 50;
    const page = (p: number) => listingPage(`http://shop.test/l/${p}`, Array.from({ length: perPage }, (_, i) =>
      commodity({ url: `http://shop.test/p/${p}/${i}`, price: 100 + i, extra: { 说明: '很长的描述'.repeat(40), 批次: p } })));
    let acked = 0;
    let failure: unknown;
    for (let p = 0; p < 500; p++) {
      try {
        await repo.savePage(task, page(p));
        acked++;
      } catch (err) {
        failure = err;
        break;
      }
    }
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect((failure as StorageUnavailableError).code).toBe('ENOSPC');
    expect((failure as Error).message).toMatch(new RegExp(`^data folder ${dir} is full \\(no space left on device\\); nothing stored before was lost$`));
    expect(acked).toBeGreaterThan(0);
    // Every acknowledged page is there, nothing of the failed one.
    expect(await repo.count('commodities', { taskId: task.id })).toBe(acked * perPage);
    expect(await repo.count('commodities', { 'extra.批次': acked })).toBe(0);

    rmSync(filler);
    const r = await repo.savePage(task, page(acked));
    expect(r.inserted.commodities).toBe(perPage);
    await repo.close();
    const fresh = await openRepository({ dataDir: dir, mongodbUri: '', readOnly: true });
    expect(await fresh.count('commodities', { taskId: task.id })).toBe((acked + 1) * perPage);
    await fresh.close();
  });
});
