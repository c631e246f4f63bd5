/**
 * Replay against rendering (issue 23): the demo shop, whose prices, stock and reviews arrive by
 * XHR, crawled whole by browser mode and by adaptive mode with replay (and, for reference,
 * adaptive mode with --no-replay), each at the same concurrency in its own process. Prints
 * pages/s of each (from the demo site's request log: second page request to last, start-up
 * excluded) and pages per CPU-second of the crawler's process tree (Chromium included) in that
 * window, which a machine busy with other work distorts far less than wall time; adaptive
 * with replay over browser in both (target >= 5x); and how identical the commodity
 * and review tables are to browser mode's (target >= 99 %): commodities by URL with name, price,
 * sale price, availability and review count; reviews by URL, author, rating and text.
 * Run alone: npx tsx bench/replay.ts [--products 200] [--concurrency 4] [--no-baseline]
 * `npm run bench` runs it at its profile's size (see run.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startDemoSite, type DemoSite } from '../src/demo-site/server';
import { openRepository } from '../storage/open';
import { measureRun } from './lib/child-run';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (m: string) => process.stderr.write(`[replay] ${m}\n`);

export interface ReplayBenchOptions {
  /** Demo shop size. Default 200. */
  products?: number;
  /** Pages in flight, the same for every run. Default 4. */
  concurrency?: number;
  /** Also crawl adaptive mode with --no-replay, for reference. Default true. */
  baseline?: boolean;
  /** Print the figures to stdout. Default true. */
  print?: boolean;
}

interface ModeRun {
  label: string;
  pages: number;
  windowSecs: number;
  pagesPerSec: number;
  /** CPU seconds of the crawler's process tree inside the window. */
  cpuSecs: number;
  pagesPerCpuSec: number;
  /** The "Replay by page template" lines of the summary. */
  replayLines: string[];
  commodities: Array<Record<string, unknown>>;
  reviews: Array<Record<string, unknown>>;
}

export interface ReplayFigures {
  products: number;
  concurrency: number;
  browser: { pages: number; pagesPerSec: number; pagesPerCpuSec: number };
  adaptiveReplay: { pages: number; pagesPerSec: number; pagesPerCpuSec: number; replay: string[] };
  adaptiveNoReplay: { pages: number; pagesPerSec: number; pagesPerCpuSec: number } | null;
  /** adaptive with replay over browser, in pages/s. */
  speedup: number;
  /** adaptive with replay over browser, in pages per CPU-second. */
  cpuSpeedup: number;
  commodities: { browser: number; adaptive: number; identical: number; identicalShare: number; differences: string[] };
  reviews: { browser: number; adaptive: number; identical: number; identicalShare: number; differences: string[] };
  lines: string[];
}

