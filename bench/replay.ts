/**
 * Replay against rendering (issue 23): the demo shop, whose prices, stock and reviews arrive by
 * XHR, crawled whole by browser mode and by adaptive mode with replay (and, for reference,
 * adaptive mode with --no-replay), each at the same concurrency in its own process. Prints, per
 * mode, pages/s (from the demo site's request log: second page request to last, start-up
 * excluded) and CPU milliseconds per page of the crawler's process tree (Chromium included) in
 * that window, which a machine busy with other work distorts far less than wall time; the same
 * two over the second half of the crawl's page requests, where replay's fixed costs (browser
 * launch, the renders that learn a template's rule) are behind it and only its re-check renders
 * remain; adaptive with replay over browser in each (target >= 5x); and how identical the
 * commodity and review tables are to browser mode's (target >= 99 %): commodities by URL with
 * name, price, sale price, availability and review count; reviews by URL, author, rating and text.
 * Run alone: npx tsx bench/replay.ts [--products 500] [--concurrency 4] [--no-baseline]
 * `npm run bench` runs it at its profile's size (see run.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startDemoSite, type DemoSite } from '../src/demo-site/server';
import { openRepository } from '../storage/open';
import { measureRun } from './lib/child-run';
import type { RequestLogEntry } from '../src/demo-site/server';
import type { TreeUsage } from './lib/proc-tree';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (m: string) => process.stderr.write(`[replay] ${m}\n`);

export interface ReplayBenchOptions {
  /** Demo shop size. Default 500 (~640 pages): replay's fixed costs are then a small part of its whole crawl. */
  products?: number;
  /** Pages in flight, the same for every run. Default 4. */
  concurrency?: number;
  /** Also crawl adaptive mode with --no-replay, for reference. Default true. */
  baseline?: boolean;
  /** Print the figures to stdout. Default true. */
  print?: boolean;
}

/** Pages/s and CPU per page over one stretch of a crawl. */
interface Rate {
  pages: number;
  pagesPerSec: number;
  /** CPU milliseconds of the crawler's process tree (Chromium included) per page. */
  cpuMsPerPage: number;
}

interface ModeRun {
  label: string;
  pages: number;
  windowSecs: number;
  pagesPerSec: number;
  /** CPU seconds of the crawler's process tree inside the window. */
  cpuSecs: number;
  pagesPerCpuSec: number;
  cpuMsPerPage: number;
  /** The second half of the crawl's page requests: the steady state, start-up and learning left out. */
  steady: Rate;
  /** The "Replay by page template" lines of the summary. */
  replayLines: string[];
  commodities: Array<Record<string, unknown>>;
  reviews: Array<Record<string, unknown>>;
}

export interface ReplayFigures {
  products: number;
  concurrency: number;
  browser: ModeFigures;
  adaptiveReplay: ModeFigures & { replay: string[] };
  adaptiveNoReplay: ModeFigures | null;
  /** adaptive with replay over browser, in pages/s (whole crawl). */
  speedup: number;
  /** adaptive with replay over browser, in pages per CPU-second (whole crawl). */
  cpuSpeedup: number;
  /** The same two over the second half of each crawl (steady state). */
  steadySpeedup: number;
  steadyCpuSpeedup: number;
  commodities: { browser: number; adaptive: number; identical: number; identicalShare: number; differences: string[] };
  reviews: { browser: number; adaptive: number; identical: number; identicalShare: number; differences: string[] };
  lines: string[];
}

interface ModeFigures {
  pages: number;
  pagesPerSec: number;
  pagesPerCpuSec: number;
  cpuMsPerPage: number;
  steady: Rate;
}

const SUBRESOURCE = /^\/(api\/|img\/|static\/|favicon\.ico|robots\.txt)/;

/** The second half of a crawl's page requests (by count): distinct pages served 200, pages/s, CPU per page. */
function secondHalf(log: RequestLogEntry[], usage: TreeUsage): Rate {
  const pages = log.filter((e) => !SUBRESOURCE.test(e.path));
  const half = pages.slice(Math.floor(pages.length / 2));
  const from = half[0]?.at ?? 0;
  const to = half[half.length - 1]?.at ?? 0;
  const n = new Set(half.filter((e) => e.status === 200).map((e) => e.path)).size;
  const secs = (to - from) / 1000;
  const cpu = usage.cpuSecsBetween(from, to);
  return { pages: n, pagesPerSec: secs > 0 ? n / secs : 0, cpuMsPerPage: n > 0 ? (cpu * 1000) / n : 0 };
}

