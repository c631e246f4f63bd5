import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { tempDir } from '../helpers/temp-dir';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('a commodity whose URL came with spaces around it is found by its URL and updated in place on the next crawl', async () => {
  const dir = tempDir('url-key-');
  dirs.push(dir);
  const repo = await openRepository({ dataDir: join(dir, 'store'), mongodbUri: '' });
  try {
    const task = await repo.upsertTask({ name: 'shop', type: 'commerce', startUrls: ['http://shop.test/'] });
    await repo.savePage(task, listingPage('http://shop.test/list', [commodity({ url: '  http://shop.test/p/1\n', name: 'Cable', price: 10, salePrice: null })]));
    await repo.savePage(task, listingPage('http://shop.test/list', [commodity({ url: 'http://shop.test/p/1', name: 'Cable', price: 12, salePrice: null })]));
    const rows = await repo.find('commodities', { url: 'http://shop.test/p/1' });
    expect(rows.map((r) => r.price)).toEqual([12]);
    expect(await repo.find('commodities', {})).toHaveLength(1);
  } finally {
    await repo.close();
  }
});
