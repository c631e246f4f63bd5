/**
 * Embedded store benchmark: bulk upserts per second (listing pages of new commodities through
 * savePage, one transaction and sync per page), indexed query times, and a separate `query`
 * process (open time, query time, RSS) on N commodities. Targets (issue 20): at 1,000,000
 * commodities ≥ 30,000 upserts/s on 2 cores, an indexed filter with sort and limit < 20 ms,
 * open < 200 ms, RSS of a query process < 200 MB.
 * Run: npx tsx bench/storage.ts [--commodities 100000] [--per-page 500] [--in-flight 2] [--root <checkout>]
 * `--root` measures the store of another checkout through the same API (storage/open.ts), e.g.
 * the old log store: `git archive main | tar -x -C /tmp/old` then `--root /tmp/old`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Commodity, PageResult } from '../extractors/types';
import type { Repository } from '../storage/repository';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface StorageBenchOptions {
  /** Commodities to insert. Default 100,000. */
  commodities?: number;
  /** Commodities per saved page (one batch, one fsync). Default 500. */
  perPage?: number;
  /** Repetitions per query (the median is reported). Default 20. */
  repeats?: number;
  /**
   * savePage calls under way at once (a crawl saves its pages concurrently). Default 2: the
   * embedded store plans one page while its writer thread commits the other. A crawl keeps up to
   * its concurrency (8) under way, and the pages waiting for the writer are committed together:
   * `--in-flight 8 --per-page 30` is closer to a crawl of listing pages.
   */
  inFlight?: number;
  /** Default 'batch' (fdatasync per page), as in production. */
  durability?: 'batch' | 'none';
  /** Checkout whose storage/open.ts is measured. Default this one. */
  root?: string;
  /** A short run (10,000 commodities) for `npm run bench` quick profiles. */
  quick?: boolean;
  /** Print the figures to stdout. Default false (the standalone run prints them). */
  print?: boolean;
}

export interface StorageBenchResult {
  commodities: number;
  perPage: number;
  /** savePage calls under way at once. */
  inFlight: number;
  /** New records inserted per second through savePage (wall clock). */
  upsertsPerSec: number;
  /** The same per CPU-second of this process: less sensitive to other load on a shared machine. */
  upsertsPerCpuSec: number;
  /** CPU ms of this process per 1,000 upserts. */
  cpuMsPer1000: number;
  /** The same for the main thread and the busiest other thread (the embedded store's writer thread). */
  threadCpuMsPer1000: { main: number; busiestOther: number };
  /**
   * Upserts per CPU-second of the busier of those two threads: the rate on 2 otherwise idle
   * cores when the two overlap fully (the wall rate of a loaded machine is a fraction of it).
   */
  upsertsPerBusiestThreadCpuSec: number;
  /** Saved pages per SQLite transaction (the embedded store commits pages waiting for its writer together); null for a store that does not tell. */
  pagesPerCommit: number | null;
  /** 1-minute load average during the run (figures on a loaded 2-core machine are lower). */
  loadAverage: number;
  /** Re-saving the same pages: unchanged records per second (fingerprint hit, no rewrite). */
  unchangedPerSec: number;
  /** Median ms per query, after the first (which builds the lazy sorted index). */
  queryMs: Record<string, number>;
  /** The same in CPU ms of this process (a loaded machine stretches wall times, not these). */
  queryCpuMs: Record<string, number>;
  /** The first `salePrice < 100, sort -salePrice, limit 5` after the bulk load (includes the index build). */
  firstQueryMs: number;
  /** Opening the store again in this process (read-only). */
  reopenMs: number;
  /** A separate `query` process: open, the first and the median indexed query, its RSS. */
  queryProcess: { openMs: number; firstQueryMs: number; queryMs: number; rssMb: number; quickCheckMs: number | null };
  /** Bytes of every file in the store folder. */
  storeBytes: number;
}