async function crawlOnce(site: DemoSite, label: string, mode: string[], concurrency: number): Promise<ModeRun> {
  const data = mkdtempSync(join(tmpdir(), 'replay-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CRAWLER_DATA_DIR: data, CRAWLEE_LOG_LEVEL: 'ERROR' };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const logFile = join(data, 'crawl.log');
  say(`${label}: crawling ${site.url} at concurrency ${concurrency} …`);
  const logStart = site.requestLog().length;
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
        cpuMsPerPage: m.pages > 0 ? (m.windowCpuSecs * 1000) / m.pages : 0,
        steady: secondHalf(site.requestLog().slice(logStart), m.usage),
        replayLines: log.split('\n').filter((l) => /rendered \d+, replayed \d+/.test(l)).map((l) => l.trim()),
        commodities: await repo.find('commodities', {}),
        reviews: await repo.find('reviews', {}),
      };
      say(`${label}: ${run.pages} pages in ${run.windowSecs.toFixed(1)} s, ${run.pagesPerSec.toFixed(1)} pages/s, ${run.cpuSecs.toFixed(1)} CPU-s (${run.cpuMsPerPage.toFixed(0)} ms per page); second half ${run.steady.pagesPerSec.toFixed(1)} pages/s, ${run.steady.cpuMsPerPage.toFixed(0)} ms CPU per page${run.replayLines.length ? `; ${run.replayLines.join('; ')}` : ''}`);
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
  const products = opts.products ?? 500;
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
  const steadySpeedup = browser.steady.pagesPerSec > 0 ? adaptive.steady.pagesPerSec / browser.steady.pagesPerSec : 0;
  const steadyCpuSpeedup = adaptive.steady.cpuMsPerPage > 0 ? browser.steady.cpuMsPerPage / adaptive.steady.cpuMsPerPage : 0;
  const rate = (x: ModeRun) =>
    `${x.pages} pages, ${x.pagesPerSec.toFixed(1)} pages/s, ${x.cpuMsPerPage.toFixed(0)} ms CPU per page; second half of the crawl ${x.steady.pagesPerSec.toFixed(1)} pages/s, ${x.steady.cpuMsPerPage.toFixed(0)} ms CPU per page`;
  const lines = [
    `demo shop, ${products} products, concurrency ${concurrency}, whole site crawled by each mode; CPU = the crawler's process tree, Chromium included`,
    `browser mode: ${rate(browser)}`,
    `adaptive mode with replay: ${rate(adaptive)} (${adaptive.replayLines.join('; ') || 'no template replayed'})`,
    ...(noReplay ? [`adaptive mode, --no-replay: ${rate(noReplay)}`] : []),
    `replay over browser, whole crawl: ${speedup.toFixed(1)}x pages/s, ${cpuSpeedup.toFixed(1)}x less CPU per page; second half: ${steadySpeedup.toFixed(1)}x pages/s, ${steadyCpuSpeedup.toFixed(1)}x less CPU per page (target >= 5x; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    `commodity table identical to browser mode's: ${c.identical} of ${Math.max(browser.commodities.length, adaptive.commodities.length)} rows, ${pct(c.share)} (URL, name, price, sale price, availability, review count; target >= 99 %)`,
    `review table identical to browser mode's: ${r.identical} of ${Math.max(browser.reviews.length, adaptive.reviews.length)} rows, ${pct(r.share)} (URL, author, rating, text)`,
    ...[...c.differences, ...r.differences].slice(0, 6).map((d) => `  ${d.length > 200 ? `${d.slice(0, 200)}…` : d}`),
  ];
  if (opts.print ?? true) process.stdout.write(`Replay bench\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  return {
    products,
    concurrency,
    browser: figures(browser),
    adaptiveReplay: { ...figures(adaptive), replay: adaptive.replayLines },
    adaptiveNoReplay: noReplay ? figures(noReplay) : null,
    speedup,
    cpuSpeedup,
    steadySpeedup,
    steadyCpuSpeedup,
    commodities: { browser: browser.commodities.length, adaptive: adaptive.commodities.length, identical: c.identical, identicalShare: c.share, differences: c.differences.slice(0, 20) },
    reviews: { browser: browser.reviews.length, adaptive: adaptive.reviews.length, identical: r.identical, identicalShare: r.share, differences: r.differences.slice(0, 20) },
    lines,
  };
}

function figures(x: ModeRun): ModeFigures {
  return { pages: x.pages, pagesPerSec: x.pagesPerSec, pagesPerCpuSec: x.pagesPerCpuSec, cpuMsPerPage: x.cpuMsPerPage, steady: x.steady };
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
  benchReplay({ products: intArg('--products', 500, 10), concurrency: intArg('--concurrency', 4, 1), baseline: !process.argv.includes('--no-baseline') }).catch((err) => {
    process.stderr.write(`replay bench: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