async function crawlOnce(site: DemoSite, label: string, mode: string[], concurrency: number): Promise<ModeRun> {
  const data = mkdtempSync(join(tmpdir(), 'replay-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CRAWLER_DATA_DIR: data, CRAWLEE_LOG_LEVEL: 'ERROR' };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const logFile = join(data, 'crawl.log');
  say(`${label}: crawling ${site.url} at concurrency ${concurrency} …`);
  try {
    const m = await measureRun(
      {
        id: label,
        label,
        family: 'browser',
        concurrency,
        command: process.execPath,
        args: ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), '--task', 'bench', '--urls', site.url, '--concurrency', String(concurrency), ...mode],
        cwd: ROOT,
        env,
        // The whole site, however long it takes: the tables are compared page for page.
        seconds: 3600,
        logFile,
      },
      () => site.requestLog(),
    );
    const log = readFileSync(logFile, 'utf8');
    if (m.exitCode !== 0) throw new Error(`${label} crawl exited ${m.exitCode}${m.note ? ` (${m.note})` : ''}: ${log.trim().split('\n').slice(-3).join(' | ')}`);
    const repo = await openRepository({ dataDir: join(data, 'store'), mongodbUri: '' });
    try {
      const run: ModeRun = {
        label,
        pages: m.pages,
        windowSecs: m.windowSecs,
        pagesPerSec: m.pagesPerSec,
        cpuSecs: m.windowCpuSecs,
        pagesPerCpuSec: m.windowCpuSecs > 0 ? m.pages / m.windowCpuSecs : 0,
        replayLines: log.split('\n').filter((l) => /rendered \d+, replayed \d+/.test(l)).map((l) => l.trim()),
        commodities: await repo.find('commodities', {}),
        reviews: await repo.find('reviews', {}),
      };
      say(`${label}: ${run.pages} pages in ${run.windowSecs.toFixed(1)} s, ${run.pagesPerSec.toFixed(1)} pages/s, ${run.cpuSecs.toFixed(1)} CPU-s (${run.pagesPerCpuSec.toFixed(1)} pages/CPU-s)${run.replayLines.length ? `; ${run.replayLines.join('; ')}` : ''}`);
      return run;
    } finally {
      await repo.close();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** Share of the reference's rows found identical in the other table (as multisets), and the first differences. */
function compareRows(reference: string[], other: string[]): { identical: number; share: number; differences: string[] } {
  const left = new Map<string, number>();
  for (const x of other) left.set(x, (left.get(x) ?? 0) + 1);
  let identical = 0;
  const differences: string[] = [];
  for (const x of reference) {
    const n = left.get(x) ?? 0;
    if (n > 0) {
      left.set(x, n - 1);
      identical++;
    } else differences.push(`browser only: ${x}`);
  }
  for (const [x, n] of left) for (let i = 0; i < n; i++) differences.push(`adaptive only: ${x}`);
  const total = Math.max(reference.length, other.length);
  return { identical, share: total ? identical / total : 1, differences };
}

const commodityKey = (c: Record<string, unknown>) => JSON.stringify([c.url, c.name, c.price, c.salePrice ?? null, c.availability ?? null, c.reviewCount ?? null]);
const reviewKey = (r: Record<string, unknown>) => JSON.stringify([r.url, r.author, r.rating, r.content]);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export async function benchReplay(opts: ReplayBenchOptions = {}): Promise<ReplayFigures> {
  const products = opts.products ?? 200;
  const concurrency = opts.concurrency ?? 4;
  const site = await startDemoSite({ port: 0, products });
  let browser: ModeRun, adaptive: ModeRun, noReplay: ModeRun | null = null;
  try {
    browser = await crawlOnce(site, 'browser mode', ['--mode', 'browser'], concurrency);
    adaptive = await crawlOnce(site, 'adaptive mode with replay', ['--mode', 'adaptive'], concurrency);
    if (opts.baseline ?? true) noReplay = await crawlOnce(site, 'adaptive mode, --no-replay', ['--mode', 'adaptive', '--no-replay'], concurrency);
  } finally {
    await site.close();
  }
  const c = compareRows(browser.commodities.map(commodityKey), adaptive.commodities.map(commodityKey));
  const r = compareRows(browser.reviews.map(reviewKey), adaptive.reviews.map(reviewKey));
  const speedup = browser.pagesPerSec > 0 ? adaptive.pagesPerSec / browser.pagesPerSec : 0;
  const cpuSpeedup = browser.pagesPerCpuSec > 0 ? adaptive.pagesPerCpuSec / browser.pagesPerCpuSec : 0;
  const rate = (x: ModeRun) => `${x.pages} pages, ${x.pagesPerSec.toFixed(1)} pages/s, ${x.pagesPerCpuSec.toFixed(1)} pages per CPU-second`;
  const lines = [
    `demo shop, ${products} products, concurrency ${concurrency}, whole site crawled by each mode`,
    `browser mode: ${rate(browser)}`,
    `adaptive mode with replay: ${rate(adaptive)} (${adaptive.replayLines.join('; ') || 'no template replayed'})`,
    ...(noReplay ? [`adaptive mode, --no-replay: ${rate(noReplay)}`] : []),
    `replay over browser: ${speedup.toFixed(1)}x pages/s, ${cpuSpeedup.toFixed(1)}x pages per CPU-second (target >= 5x; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    `commodity table identical to browser mode's: ${c.identical} of ${Math.max(browser.commodities.length, adaptive.commodities.length)} rows, ${pct(c.share)} (URL, name, price, sale price, availability, review count; target >= 99 %)`,
    `review table identical to browser mode's: ${r.identical} of ${Math.max(browser.reviews.length, adaptive.reviews.length)} rows, ${pct(r.share)} (URL, author, rating, text)`,
    ...[...c.differences, ...r.differences].slice(0, 6).map((d) => `  ${d.length > 200 ? `${d.slice(0, 200)}…` : d}`),
  ];
  if (opts.print ?? true) process.stdout.write(`Replay bench\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  return {
    products,
    concurrency,
    browser: { pages: browser.pages, pagesPerSec: browser.pagesPerSec, pagesPerCpuSec: browser.pagesPerCpuSec },
    adaptiveReplay: { pages: adaptive.pages, pagesPerSec: adaptive.pagesPerSec, pagesPerCpuSec: adaptive.pagesPerCpuSec, replay: adaptive.replayLines },
    adaptiveNoReplay: noReplay ? { pages: noReplay.pages, pagesPerSec: noReplay.pagesPerSec, pagesPerCpuSec: noReplay.pagesPerCpuSec } : null,
    speedup,
    cpuSpeedup,
    commodities: { browser: browser.commodities.length, adaptive: adaptive.commodities.length, identical: c.identical, identicalShare: c.share, differences: c.differences.slice(0, 20) },
    reviews: { browser: browser.reviews.length, adaptive: adaptive.reviews.length, identical: r.identical, identicalShare: r.share, differences: r.differences.slice(0, 20) },
    lines,
  };
}

function intArg(name: string, dflt: number, min: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return dflt;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`${name} must be an integer >= ${min}, got ${process.argv[i + 1] ?? 'nothing'}\n`);
    process.exit(2);
  }
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const known = new Set(['--products', '--concurrency', '--no-baseline']);
  const unknown = process.argv.slice(2).find((a) => a.startsWith('--') && !known.has(a));
  if (unknown) {
    process.stderr.write(`unknown option ${unknown}; valid: ${[...known].join(', ')}\n`);
    process.exit(2);
  }
  benchReplay({ products: intArg('--products', 200, 10), concurrency: intArg('--concurrency', 4, 1), baseline: !process.argv.includes('--no-baseline') }).catch((err) => {
    process.stderr.write(`replay bench: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
