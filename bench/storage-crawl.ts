/**
 * A long HTTP crawl of the demo shop in one process, storing into the embedded (SQLite) store
 * (issue 20, item 3): is throughput steady and memory flat as the store grows? Reports pages/s
 * per tenth of the crawl (the last tenth should be within 20 % of the first), the crawler's RSS
 * sampled every second (flat after warm-up), its CPU ms per page per tenth (pages/s follows the
 * load of a shared machine; CPU per page shows whether the growing store costs more), and the
 * records stored; writes an SVG plot of both
 * and the JSON figures to bench/reports/storage-crawl-<time>.{svg,json}.
 * Run: npx tsx bench/storage-crawl.ts [--pages 100000] [--concurrency 16]
 * The demo site gets `--pages` products, so it has more pages than the crawl fetches.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoSite } from '../src/demo-site/server';
import { openRepository } from '../storage/open';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (m: string) => process.stderr.write(`[storage-crawl] ${m}\n`);

function arg(name: string, dflt: number, min: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return dflt;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${process.argv[i + 1]}`);
  return n;
}

/** CPU seconds (user + system) the process has used so far, from /proc (clock ticks of 1/100 s). */
function cpuSecs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Two polylines over time (pages/s per tenth, RSS per second) in plain SVG. */
function plot(rss: Array<[number, number]>, rate: Array<[number, number]>, caption: string): string {
  const W = 760, H = 360, M = { l: 60, r: 60, t: 30, b: 50 };
  const tMax = Math.max(...rss.map((p) => p[0]), ...rate.map((p) => p[0]), 1);
  const rMax = Math.max(...rss.map((p) => p[1]), 1) * 1.1;
  const qMax = Math.max(...rate.map((p) => p[1]), 1) * 1.1;
  const x = (t: number) => M.l + (t / tMax) * (W - M.l - M.r);
  const y = (v: number, max: number) => H - M.b - (v / max) * (H - M.t - M.b);
  const line = (pts: Array<[number, number]>, max: number, color: string) =>
    `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map(([t, v]) => `${x(t).toFixed(1)},${y(v, max).toFixed(1)}`).join(' ')}"/>`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">
<rect width="${W}" height="${H}" fill="white"/>
<line x1="${M.l}" y1="${H - M.b}" x2="${W - M.r}" y2="${H - M.b}" stroke="#999"/>
<text x="${W / 2}" y="${H - 15}" text-anchor="middle">seconds since start</text>
<text x="${M.l}" y="${H - M.b + 15}" text-anchor="middle">0</text><text x="${W - M.r}" y="${H - M.b + 15}" text-anchor="middle">${Math.round(tMax)}</text>
<text x="10" y="${M.t - 10}" fill="#1f77b4">RSS MB (max ${Math.round(rMax / 1.1)})</text>
<text x="${W - 10}" y="${M.t - 10}" fill="#d62728" text-anchor="end">pages/s per tenth (max ${Math.round(qMax / 1.1)})</text>
${line(rss, rMax, '#1f77b4')}
${line(rate, qMax, '#d62728')}
<text x="${W / 2}" y="${H - 2}" text-anchor="middle" fill="#555">${esc(caption)}</text>
</svg>\n`;
}

const pages = arg('--pages', 100_000, 100);
const concurrency = arg('--concurrency', 16, 1);
const site = await startDemoSite({ port: 0, products: pages });
const data = mkdtempSync(join(tmpdir(), 'storage-crawl-'));
say(`demo site ${site.url} with ${pages} products; crawling ${pages} pages over HTTP into ${data}`);
const env: NodeJS.ProcessEnv = { ...process.env, CRAWLER_DATA_DIR: data };
delete env.MONGODB_URI;
delete env.REDIS_URL;
const t0 = Date.now();
const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), '--task', 'scale', '--urls', site.url,
  '--mode', 'http', '--max-pages', String(pages), '--concurrency', String(concurrency), '--log-format', 'json'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-4000); });
const rss: Array<[number, number]> = [];
const cpu: Array<[number, number]> = [];
const sampler = setInterval(() => {
  const at = (Date.now() - t0) / 1000;
  const mb = rssMb(child.pid!);
  if (mb !== null) rss.push([at, mb]);
  const c = cpuSecs(child.pid!);
  if (c !== null) cpu.push([at, c]);
}, 1000);
/** The crawler's CPU seconds at `t` seconds since start (the last sample before it). */
const cpuAt = (t: number) => [...cpu].reverse().find(([at]) => at <= t)?.[1] ?? 0;
const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
clearInterval(sampler);
const wallSecs = (Date.now() - t0) / 1000;

// Pages as the site served them (HTML pages with status 200, start page excluded), per tenth.
const log = site.requestLog().filter((e) => !/^\/(api\/|img\/|static\/|favicon\.ico|robots\.txt)/.test(e.path)).slice(1);
await site.close();
const tenths: number[] = [];
// CPU ms of the crawler per page in each tenth: what the store's growth would show, whatever
// else the shared machine runs (pages/s also follows the machine's load).
const cpuMsPerPage: number[] = [];
const rate: Array<[number, number]> = [];
for (let i = 0; i < 10; i++) {
  const part = log.slice(Math.floor((i * log.length) / 10), Math.floor(((i + 1) * log.length) / 10));
  const secs = part.length > 1 ? (part.at(-1)!.at - part[0]!.at) / 1000 : NaN;
  tenths.push(Math.round((part.length / secs) * 10) / 10);
  if (part.length) {
    rate.push([(part.at(-1)!.at - t0) / 1000, part.length / secs]);
    const used = cpuAt((part.at(-1)!.at - t0) / 1000) - cpuAt((part[0]!.at - t0) / 1000);
    cpuMsPerPage.push(Math.round((used * 1000) / part.length * 10) / 10);
  }
}
const repo = await openRepository({ dataDir: join(data, 'store'), mongodbUri: '', readOnly: true });
const [task] = await repo.listTasks();
await repo.close();
const warm = rss.filter(([t]) => t > wallSecs * 0.2).map(([, v]) => v);
const result = {
  pages, concurrency, exitCode: code, wallSecs: Math.round(wallSecs), pageRequests: log.length,
  pagesPerSecByTenth: tenths,
  lastVsFirstTenth: Math.round((tenths[9]! / tenths[0]!) * 100) / 100,
  cpuMsPerPageByTenth: cpuMsPerPage,
  cpuLastVsFirstTenth: Math.round((cpuMsPerPage[9]! / cpuMsPerPage[0]!) * 100) / 100,
  rssMb: { afterWarmUpMin: Math.min(...warm), afterWarmUpMax: Math.max(...warm), final: rss.at(-1)?.[1] ?? null },
  /** The highest RSS in each tenth of the run's time: the plot's RSS line as text. */
  rssMbMaxByTenth: Array.from({ length: 10 }, (_, i) => Math.max(...rss.filter(([t]) => t >= (i * wallSecs) / 10 && t < ((i + 1) * wallSecs) / 10).map(([, v]) => v))),
  records: task?.counts ?? null,
  loadAverage: Math.round(loadavg()[0]! * 10) / 10,
};
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const reports = join(ROOT, 'bench', 'reports');
mkdirSync(reports, { recursive: true });
writeFileSync(join(reports, `storage-crawl-${stamp}.json`), JSON.stringify({ ...result, rss, cpu }, null, 2));
writeFileSync(join(reports, `storage-crawl-${stamp}.svg`), plot(rss, rate, `HTTP crawl of ${pages} demo pages into the SQLite store, concurrency ${concurrency}, load ${result.loadAverage}`));
console.log(JSON.stringify(result, null, 2));
if (code !== 0) say(`the crawl exited with ${code}: ${stderr.split('\n').slice(-5).join(' | ')}`);
say(`plot: bench/reports/storage-crawl-${stamp}.svg`);
rmSync(data, { recursive: true, force: true });
