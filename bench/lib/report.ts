import type { RunMeasure } from './child-run';
import type { Capabilities, Crawler, Profile } from './plan';
import { LABELS, runId } from './plan';
import type { ExtractionFigures } from './extraction-bench';
import type { Panel } from './svg-chart';

export interface MicroFigures {
  extraction: ExtractionFigures | string;
  bloom: { addsPerSecond: number; n: number; detail: string } | string;
  storage: { lines: string[] } | string;
  /** Replay against rendering on the demo shop (bench/replay.ts); absent in older runs. */
  replay?: { lines: string[] } | string;
}

export interface ReportInput {
  startedAt: Date;
  totalSecs: number;
  profile: Profile;
  caps: Capabilities;
  siteUrl: string;
  sitePages: number;
  runs: Map<string, RunMeasure>;
  micro: MicroFigures;
  machine: string;
  svgFile: string;
}

/** The original design's per-page times at 1, 10 and 50 threads (from the issue). */
export const ORIGINAL_DESIGN: Array<[number, number]> = [
  [1, 1 / 6.08],
  [10, 1 / 0.79],
  [50, 1 / 0.13],
];

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const f0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');

function rate(runs: Map<string, RunMeasure>, c: Crawler, conc: number | null): number {
  const r = runs.get(runId(c, conc));
  return r && r.ok ? r.pagesPerSec : NaN;
}

function levelsOf(runs: Map<string, RunMeasure>, c: Crawler): number[] {
  return [...runs.values()].filter((r) => r.ok && r.spec.id.startsWith(`${c}@`) && r.spec.concurrency !== null).map((r) => r.spec.concurrency!).sort((a, b) => a - b);
}

function best(runs: Map<string, RunMeasure>, c: Crawler): { rate: number; at: number | null } {
  let out = { rate: NaN, at: null as number | null };
  for (const r of runs.values()) if (r.ok && r.spec.id.startsWith(`${c}@`) && !(r.pagesPerSec <= out.rate)) out = { rate: r.pagesPerSec, at: r.spec.concurrency };
  return out;
}

/** Peak PSS growth per extra page in flight: least-squares slope over every level measured. */
export function memoryPerPage(runs: Map<string, RunMeasure>, c: Crawler): { mb: number; from: number; to: number } | null {
  const lv = levelsOf(runs, c);
  if (lv.length < 2) return null;
  const pts = lv.map((l) => [l, runs.get(runId(c, l))!.usage.peakPssMb] as const);
  const mx = pts.reduce((a, [x]) => a + x, 0) / pts.length;
  const my = pts.reduce((a, [, y]) => a + y, 0) / pts.length;
  const sxy = pts.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const sxx = pts.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return { mb: sxy / sxx, from: lv[0]!, to: lv[lv.length - 1]! };
}

export function chartPanels(runs: Map<string, RunMeasure>): Panel[] {
  const series = (cs: Crawler[]) =>
    cs
      .map((c) => ({ name: LABELS[c], points: levelsOf(runs, c).map((l) => [l, rate(runs, c, l)] as [number, number]) }))
      .filter((s) => s.points.length > 0);
  return [
    { title: 'HTTP crawlers', series: series(['ours-http', 'min-fetch', 'scrapy']) },
    { title: 'Browser crawlers', series: [...series(['ours-browser', 'min-playwright']), { name: 'original design (1/6.08, 1/0.79, 1/0.13 s)', points: ORIGINAL_DESIGN, dashed: true }] },
  ];
}

function verdict(ratio: number, target: number): string {
  if (!Number.isFinite(ratio)) return 'not measured';
  return ratio >= target ? `**met** (${f2(ratio)}×)` : `**NOT met** (${f2(ratio)}×)`;
}

