import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, tempDataDir } from '../helpers/cli';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('the command line follows the conventions users know', () => {
  it('has a real command name with --version: `npx shopnews` runs the same program', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await run('npx', ['--no-install', 'shopnews', '--version'], { cwd: ROOT });
    expect(r.stdout.trim()).toBe(version);
    const help = await run(process.execPath, [join(ROOT, 'bin/shopnews.mjs'), '--help'], { cwd: ROOT });
    expect(help.stdout).toMatch(/^Usage: shopnews /m);
  }, 60_000);

  it('--help lists the environment variables and the exit codes', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const v of ['CRAWLER_DATA_DIR', 'MONGODB_URI', 'REDIS_URL', 'CHROMIUM_PATH']) expect(r.stdout).toContain(v);
    expect(r.stdout).toMatch(/Exit codes: 0 done; 1 .*\n.*2 usage error.*130 stopped by Ctrl-C/);
  });

  it('every usage error exits 2 with one line, commander\'s own included', async () => {
    for (const args of [['--task', 'x', '--urls', 'demo', '--max-pages', '0'], ['--bogus'], ['query', 'commodities', '--bogus'], ['export', 'commodities', '--out', 'records.txt'], ['--task', 'x', '--urls-file', '/no/such/file']]) {
      const r = await runCli(args, { CRAWLER_DATA_DIR: tempDataDir() });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('one flag name for one idea: --format, also on bloom-info, task status and schedule list', async () => {
    for (const cmd of [['bloom-info', '--help'], ['task', 'status', '--help'], ['schedule', 'list', '--help'], ['bloom-test', '--help']]) {
      const r = await runCli(cmd);
      expect(r.stdout, cmd.join(' ')).toMatch(/--format <format>/);
      expect(r.stdout, cmd.join(' ')).not.toMatch(/--json/);
    }
  });

  it('schedule add --help lists the crawl options a schedule stores', async () => {
    const r = await runCli(['schedule', 'add', '--help']);
    for (const opt of ['--cron', '--tz', '--urls', '--max-pages', '--mode', '--scope', '--concurrency']) expect(r.stdout).toContain(opt);
  });
});

describe('a crawl with --output and --urls-file (HTTP mode on the demo shop)', { timeout: 300_000 }, () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 40 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('-o FILE.jsonl writes each record as stored; start URLs come from standard input; a first run reports only new records', async () => {
    const dataDir = tempDataDir();
    const out = join(dataDir, 'records.jsonl');
    const r = await runCli(['--task', 'out', '--urls-file', '-', '--mode', 'http', '--max-pages', '30', '-o', out], { CRAWLER_DATA_DIR: dataDir }, { input: `# the demo shop\n${site.url}\n\n` });
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const commodities = lines.filter((l) => l.table === 'commodities');
    expect(commodities.length).toBeGreaterThan(0);
    for (const c of commodities) {
      expect(typeof c.name).toBe('string');
      expect(String(c.pageUrl).startsWith(site.url)).toBe(true);
    }
    // What the file holds is what the store holds: every commodity URL in the file is stored.
    const q = await runCli(['query', 'commodities', '--format', 'jsonl', '--fields', 'url'], { CRAWLER_DATA_DIR: dataDir });
    const stored = new Set(q.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { url: string }).url));
    for (const c of commodities) if (c.url) expect(stored.has(String(c.url)), String(c.url)).toBe(true);
    expect(stored.size).toBeLessThanOrEqual(new Set(commodities.map((c) => c.url)).size);
    // First run: nothing to compare with, so no "changed"/"unchanged"; the table counts are distinct records.
    expect(r.stdout).toMatch(/^Records: \d+ new \| /m);
    expect(r.stdout).not.toMatch(/changed|unchanged/);
    expect(r.stdout).toMatch(new RegExp(`Records stored by table:[\\s\\S]*commodities\\s+${stored.size}\\n`));
    expect(r.stderr).toMatch(/\d+ records written to .*records\.jsonl/);
  });

  it('-o FILE.csv writes CSV with a header; export infers its format from --out', async () => {
    const dataDir = tempDataDir();
    const out = join(dataDir, 'records.csv');
    const urls = join(dataDir, 'urls.txt');
    writeFileSync(urls, `${site.url}\n`);
    const r = await runCli(['--task', 'csv', '--urls-file', urls, '--mode', 'http', '--max-pages', '10', '--output', out], { CRAWLER_DATA_DIR: dataDir });
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(out, 'utf8');
    expect(csv.startsWith('\uFEFFtable,pageUrl,name,')).toBe(true);
    expect(csv).toMatch(/\r\ncommodities,/);
    const exported = join(dataDir, 'commodities.csv');
    const e = await runCli(['export', 'commodities', '--out', exported], { CRAWLER_DATA_DIR: dataDir });
    expect(e.code, e.stderr).toBe(0);
    expect(readFileSync(exported, 'utf8')).toMatch(/^\uFEFF_id,/);
  });
});
