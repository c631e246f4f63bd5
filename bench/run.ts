/**
 * The benchmark suite (issue 8): `npm run bench` (full, ~15 min) or `npm run bench -- --quick`
 * (~2 min). Starts the bundled demo site, then crawls it with our crawler (browser / HTTP /
 * adaptive modes as the CLI offers them), the machine's limits (minimal Playwright and fetch
 * loops), Scrapy and Crawlee defaults, one at a time and each in its own process tree; then
 * times extraction, the Bloom filter and storage. Writes bench/reports/<timestamp>.md (+ .svg
 * chart, + .json raw figures) and prints the report.
 *
 * Options: --quick, --products <n> (site size), --only <crawler,…> (e.g. ours-browser,min-playwright;
 * also `none`), --no-components (skip extraction/Bloom/storage/replay; replay alone: bench/replay.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startDemoSite } from '../src/demo-site/server';
import { measureRun, type RunMeasure } from './lib/child-run';
import { PROFILES, planRuns, specFor, type Capabilities, type Crawler, type Profile } from './lib/plan';
import { benchExtraction } from './lib/extraction-bench';
import { chartPanels, formatReport, type MicroFigures } from './lib/report';
import { throughputChart } from './lib/svg-chart';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);

interface Args {
  profile: Profile;
  only: Set<string> | null;
  components: boolean;
}

function parseArgs(argv: string[]): Args {
  const known = new Set(['--quick', '--products', '--only', '--no-components']);
  for (const a of argv) if (a.startsWith('--') && !known.has(a)) throw new Error(`unknown option ${a}; valid: ${[...known].join(', ')}`);
  const profile = { ...PROFILES[argv.includes('--quick') ? 'quick' : 'full'] };
  const i = argv.indexOf('--products');
  if (i >= 0) {
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < 10) throw new Error(`--products must be an integer >= 10, got ${argv[i + 1]}`);
    profile.products = n;
  }
  const j = argv.indexOf('--only');
  const only = j >= 0 ? new Set((argv[j + 1] ?? '').split(',').filter(Boolean)) : null;
  return { profile, only, components: !argv.includes('--no-components') };
}

/** Which `--mode` values our CLI accepts, read from its --help. */
function detectModes(): { modes: string[]; modeOption: boolean } {
  try {
    const help = execFileSync(process.execPath, [TSX_CLI, join(ROOT, 'src/cli/main.ts'), '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const line = help.split('\n').find((l) => /--mode\b/.test(l));
    if (!line) return { modes: ['browser'], modeOption: false };
    return { modes: ['browser', 'http', 'adaptive'].filter((m) => new RegExp(`\\b${m}\\b`).test(line)), modeOption: true };
  } catch (err) {
    say(`could not read the CLI's --help (${err instanceof Error ? err.message.split('\n')[0] : err}); assuming browser mode only`);
    return { modes: ['browser'], modeOption: false };
  }
}

/** `python3` may be a pyenv shim without Debian's packages: try the system one too. */
function detectScrapy(): string | null {
  for (const py of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(py, ['-c', 'import scrapy'], { stdio: 'ignore', timeout: 30_000 });
      return py;
    } catch {
      /* next */
    }
  }
  return null;
}

/** Runs a component benchmark with its stdout diverted to stderr (the report owns stdout). */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await fn();
  } finally {
    process.stdout.write = write;
  }
}

async function optionalModule(file: string, exportName: string): Promise<((opts: Record<string, unknown>) => Promise<unknown>) | string> {
  const path = join(ROOT, 'bench', file);
  if (!existsSync(path)) return `skipped: bench/${file} does not exist yet`;
  try {
    const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const fn = mod[exportName];
    if (typeof fn !== 'function') return `skipped: bench/${file} exports no ${exportName}()`;
    return fn as (opts: Record<string, unknown>) => Promise<unknown>;
  } catch (err) {
    return `skipped: bench/${file} failed to load (${err instanceof Error ? err.message.split('\n')[0] : err})`;
  }
}

/** Runs a bench module's figures through `run`; its skip reason or `failed: …` line in their place. */
async function optionalBench<T>(file: string, exportName: string, run: (fn: (opts: Record<string, unknown>) => Promise<unknown>) => Promise<T>): Promise<T | string> {
  const fn = await optionalModule(file, exportName);
  if (typeof fn === 'string') return fn;
  try {
    return await run(fn);
  } catch (err) {
    return `failed: ${err instanceof Error ? err.message.split('\n')[0] : err}`;
  }
}

/** Numeric "…per second" figures of an unknown result object, as `name: value` lines. */
function rateLines(result: unknown, prefix = ''): string[] {
  if (result === null || typeof result !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(result as Record<string, unknown>)) {
    if (typeof v === 'number' && /per ?s(ec|econd)?|\/s|ops|rate|ms/i.test(k)) out.push(`${prefix}${k}: ${Math.round(v * 100) / 100}`);
    else if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...rateLines(v, `${prefix}${k}.`));
    else if (Array.isArray(v)) v.slice(0, 8).forEach((item, i) => out.push(...rateLines(item, `${prefix}${k}[${(item as { name?: string })?.name ?? i}].`)));
  }
  return out;
}