export function formatReport(x: ReportInput): string {
  const { runs, profile: p, caps } = x;
  const L: string[] = [];
  const hb = p.browserHeadline;
  const hh = p.httpHeadline;
  L.push(`# Crawler benchmark — ${x.startedAt.toISOString()} (${p.name})`);
  L.push('');
  L.push(`Machine: ${x.machine}. Total run time ${f0(x.totalSecs)} s.`);
  L.push(`Site: bundled demo site at ${x.siteUrl}, ${p.products} products (${f0(x.sitePages)} linked pages), served by the benchmark process itself.`);
  L.push(`Bounds per run: HTTP crawlers ≤ ${p.httpMaxPages} pages / ${p.httpSeconds} s, browser crawlers ≤ ${p.browserMaxPages} pages / ${p.browserSeconds} s; runs one after another, never overlapping.`);
  L.push('');
  L.push('**How to read it.** pages/s = distinct HTML pages the demo site served with status 200 during the run ÷ the time from the second to the last page request (start-up, the start page — every crawler\'s warm-up — and shut-down excluded). CPU = user+system seconds of the whole process tree (Node, tsx, Chromium and its renderers) sampled from /proc every 200 ms: for the whole run (start-up included), and inside the measuring window per page; "cores busy" = window CPU ÷ window time (2 = both cores, CPU of the demo site itself not included). Memory = peak of the summed PSS of the tree (RSS sum also given; RSS counts Chromium\'s shared pages once per process). The machine is shared and noisy: compare ratios from this run, not absolute figures across runs.');
  L.push('');

  // Targets
  const rb = rate(runs, 'ours-browser', hb) / rate(runs, 'min-playwright', hb);
  const rh = rate(runs, 'ours-http', hh) / rate(runs, 'min-fetch', hh);
  const rs = rate(runs, 'ours-http', hh) / rate(runs, 'scrapy', hh);
  const ra = rate(runs, 'ours-adaptive', hh) / rate(runs, 'min-fetch', hh);
  const ras = rate(runs, 'ours-adaptive', hh) / rate(runs, 'scrapy', hh);
  L.push('## Targets (issue 8), same concurrency, same run');
  L.push('');
  L.push('| target | measured | verdict |');
  L.push('|---|---|---|');
  L.push(`| browser mode ≥ 0.8× minimal Playwright loop (c=${hb}) | ${f1(rate(runs, 'ours-browser', hb))} vs ${f1(rate(runs, 'min-playwright', hb))} pages/s | ${verdict(rb, 0.8)} |`);
  if (caps.modes.includes('http')) {
    L.push(`| HTTP mode ≥ 0.6× minimal fetch + parse loop (c=${hh}) | ${f1(rate(runs, 'ours-http', hh))} vs ${f1(rate(runs, 'min-fetch', hh))} pages/s | ${verdict(rh, 0.6)} |`);
    L.push(`| HTTP mode ≥ 1.2× Scrapy (c=${hh}) | ${f1(rate(runs, 'ours-http', hh))} vs ${caps.scrapyPython ? f1(rate(runs, 'scrapy', hh)) : 'Scrapy not installed'} pages/s | ${verdict(rs, 1.2)} |`);
  } else {
    L.push(`| HTTP mode ≥ 0.6× minimal fetch loop and ≥ 1.2× Scrapy | our CLI has no \`--mode http\` | not available |`);
  }
  if (caps.modes.includes('adaptive')) {
    L.push(`| adaptive mode ≥ 0.6× minimal fetch + parse loop (c=${hh}) | ${f1(rate(runs, 'ours-adaptive', hh))} pages/s | ${verdict(ra, 0.6)} |`);
    L.push(`| adaptive mode ≥ 1.2× Scrapy (c=${hh}) | ${f1(rate(runs, 'ours-adaptive', hh))} pages/s | ${verdict(ras, 1.2)} |`);
  }
  L.push('');

  // Side by side
  L.push('## Side by side');
  L.push('');
  L.push('| crawler | concurrency | pages | window s | pages/s | CPU s (tree, whole run) | CPU ms/page (in window) | cores busy (in window) | peak PSS MB | peak RSS MB | procs | note |');
  L.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of runs.values()) {
    L.push(
      `| ${r.spec.label} | ${r.spec.concurrency ?? 'auto (defaults)'} | ${r.pages} | ${f1(r.windowSecs)} | ${f1(r.pagesPerSec)} | ${f1(r.usage.cpuSecs)} | ${f1((r.windowCpuSecs * 1000) / Math.max(1, r.pages))} | ${f2(r.windowCpuSecs / r.windowSecs)} | ${f0(r.usage.peakPssMb)} | ${f0(r.usage.peakRssMb)} | ${r.usage.peakProcs} | ${[r.note, r.selfReport.replace(/\|/g, '/')].filter(Boolean).join('; ')} |`,
    );
  }
  L.push('');
  if (!caps.scrapyPython) L.push('Scrapy: skipped — no python3 on this machine can `import scrapy` (install Debian\'s python3-scrapy).');
  if (!caps.modes.includes('http')) L.push('HTTP mode of our crawler: not available (the CLI does not accept `--mode http`).');
  if (!caps.modes.includes('adaptive')) L.push('Adaptive mode of our crawler: not available (the CLI does not accept `--mode adaptive`).');
  L.push('');

  // Ratios
  L.push('## Ratios');
  L.push('');
  L.push('| ratio | value |');
  L.push('|---|---|');
  const ratio = (name: string, a: number, b: number) => L.push(`| ${name} | ${f2(a / b)}× |`);
  for (const c of p.browserLevels) ratio(`browser mode / minimal Playwright loop, c=${c}`, rate(runs, 'ours-browser', c), rate(runs, 'min-playwright', c));
  ratio('browser mode best / minimal Playwright loop best', best(runs, 'ours-browser').rate, best(runs, 'min-playwright').rate);
  ratio(`browser mode (c=${hb}) / Crawlee PlaywrightCrawler defaults`, rate(runs, 'ours-browser', hb), rate(runs, 'crawlee-playwright', null));
  ratio(`Crawlee PlaywrightCrawler defaults / minimal Playwright loop (c=${hb})`, rate(runs, 'crawlee-playwright', null), rate(runs, 'min-playwright', hb));
  if (caps.modes.includes('http')) {
    for (const c of p.httpLevels) ratio(`HTTP mode / minimal fetch loop, c=${c}`, rate(runs, 'ours-http', c), rate(runs, 'min-fetch', c));
    for (const c of p.httpLevels) if (runs.has(runId('scrapy', c))) ratio(`HTTP mode / Scrapy, c=${c}`, rate(runs, 'ours-http', c), rate(runs, 'scrapy', c));
    ratio('HTTP mode best / minimal fetch loop best', best(runs, 'ours-http').rate, best(runs, 'min-fetch').rate);
    ratio(`HTTP mode (c=${hh}) / Crawlee CheerioCrawler defaults`, rate(runs, 'ours-http', hh), rate(runs, 'crawlee-cheerio', null));
  }
  if (caps.modes.includes('adaptive')) ratio(`adaptive mode / minimal fetch loop, c=${hh}`, rate(runs, 'ours-adaptive', hh), rate(runs, 'min-fetch', hh));
  ratio(`Scrapy / minimal fetch loop, c=${hh}`, rate(runs, 'scrapy', hh), rate(runs, 'min-fetch', hh));
  ratio(`Crawlee CheerioCrawler defaults / minimal fetch loop (c=${hh})`, rate(runs, 'crawlee-cheerio', null), rate(runs, 'min-fetch', hh));
  ratio(`browser mode (c=${hb}) / HTTP mode (c=${hh})`, rate(runs, 'ours-browser', hb), rate(runs, 'ours-http', hh));
  L.push('');

  // Curve
  L.push('## Throughput against concurrency');
  L.push('');
  L.push(`Chart: \`${x.svgFile}\`.`);
  L.push('');
  const curveCrawlers: Crawler[] = ['ours-browser', 'min-playwright', 'ours-http', 'min-fetch', 'scrapy'];
  L.push('| crawler | ' + 'concurrency → pages/s (s/page) |');
  L.push('|---|---|');
  for (const c of curveCrawlers) {
    const lv = levelsOf(runs, c);
    if (lv.length) L.push(`| ${LABELS[c]} | ${lv.map((l) => `${l} → ${f1(rate(runs, c, l))} (${f2(1 / rate(runs, c, l))} s)`).join('; ')} |`);
  }
  L.push(`| original design (threads) | ${ORIGINAL_DESIGN.map(([t, r]) => `${t} → ${f2(r)} (${f2(1 / r)} s)`).join('; ')} |`);
  L.push('');
  L.push('### Memory per concurrent page');
  L.push('');
  for (const c of ['ours-browser', 'min-playwright', 'ours-http', 'min-fetch'] as Crawler[]) {
    const m = memoryPerPage(runs, c);
    if (m) L.push(`- ${LABELS[c]}: ${f1(m.mb)} MB of peak PSS per extra page in flight (slope over c=${m.from} … ${m.to}; peak ${f0(runs.get(runId(c, m.to))!.usage.peakPssMb)} MB at c=${m.to}).`);
  }
  L.push('');

  // Micro
  L.push('## Components');
  L.push('');
  const m = x.micro;
  if (typeof m.extraction === 'string') L.push(`- Extraction: ${m.extraction}`);
  else {
    L.push(`- Extraction (\`extractHtml\`, in process, one thread, ${m.extraction.pages} demo pages fetched once): median **${f1(m.extraction.medianMs)} ms/page**, p90 ${f1(m.extraction.p90Ms)} ms; HTML parsing alone (no extractor) median ${f1(m.extraction.parseMedianMs)} ms.`);
    L.push(`  By kind: ${m.extraction.byKind.map((k) => `${k.kind} ${f1(k.medianMs)} ms (${k.pages})`).join(', ')}.`);
    const big = m.extraction.large;
    if (typeof big === 'string') L.push(`  Real pages of ~200 kB: ${big}.`);
    else L.push(`  Real pages of ${f0(big.minKb)}–${f0(big.maxKb)} kB (${big.pages} pages of the development sets, auto kind; target ≤ 150 ms for 200 kB): median **${f1(big.medianMs)} ms/page**; parsing alone median ${f1(big.parseMedianMs)} ms.`);
  }
  if (typeof m.bloom === 'string') L.push(`- Bloom filter: ${m.bloom}`);
  else L.push(`- Bloom filter (Redis, batched): **${f0(m.bloom.addsPerSecond)} test-and-sets/s** over ${f0(m.bloom.n)} URLs. ${m.bloom.detail}`);
  if (typeof m.storage === 'string') L.push(`- Storage: ${m.storage}`);
  else L.push(`- Storage: ${m.storage.lines.join('; ')}`);
  if (typeof m.replay === 'string') L.push(`- Replay: ${m.replay}`);
  else if (m.replay) L.push(`- Replay (adaptive mode replaying learned data requests vs browser mode): ${m.replay.lines[0]}`, ...m.replay.lines.slice(1).map((l) => `  ${l}`));
  L.push('');
  return L.join('\n');
}
