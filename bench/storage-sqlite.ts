/**
 * SQLite's own share of a bulk upsert: the embedded store's commodities table (tables.ts), its
 * upsert statement and the per-page fingerprint SELECT, rows like savePage's (the document's
 * JSON prebuilt per row), one BEGIN IMMEDIATE … COMMIT per page of 500, the store's pragmas. No
 * validation, merge or savePage: bench/storage.ts minus this is the JavaScript's share.
 * Prints CPU ms per 1,000 rows (user + system), wall ms, and the commit's CPU.
 * Run: npx tsx bench/storage-sqlite.ts [rows, default 200000] [variant]
 * Variants (combine with commas), each a change tried against the store's settings:
 *   noprice      without the price and salePrice indexes (what they cost)
 *   partial      the salePrice index without nulls (WHERE salePrice IS NOT NULL)
 *   page=N       page_size N (default 4096); cache=KB cache_size (default 65536)
 *   ckpt=N       wal_autocheckpoint N pages (default 20000); mmap: mmap_size 1 GB
 *   ext          checkpoints on a second connection every 20 pages, their CPU shown apart
 *   group=N      N pages per transaction (the store commits each page on its own)
 *   full         synchronous=FULL (default NORMAL here: the fsync is wall time, not CPU)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { byKeysSql, FINGERPRINT_COLUMNS, schemaSql, upsertSql } from '../storage/embedded/tables';

const total = Number(process.argv[2] ?? 200_000);
const variant = process.argv[3] ?? 'base';
const PER_PAGE = 500;
const opt = (k: string, d: number) => Number(new RegExp(`${k}=(\\d+)`).exec(variant)?.[1] ?? d);
const has = (k: string) => variant.split(',').includes(k);

const dir = mkdtempSync(join(tmpdir(), 'bench-sqlite-'));
const db = new Database(join(dir, 'store.sqlite'));
db.pragma(`page_size = ${opt('page', 4096)}`);
db.pragma(`cache_size = -${opt('cache', 65536)}`);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${has('full') ? 'FULL' : 'NORMAL'}`);
db.pragma(`wal_autocheckpoint = ${has('ext') ? 0 : opt('ckpt', 20000)}`);
db.pragma('journal_size_limit = 67108864');
if (has('mmap')) db.pragma(`mmap_size = ${1 << 30}`);
let sql = schemaSql().split(';\n');
if (has('noprice')) sql = sql.filter((s) => !/"commodities_(price|salePrice)"/.test(s));
if (has('partial')) sql = sql.map((s) => (/"commodities_salePrice"/.test(s) ? `${s} WHERE "salePrice" IS NOT NULL` : s));
db.exec(sql.join(';\n'));
const checkpointer = has('ext') ? new Database(join(dir, 'store.sqlite')) : null;

// The store's own statements; rows() gives their values in TABLES.commodities' column order.
const upsert = db.prepare(upsertSql('commodities'));
const known = db.prepare(byKeysSql('commodities', FINGERPRINT_COLUMNS)).raw();
const taskId = new Types.ObjectId().toHexString();
const group = opt('group', 1);

function rows(page: number, now: number): unknown[][] {
  const iso = new Date(now).toISOString();
  return Array.from({ length: PER_PAGE }, (_, i) => {
    const n = page * PER_PAGE + i;
    const price = 10 + ((n * 7919) % 500000) / 100; // as bench/storage.ts: spread evenly, random order
    const salePrice = n % 3 === 0 ? null : Math.round(price * 85) / 100;
    const url = `http://bench.test/item/${n}`;
    const id = new Types.ObjectId().toHexString();
    const doc = JSON.stringify({
      _id: id, taskId, key: url, site: 'bench.test', extra: { 颜色: '红色', 重量: `${n % 900}g` }, shopId: null, url,
      name: `商品 ${n} 型号 X${n % 977}`, price, salePrice, currency: 'CNY', rating: (n % 50) / 10, reviewCount: n % 1000,
      sku: `SKU-${n}`, brand: '小米', availability: 'InStock', image: null, firstSeenAt: iso, lastSeenAt: iso, lastChangedAt: iso,
      gone: false, goneAt: null, fingerprint: 'c1:1ka68-KBRo809fgY1U3SecPxZTc', priceHistory: [{ at: iso, price, salePrice }],
    });
    return [id, url, taskId, url, null, `SKU-${n}`, '小米', price, salePrice, (n % 50) / 10, n % 1000, now, now, now, doc];
  });
}

let commitCpu = 0;
let checkpointCpu = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const pages = Math.ceil(total / PER_PAGE);
for (let p = 0; p < pages; p++) {
  const page = rows(p, Date.now());
  if (p % group === 0) db.exec('BEGIN IMMEDIATE');
  for (const _ of known.iterate(taskId, JSON.stringify(page.map((r) => r[1])))) void _;
  for (const r of page) upsert.run(r);
  if (p % group === group - 1 || p === pages - 1) {
    const c = process.cpuUsage();
    db.exec('COMMIT');
    const u = process.cpuUsage(c);
    commitCpu += u.user + u.system;
  }
  if (checkpointer && p % 20 === 19) {
    const c = process.cpuUsage();
    checkpointer.pragma('wal_checkpoint(PASSIVE)');
    const u = process.cpuUsage(c);
    checkpointCpu += u.user + u.system;
  }
}
const cpu = process.cpuUsage(cpu0);
const k = (pages * PER_PAGE) / 1000;
const wallMs = performance.now() - t0;
checkpointer?.close();
db.close();
const mb = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 1e6;
rmSync(dir, { recursive: true, force: true });
const f = (us: number) => (us / 1000 / k).toFixed(1);
console.log(`${variant} ${pages * PER_PAGE} rows: CPU ${f(cpu.user + cpu.system)} ms per 1,000 (system ${f(cpu.system)}; commits ${f(commitCpu)}` +
  `${checkpointer ? `; checkpoints ${f(checkpointCpu)}` : ''}), wall ${(wallMs / k).toFixed(1)} ms per 1,000; ${mb.toFixed(0)} MB`);