function goods(page: number, perPage: number): Commodity[] {
  return Array.from({ length: perPage }, (_, i) => {
    const n = page * perPage + i;
    const price = 10 + ((n * 7919) % 500000) / 100; // 10.00 … 5009.99, spread evenly
    return {
      name: `商品 ${n} 型号 X${n % 977}`,
      url: `http://bench.test/item/${n}`,
      price,
      salePrice: n % 3 === 0 ? null : Math.round(price * 85) / 100,
      currency: 'CNY',
      rating: (n % 50) / 10,
      reviewCount: n % 1000,
      shopName: null,
      shopUrl: null,
      sku: `SKU-${n}`,
      brand: ['华为', '小米', 'Apple', '联想'][n % 4]!,
      availability: n % 10 === 0 ? 'OutOfStock' : 'InStock',
      image: null,
      extra: { 颜色: ['红色', '蓝色', '黑色'][n % 3]!, 重量: `${n % 900}g` },
    };
  });
}

const page = (p: number, perPage: number): PageResult => ({
  url: `http://bench.test/list/${p}`, pageType: 'listing', categories: [], shop: null, commodities: goods(p, perPage), reviews: [], news: null,
});

async function timeIt(fn: () => Promise<unknown>, cpuMs?: number[]): Promise<number> {
  const t = performance.now();
  const c = process.cpuUsage();
  await fn();
  const u = process.cpuUsage(c);
  cpuMs?.push((u.user + u.system) / 1000);
  return performance.now() - t;
}

/**
 * CPU ms per thread of this process (Linux /proc; empty elsewhere): the main thread's and the
 * busiest other thread's (the store's writer thread) show which one bounds the rate on 2 cores.
 */
function threadCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), ((Number(f[11]) + Number(f[12])) * 1000) / 100); // utime + stime, in clock ticks of 10 ms
    }
  } catch {
    /* not Linux */
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 100) / 100;