async function components(p: Profile, siteUrl: string): Promise<MicroFigures> {
  say('extraction: fetching sample pages and timing extractHtml');
  let extraction: MicroFigures['extraction'];
  try {
    extraction = await benchExtraction(siteUrl, p.extractionPerKind, Date.now() + (p.name === 'quick' ? 20_000 : 90_000));
  } catch (err) {
    extraction = `failed: ${err instanceof Error ? err.message : err}`;
  }

  say('bloom: bench/bloom.ts');
  const bloom: MicroFigures['bloom'] = await optionalBench('bloom.ts', 'benchBloom', async (benchBloom) => {
    const r = (await quietly(() => benchBloom({ n: p.bloomN, print: false }))) as { addsPerSecond: number; n: number; measuredFp?: number; theoreticalFp?: number };
    return { addsPerSecond: r.addsPerSecond, n: r.n, detail: r.measuredFp !== undefined ? `False positives ${(r.measuredFp * 100).toFixed(3)} % measured vs ${((r.theoreticalFp ?? NaN) * 100).toFixed(3)} % theory.` : '' };
  });

  say('storage: bench/storage.ts');
  const storage: MicroFigures['storage'] = await optionalBench('storage.ts', 'benchStorage', async (benchStorage) => {
    const r = await quietly(() => benchStorage({ quick: p.name === 'quick', print: false }));
    const lines = rateLines(r);
    return { lines: lines.length ? lines : [`result: ${JSON.stringify(r).slice(0, 400)}`] };
  });
  say('replay: bench/replay.ts (browser mode vs adaptive mode with replay on the demo shop)');
  const replay: MicroFigures['replay'] = await optionalBench('replay.ts', 'benchReplay', async (benchReplay) => {
    // Whole-site crawls in each mode: big enough that replay's learning renders and browser launch are a small part of its crawl.
    const r = (await benchReplay({ products: p.name === 'quick' ? 60 : 500, concurrency: 4, baseline: p.name !== 'quick', print: false })) as { lines: string[] };
    return { lines: r.lines };
  });
  return { extraction, bloom, storage, replay };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const p = args.profile;
  const startedAt = new Date();
  const t0 = performance.now();
  const load0 = loadavg();
  say(`profile ${p.name}: ${p.products} products; detecting our CLI's modes and Scrapy`);
  const caps: Capabilities = { ...detectModes(), scrapyPython: detectScrapy() };
  say(`modes: ${caps.modes.join(', ')}; scrapy: ${caps.scrapyPython ?? 'not installed'}`);

  const tmp = mkdtempSync(join(tmpdir(), 'crawler-bench-'));
  const site = await startDemoSite({ port: 0, products: p.products });
  const sitePages = site.linkGraph().size;
  const runs = new Map<string, RunMeasure>();
  let micro: MicroFigures = { extraction: 'skipped (--no-components)', bloom: 'skipped (--no-components)', storage: 'skipped (--no-components)' };
  try {
    const plan = planRuns(p, caps).filter(([c]) => !args.only || args.only.has(c));
    for (const [i, [crawler, conc]] of plan.entries()) {
      const spec = specFor({ root: ROOT, tsxCli: TSX_CLI, tmp, siteUrl: site.url, profile: p, caps }, crawler as Crawler, conc);
      say(`(${i + 1}/${plan.length}) ${spec.label} at concurrency ${conc ?? 'auto'} …`);
      const m = await measureRun(spec, () => site.requestLog());
      runs.set(spec.id, m);
      say(`    ${m.pages} pages, ${m.pagesPerSec.toFixed(1)} pages/s, CPU ${m.usage.cpuSecs.toFixed(1)} s, peak PSS ${Math.round(m.usage.peakPssMb)} MB${m.note ? ` (${m.note})` : ''}`);
    }
    if (args.components) micro = await components(p, site.url);
  } finally {
    await site.close();
  }

  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const reportsDir = join(ROOT, 'bench/reports');
  mkdirSync(reportsDir, { recursive: true });
  const svgPath = join(reportsDir, `${stamp}${p.name === 'quick' ? '-quick' : ''}.svg`);
  const mdPath = svgPath.replace(/\.svg$/, '.md');
  writeFileSync(svgPath, throughputChart(chartPanels(runs), `pages/s against concurrency on the demo site (${p.products} products), ${startedAt.toISOString()}`));
  const load1 = loadavg();
  const report = formatReport({
    startedAt,
    totalSecs: (performance.now() - t0) / 1000,
    profile: p,
    caps,
    siteUrl: site.url,
    sitePages,
    runs,
    micro,
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load0[0]!.toFixed(1)} at start / ${load1[0]!.toFixed(1)} at end`,
    svgFile: relative(ROOT, svgPath),
  });
  writeFileSync(mdPath, report);
  // Raw figures, for comparing runs or redrawing the chart.
  writeFileSync(mdPath.replace(/\.md$/, '.json'), JSON.stringify({ startedAt, profile: p, caps, runs: [...runs.values()], micro }, null, 1));
  process.stdout.write(report + '\n');
  say(`report: ${relative(ROOT, mdPath)}; chart: ${relative(ROOT, svgPath)}; logs kept in ${tmp} only on failure`);
  if ([...runs.values()].every((r) => r.ok)) rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
