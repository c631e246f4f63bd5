import { spawn } from 'node:child_process';
import { readFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRepository } from '../../storage/open';
import { commodity, listingPage } from './fixtures';
import { storeCli } from './helpers/store-cli';
import { tempDir } from '../helpers/temp-dir';

/** Crawled text and typed filters are hostile: what a user's spreadsheet or shell gets from them. */
const ROOT = resolve(import.meta.dirname, '..', '..');
let dataDir: string;

const cli = (...args: string[]) => storeCli(dataDir, ...args);

beforeAll(async () => {
  dataDir = tempDir('hostile-input-');
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  const task = await repo.upsertTask({ name: 'shop', type: 'commerce', startUrls: ['http://shop.test/'] });
  await repo.savePage(task, listingPage('http://shop.test/list', [
    commodity({ url: 'http://shop.test/p/1', name: '=HYPERLINK("http://evil.test","click")', price: 10, salePrice: null }),
    commodity({ url: 'http://shop.test/p/2', name: '+cmd|\' /C calc\'!A0', price: 20, salePrice: null }),
    commodity({ url: 'http://shop.test/p/3', name: '@SUM(1+1)', price: 30, salePrice: null }),
    commodity({ url: 'http://shop.test/p/4', name: 'Plain cable', price: 40, salePrice: null, extra: { delta: -5 } }),
  ]));
  await repo.close();
});

describe('CSV output of crawled text', () => {
  it('never writes a cell a spreadsheet would run as a formula, and keeps negative numbers', async () => {
    const out = join(dataDir, 'goods.csv');
    const [exported, queried] = await Promise.all([
      cli('export', 'commodities', '--format', 'csv', '--out', out, '--fields', 'name,price,extra.delta', '--sort', 'price'),
      cli('query', 'commodities', '--format', 'csv', '--fields', 'name', '--sort', 'price'),
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(queried.code, queried.stderr).toBe(0);
    for (const text of [readFileSync(out, 'utf8'), queried.stdout]) {
      const cells = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1).map((l) => l.replace(/^"/, '').split(/,/)[0]!);
      expect(cells.slice(0, 3).map((c) => c[0])).toEqual(["'", "'", "'"]);
      expect(cells[3]).toBe('Plain cable');
    }
    expect(readFileSync(out, 'utf8')).toContain('Plain cable,40,-5');
  });
});

describe('filters that would run code or reach the prototype', () => {
  it('are refused with one line and exit 2 instead of crashing or matching everything', async () => {
    const [fn, where, proto] = await Promise.all([
      cli('query', 'commodities', '{"$expr": {"$function": {"body": "function(){return true}", "args": [], "lang": "js"}}}'),
      cli('query', 'commodities', '{"$where": "true"}'),
      cli('query', 'commodities', '{"__proto__": {"name": "x"}}', '--format', 'jsonl'),
    ]);
    for (const r of [fn, where, proto]) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    }
    expect(fn.stderr).toMatch(/\$function runs code/);
    expect(proto.stderr).toMatch(/"__proto__" is not a field name/);
  });
});

describe('task names', () => {
  it('are refused when they would escape or share a folder, with the rule named and exit 2', async () => {
    const results = await Promise.all(['..', '.', 'a/b', '-x'].map((name) => cli('--task', name, '--urls', 'http://127.0.0.1:9/', '--max-pages', '1')));
    for (const r of results) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/invalid task name .*: use 1-100 letters/);
    }
    // Nothing was written outside data/tasks, nor a folder for any refused name.
    expect(existsSync(join(dataDir, 'tasks')) ? readdirSync(join(dataDir, 'tasks')) : []).toEqual([]);
  });

  it('a data folder that cannot be written is one line naming it, exit 2, before anything is fetched', async () => {
    const file = join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), '--task', 't', '--urls', 'http://127.0.0.1:9/', '--mode', 'http'], {
      cwd: ROOT, env: { ...process.env, CRAWLER_DATA_DIR: join(file, 'data'), MONGODB_URI: '', REDIS_URL: '' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    const code = await new Promise((res) => child.on('close', res));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([`error: data folder ${join(file, 'data')} is not a folder; nothing stored before was lost`]);
  });

  it('bloom-info reads the data folder of CRAWLER_DATA_DIR', async () => {
    const r = await cli('bloom-info', '--task', 'never-ran');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(dataDir, 'tasks', 'never-ran', 'bloom.bin'));
  });
});