export async function benchStorage(opts: StorageBenchOptions = {}): Promise<StorageBenchResult> {
  const total = opts.commodities ?? (opts.quick ? 10_000 : 100_000);
  const perPage = opts.perPage ?? 500;
  const repeats = opts.repeats ?? 20;
  const root = resolve(opts.root ?? join(HERE, '..'));
  const { openRepository } = (await import(pathToFileURL(join(root, 'storage/open.ts')).href)) as typeof import('../storage/open');
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  try {
    let repo: Repository = await openRepository({ dataDir: dir, mongodbUri: '', durability: opts.durability ?? 'batch' });
    const task = await repo.upsertTask({ name: 'bench', type: 'commerce', startUrls: ['http://bench.test/'] });
    const pages = Math.ceil(total / perPage);
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpuMs();
    const inFlight = Math.max(1, opts.inFlight ?? 2);
    const insertMs = await timeIt(async () => {
      const running = new Set<Promise<unknown>>();
      for (let p = 0; p < pages; p++) {
        const save = repo.savePage(task, page(p, perPage));
        running.add(save);
        void save.then(() => running.delete(save), () => undefined);
        if (running.size >= inFlight) await Promise.race(running);
      }
      await Promise.all(running);
    });
    const cpu = process.cpuUsage(cpu0);
    const commits = (repo as { commitStats?: () => { pages: number; commits: number } }).commitStats?.();
    const threads = [...threadCpuMs()].map(([tid, ms]) => [tid, ms - (threads0.get(tid) ?? 0)] as const);
    const mainMs = threads.find(([tid]) => tid === process.pid)?.[1] ?? 0;
    const otherMs = Math.max(0, ...threads.filter(([tid]) => tid !== process.pid).map(([, ms]) => ms));
    const insertCpuSec = (cpu.user + cpu.system) / 1e6;
    const resaved = Math.min(pages, 20);
    const unchangedMs = await timeIt(async () => {
      for (let p = 0; p < resaved; p++) await repo.savePage(task, page(p, perPage));
    });

    const queries: Record<string, () => Promise<unknown>> = {
      'salePrice<100 sort -salePrice limit 5': () => repo.find('commodities', { salePrice: { $lt: 100 } }, { sort: { salePrice: -1 }, limit: 5 }),
      'price range 500..510 (sorted index)': () => repo.find('commodities', { price: { $gte: 500, $lt: 510 } }),
      'url equality (hash index)': () => repo.find('commodities', { url: 'http://bench.test/item/4242' }),
      'taskId + brand, sort price, limit 20': () => repo.find('commodities', { taskId: task.id, brand: '小米' }, { sort: { price: 1 }, limit: 20 }),
      'count extra.颜色=红色 (full scan, no index)': () => repo.count('commodities', { 'extra.颜色': '红色' }),
    };
    const firstQueryMs = await timeIt(queries['salePrice<100 sort -salePrice limit 5']!);
    const queryMs: Record<string, number> = {};
    const queryCpuMs: Record<string, number> = {};
    for (const [name, q] of Object.entries(queries)) {
      await q();
      const times: number[] = [];
      const cpu: number[] = [];
      // A full scan of a large store takes seconds: a few runs are enough for it.
      const runs = name.includes('full scan') ? Math.min(repeats, 3) : repeats;
      for (let i = 0; i < runs; i++) times.push(await timeIt(q, cpu));
      queryMs[name] = round(median(times));
      queryCpuMs[name] = round(median(cpu));
    }
    await repo.close();
    const storeBytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    const reopenMs = await timeIt(async () => {
      repo = await openRepository({ dataDir: dir, mongodbUri: '', readOnly: true });
    });
    await repo.close();
    const queryProcess = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', join(HERE, 'storage-query.ts'), root, dir], { encoding: 'utf8', cwd: root }).trim().split('\n').pop()!);
    const result: StorageBenchResult = {
      commodities: pages * perPage,
      perPage,
      inFlight,
      upsertsPerSec: Math.round((pages * perPage) / (insertMs / 1000)),
      upsertsPerCpuSec: Math.round((pages * perPage) / insertCpuSec),
      cpuMsPer1000: round((insertCpuSec * 1e6) / (pages * perPage)),
      threadCpuMsPer1000: { main: round((mainMs * 1000) / (pages * perPage)), busiestOther: round((otherMs * 1000) / (pages * perPage)) },
      upsertsPerBusiestThreadCpuSec: Math.round((pages * perPage) / (Math.max(mainMs, otherMs) / 1000)),
      pagesPerCommit: commits?.commits ? round(commits.pages / commits.commits) : null,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      unchangedPerSec: Math.round((resaved * perPage) / (unchangedMs / 1000)),
      queryMs,
      queryCpuMs,
      firstQueryMs: round(firstQueryMs),
      reopenMs: Math.round(reopenMs),
      queryProcess,
      storeBytes,
    };
    if (opts.print) console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const str = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const durability = str('--durability');
  if (durability !== undefined && durability !== 'batch' && durability !== 'none') {
    console.error(`--durability must be batch or none, got ${durability}`);
    process.exit(2);
  }
  const r = await benchStorage({ commodities: arg('--commodities'), perPage: arg('--per-page'), inFlight: arg('--in-flight'), root: str('--root'), durability, print: true });
  const q = r.queryProcess;
  console.log(`embedded bulk upserts (${r.inFlight} pages in flight, ${r.pagesPerCommit ?? '?'} per commit): ${r.upsertsPerSec}/s wall, ${r.upsertsPerCpuSec}/CPU-s of the process (all threads), ${r.upsertsPerBusiestThreadCpuSec}/CPU-s of its busiest thread (main ${r.threadCpuMsPer1000.main}, other ${r.threadCpuMsPer1000.busiestOther} ms per 1,000) at load ${r.loadAverage} (target ≥ 30000 on 2 cores); query process: open ${q.openMs} ms (< 200), indexed query with sort + limit ${q.queryMs} ms (< 20), RSS ${q.rssMb} MB (< 200)`);
}
