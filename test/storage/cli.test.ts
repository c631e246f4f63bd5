import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { storeCli } from './helpers/store-cli';
import { tempDir } from '../helpers/temp-dir';

/**
 * The CLI reads the embedded store from $CRAWLER_DATA_DIR/store; these tests point
 * CRAWLER_DATA_DIR at a temporary folder they fill through the repository first.
 */
let dataDir: string;

const cli = (...args: string[]) => storeCli(dataDir, ...args);

beforeAll(async () => {
  dataDir = tempDir('store-cli-');
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  const task = await repo.upsertTask({ name: '电子产品', type: 'commerce', startUrls: ['http://shop.test/'] });
  await repo.savePage(task, listingPage('http://shop.test/list', [
    commodity({ url: 'http://shop.test/p/1', name: '华为手机 Mate', price: 5999, salePrice: 99.5 }),
    commodity({ url: 'http://shop.test/p/2', name: 'USB cable, 1m', price: 30, salePrice: 19.9 }),
    commodity({ url: 'http://shop.test/p/3', name: '小米电视，65英寸', price: 3999, salePrice: 2999 }),
    commodity({ url: 'http://shop.test/p/4', name: '耳机', price: 80, salePrice: 50, extra: { 颜色: '红色' } }),
  ]));
  await repo.close();
});

describe('query command', () => {
  it('prints the matching rows sorted, limited and aligned with Chinese text', async () => {
    const r = await cli('query', 'commodities', '{"salePrice": {"$lt": 100}}', '--sort', '-salePrice', '--limit', '2', '--fields', 'name,salePrice,url');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4); // header, rule, two rows
    expect(lines[2]).toContain('华为手机 Mate');
    expect(lines[3]).toContain('耳机');
    // The url column starts at the same terminal column on every line (wide characters count 2).
    const urlCol = (line: string) => stringWidth(line.slice(0, line.indexOf('http')));
    expect(urlCol(lines[2]!)).toBe(urlCol(lines[3]!));
    expect(stringWidth(lines[0]!.slice(0, lines[0]!.indexOf('url')))).toBe(urlCol(lines[2]!));
  });

  it('prints JSON with plain numbers and queries the extension map', async () => {
    const r = await cli('query', 'commodities', '{"extra.颜色": "红色"}', '--format', 'json');
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(docs.map((d) => [d.name, d.salePrice])).toEqual([['耳机', 50]]);
  });

  it('answers bad input with one line and exit code 2', async () => {
    const [badJson, op, coll] = await Promise.all([
      cli('query', 'commodities', '{salePrice: 1}'),
      cli('query', 'commodities', '{"price": {"$below": 1}}'),
      cli('query', 'products'),
    ]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toEqual([expect.stringMatching(/^error: filter is not valid JSON/)]);
    expect(op.code).toBe(2);
    expect(op.stderr).toMatch(/unknown query operator \$below/);
    expect(coll.code).toBe(2);
    expect(coll.stderr).toMatch(/unknown collection "products"; valid collections: tasks, categories, shops, commodities, reviews, news, workers, hosts/);
  });
});

describe('export and tasks commands', () => {
  it('exports CSV with a UTF-8 BOM that keeps Chinese text and quotes commas', async () => {
    const out = join(dataDir, 'goods.csv');
    const r = await cli('export', 'commodities', '--format', 'csv', '--out', out, '--fields', 'name,price,salePrice', '--sort', 'price');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/exported 4 commodities records/);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toEqual(['name,price,salePrice', '"USB cable, 1m",30,19.9', '耳机,80,50', '小米电视，65英寸,3999,2999', '华为手机 Mate,5999,99.5']);
  });

  it('exports JSON Lines to stdout', async () => {
    const r = await cli('export', 'commodities', '{"salePrice": {"$gte": 50}}', '--format', 'jsonl', '--sort', 'salePrice');
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((d) => [d.name, d.salePrice])).toEqual([['耳机', 50], ['华为手机 Mate', 99.5], ['小米电视，65英寸', 2999]]);
  });

  it('lists tasks with status and counts per table', async () => {
    const r = await cli('tasks');
    expect(r.code).toBe(0);
    const [header, , row] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^name\s+type\s+status\s+startedAt\s+endedAt\s+hosts\s+categories\s+shops\s+commodities\s+reviews\s+news$/);
    expect(row).toMatch(/^电子产品\s+commerce\s+running\s+\S+Z\s+0\s+0\s+4\s+0\s+0$/);
  });
});
