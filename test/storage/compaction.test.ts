import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedRepository } from '../../storage/embedded/embedded-repository';
import { commodity, listingPage } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'store-compact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded log compaction', () => {
  it('shrinks the log, keeps every record and history, and other open handles follow', async () => {
    const writer = await EmbeddedRepository.open({ dataDir: dir });
    const task = await writer.upsertTask({ name: 'compact', type: 'commerce', startUrls: ['http://shop.test/'] });
    const urls = Array.from({ length: 50 }, (_, i) => `http://shop.test/p/${i}`);
    // Ten price changes per record: ten full rewrites each in the log.
    for (let round = 0; round < 10; round++) {
      await writer.savePage(task, listingPage('http://shop.test/l', urls.map((url) => commodity({ url, price: 100 + round }))));
    }
    const reader = await EmbeddedRepository.open({ dataDir: dir, readOnly: true });
    expect(await reader.count('commodities')).toBe(50);
    const before = statSync(join(dir, 'store.log')).size;

    await writer.compactNow();
    const after = statSync(join(dir, 'store.log')).size;
    expect(after).toBeLessThan(before / 3);

    await writer.savePage(task, listingPage('http://shop.test/l2', [commodity({ url: 'http://shop.test/p/new', price: 7 })]));
    // The reader had the old file open: it notices the new one and reloads.
    expect(await reader.count('commodities')).toBe(51);
    const [d] = await reader.find('commodities', { url: 'http://shop.test/p/3' });
    expect((d!.priceHistory as unknown[]).length).toBe(10);
    expect(d!.price).toBe(109);
    await reader.close();
    await writer.close();

    const fresh = await EmbeddedRepository.open({ dataDir: dir, readOnly: true });
    expect(await fresh.count('commodities', { taskId: task.id })).toBe(51);
    await fresh.close();
  });
});
