import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SqliteValidatorStore } from '../../src/crawler/backends/validator-store';
import type { PageValidators } from '../../src/crawler/fetching/validators';
import { tempDir } from '../helpers/temp-dir';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const root = tempDir('validators-');

const page = (i: number): PageValidators => ({
  etag: `"e${i}"`, lastModified: null, pageType: 'listing', base: `http://shop.test/c/${i}`,
  links: Array.from({ length: 100 }, (_, k) => `/p/${i * 100 + k}.html`),
});

describe('the validators of an HTTP crawl (embedded mode)', () => {
  it('are kept on disk, not in the crawler\'s memory: 20,000 pages of 100 links leave its heap as it was', () => {
    // A process of its own, with gc exposed: the heap after a full collection, before and after.
    const script = join(root, 'heap.mts');
    writeFileSync(script, `
      import { SqliteValidatorStore } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/crawler/backends/validator-store.ts')).href)};
      const store = await SqliteValidatorStore.open(${JSON.stringify(join(root, 'heap'))});
      const heap = () => { globalThis.gc!(); return process.memoryUsage().heapUsed; };
      await store.set('warm-up', { etag: null, lastModified: null, pageType: 'listing', base: 'http://shop.test/', links: [] });
      const before = heap();
      for (let i = 0; i < 20000; i++) {
        await store.set('http://shop.test/c/' + i, { etag: '"e' + i + '"', lastModified: null, pageType: 'listing', base: 'http://shop.test/c/' + i,
          links: Array.from({ length: 100 }, (_, k) => '/p/' + (i * 100 + k) + '.html') });
      }
      const grown = heap() - before;
      const back = await store.get('http://shop.test/c/12345');
      await store.close();
      console.log(JSON.stringify({ grownMb: grown / 2 ** 20, links: back?.links.length }));
    `);
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8' });
    const { grownMb, links } = JSON.parse(out.trim().split('\n').pop()!) as { grownMb: number; links: number };
    expect(links).toBe(100);
    // Held in a Map (as before) they grew it by about 80 MB.
    expect(grownMb).toBeLessThan(10);
  }, 120_000);

  it('take over the validators.jsonl of earlier versions (torn last line skipped) and survive a crawl that never closed the store', async () => {
    const dir = join(root, 'old');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'validators.jsonl'), [
      JSON.stringify(['http://shop.test/c/1', page(1)]),
      JSON.stringify(['http://shop.test/c/2', page(2)]),
      JSON.stringify(['http://shop.test/c/1', { ...page(1), etag: '"newer"' }]),
      '["http://shop.test/c/3", {"etag": "tor',
    ].join('\n'));
    const a = await SqliteValidatorStore.open(dir);
    expect((await a.get('http://shop.test/c/1'))?.etag).toBe('"newer"');
    expect((await a.get('http://shop.test/c/2'))?.links).toEqual(page(2).links);
    expect(await a.get('http://shop.test/c/3')).toBeNull();
    expect(existsSync(join(dir, 'validators.jsonl'))).toBe(false);
    await a.set('http://shop.test/c/4', page(4));
    // A second open while the first never closed (a killed crawl): what was set is there.
    const b = await SqliteValidatorStore.open(dir);
    expect((await b.get('http://shop.test/c/4'))?.etag).toBe('"e4"');
    await b.close();
    await a.close();
  });
});
