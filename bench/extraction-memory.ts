/**
 * Memory soak for extraction (issues 5 and 6): runs what `npm start -- extract --manifest` runs
 * (decodeHtml on the main thread, then ExtractPool.extract in recycled worker threads) over
 * 1,000 pages in ONE process and watches the process's resident set size (worker threads live
 * in the same process, so their heaps count).
 *
 *   npx tsx bench/extraction-memory.ts [--pages 1000] [--limit-mb 600] [--in-flight N]
 *                                      [--threads N] [--pages-per-worker N] [--demo]
 *
 * Pages: the HTML of ../shared/datasets/{articles-dev,news-zh-dev,products-dev} (the pages
 * listed in each ground-truth.json, as eval-extract.mjs reads them, with the same --kind),
 * cycled until --pages extractions are done; read from disk for every extraction, as the
 * extract command does. Without ../shared (or with --demo): the pages of the bundled demo site,
 * fetched once over HTTP from a local startDemoSite() and then cycled.
 *
 * Prints RSS at the start, every 100 pages, the peak (sampled every 50 ms, and the kernel's
 * high-water mark VmHWM where /proc has it) and at the end, plus median ms/page. Exits 1 when
 * the peak passes --limit-mb (600 MB), 2 on bad options.
 *
 * --in-flight defaults to the number of threads, so a page's latency is its own decode +
 * extraction time (the extract command keeps 8 in flight: `--in-flight 8` reproduces that,
 * queueing included). --pages-per-worker 100000 switches worker recycling off, to see whether
 * memory is bounded by recycling or by the extractors themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { decodeHtml } from '../src/encoding/decode';
import { DATASETS, DATASET_KINDS, devSetPages, pageBytes } from './lib/dev-sets';
import { ExtractPool } from '../src/extraction/pool';
import type { ExtractKind } from '../extractors/types';

const MB = 1024 * 1024;

interface Options {
  pages: number;
  limitMb: number;
  threads: number;
  inFlight: number;
  pagesPerWorker: number | undefined;
  demo: boolean;
}

interface PageSource {
  id: string;
  url: string;
  kind: ExtractKind;
  /** The page's bytes, as the extract command reads them (a fresh read each time). */
  read(): Promise<{ bytes: Uint8Array; contentType: string | null }>;
}

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npx tsx bench/extraction-memory.ts [--pages N] [--limit-mb MB] [--in-flight N] [--threads N] [--pages-per-worker N] [--demo]\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const threads = Math.min(2, availableParallelism());
  const opts: Options = { pages: 1000, limitMb: 600, threads, inFlight: 0, pagesPerWorker: undefined, demo: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--demo') {
      opts.demo = true;
      continue;
    }
    const value = Number(argv[i + 1]);
    const positive = Number.isInteger(value) && value > 0;
    if (!positive) usage(`${a} needs a positive integer`);
    i++;
    if (a === '--pages') opts.pages = value;
    else if (a === '--limit-mb') opts.limitMb = value;
    else if (a === '--threads') opts.threads = value;
    else if (a === '--in-flight') opts.inFlight = value;
    else if (a === '--pages-per-worker') opts.pagesPerWorker = value;
    else usage(`unknown option ${a}`);
  }
  if (opts.inFlight === 0) opts.inFlight = opts.threads;
  return opts;
}

/** The pages of the shared dev datasets, read from disk for every extraction. */
function datasetPages(): PageSource[] {
  return devSetPages().map((p) => ({
    id: p.id,
    url: p.url,
    kind: p.kind,
    read: async () => ({ bytes: pageBytes(await readFile(p.path), p.path), contentType: null }),
  }));
}

/** Same-origin <a href> targets, enough to walk the demo site breadth-first. */
function hrefsOf(html: string, base: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*["']([^"'#]+)/gi)) {
    try {
      const u = new URL(m[1]!, base);
      u.hash = '';
      if (u.origin === new URL(base).origin) out.push(u.href);
    } catch {
      /* not a URL */
    }
  }
  return out;
}

/** Up to `max` HTML pages of a local demo site, fetched once (breadth-first from the home page). */
async function demoPages(max: number): Promise<{ pages: PageSource[]; close(): Promise<void> }> {
  const { startDemoSite } = await import('../src/demo-site/server');
  const site = await startDemoSite();
  const disallowed = site.disallowed;
  const queue = [site.url];
  const seen = new Set(queue);
  const pages: PageSource[] = [];
  while (queue.length > 0 && pages.length < max) {
    const url = queue.shift()!;
    const res = await fetch(url);
    const contentType = res.headers.get('content-type');
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok || !/html/i.test(contentType ?? '')) continue;
    const path = new URL(url).pathname;
    const kind: ExtractKind = path.startsWith('/news/') && path.endsWith('.html') ? 'news' : path.startsWith('/p/') ? 'product' : 'auto';
    pages.push({ id: path, url, kind, read: async () => ({ bytes, contentType }) });
    for (const link of hrefsOf(decodeHtml(bytes, contentType).text, url)) {
      const p = new URL(link).pathname;
      if (seen.has(link) || disallowed.some((d) => p.startsWith(d)) || p.startsWith('/trap/')) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return { pages, close: () => site.close() };
}

/** The kernel's peak resident set size of this process (VmHWM), or null off Linux. */
function kernelPeakRss(): number | null {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const say = (line: string) => process.stdout.write(`${line}\n`);

  let pages: PageSource[] = [];
  let closeSite: (() => Promise<void>) | null = null;
  let sourceName: string;
  if (!opts.demo && existsSync(DATASETS)) {
    pages = datasetPages();
    sourceName = `${DATASETS} (${DATASET_KINDS.map(([n]) => n).join(', ')})`;
  }
  if (pages.length === 0) {
    const demo = await demoPages(400);
    pages = demo.pages;
    closeSite = demo.close;
    sourceName = 'bundled demo site (startDemoSite)';
  }
  if (pages.length === 0) throw new Error('no pages to extract');

  let peak = process.memoryUsage.rss();
  let peakAt = 0;
  let done = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > peak) {
      peak = rss;
      peakAt = done;
    }
  }, 50);

  const pool = new ExtractPool({ threads: opts.threads, pagesPerWorker: opts.pagesPerWorker });
  const startRss = process.memoryUsage.rss();
  say(`source: ${sourceName!}: ${pages.length} distinct pages, cycled to ${opts.pages} extractions`);
  say(`pool: ${opts.threads} thread(s), ${opts.pagesPerWorker ?? 'default'} pages per worker, ${opts.inFlight} in flight; limit ${opts.limitMb} MB`);
  say(`start   rss ${mb(startRss)}  heap ${mb(process.memoryUsage().heapUsed)}`);

  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();

  const one = async (i: number): Promise<void> => {
    const page = pages[i % pages.length]!;
    const t = performance.now();
    try {
      const { bytes, contentType } = await page.read();
      const { text } = decodeHtml(bytes, contentType);
      await pool.extract({ html: text, url: page.url, kind: page.kind });
    } catch (err) {
      errors++;
      if (errors <= 5) process.stderr.write(`page ${page.id}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    }
    times.push(performance.now() - t);
    done++;
    const rss = process.memoryUsage.rss();
    if (rss > peak) {
      peak = rss;
      peakAt = done;
    }
    if (done % 100 === 0) {
      const s = pool.stats();
      say(
        `${String(done).padStart(5)} pages  rss ${mb(rss)}  peak ${mb(peak)}  main heap ${mb(process.memoryUsage().heapUsed)}` +
          `  workers started ${s.workersStarted}  ${((performance.now() - t0) / done).toFixed(0)} ms/page wall`,
      );
    }
  };
  const lane = async (): Promise<void> => {
    while (next < opts.pages) await one(next++);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.inFlight, opts.pages) }, lane));
  } finally {
    clearInterval(sampler);
    await pool.close();
    if (closeSite) await closeSite();
  }

  const endRss = process.memoryUsage.rss();
  const hwm = kernelPeakRss();
  const worst = Math.max(peak, hwm ?? 0);
  const wall = performance.now() - t0;
  say(`end     rss ${mb(endRss)} (pool closed)  heap ${mb(process.memoryUsage().heapUsed)}`);
  say(`peak    rss ${mb(peak)} sampled (at page ${peakAt})${hwm === null ? '' : `, ${mb(hwm)} kernel high-water mark (VmHWM)`}`);
  say(`time    median ${median(times).toFixed(1)} ms/page (decode + extract, ${opts.inFlight} in flight), ${(wall / opts.pages).toFixed(1)} ms/page wall, ${(wall / 1000).toFixed(1)} s total, ${errors} error(s)`);
  if (worst > opts.limitMb * MB) {
    say(`FAIL: peak RSS ${mb(worst)} > ${opts.limitMb} MB`);
    process.exitCode = 1;
  } else {
    say(`ok: peak RSS ${mb(worst)} <= ${opts.limitMb} MB`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
