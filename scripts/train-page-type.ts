/**
 * Trains the page-type model shipped in extractors/classify/page-type-model.json.
 *
 *   npx tsx scripts/train-page-type.ts [WCXB_DIR=../shared/datasets/wcxb-dev (or the datasets dir holding it)] [--eval] [--held FILE] [--cache FILE]
 *                                      [--half 0|1] [--out FILE]
 *
 * Labelled pages: WCXB dev only (its README allows training on it; the project's other dev sets
 * are for measuring and never train the model). Its seven types map to what the model tells apart:
 *   article → news; product → product; collection (a shop's product grid) → listing;
 *   listing (an index of articles, courses, services), forum, service, documentation → other.
 * Features come from the extractor itself (extractCommerce in auto mode → typing.features), so the
 * model sees exactly what it sees in production.
 *
 * Feature cache: computing the features runs the whole commerce extractor on each page (~50 ms a
 * page, seconds on a few very large ones; minutes for the set on a loaded machine), so each page's
 * features are appended to a JSONL file (default: the OS temp dir) as they are computed, under a
 * key of the page id and a hash of the extractor code that computes them. Retraining after a change
 * elsewhere reuses them; a change to that code starts a new file; an interrupted run resumes.
 *
 * --eval trains on the pages whose crc32(id) is even and reports on the odd ones (and the reverse),
 * without writing the model; --held FILE writes each page's probabilities from the model that did
 * not see it (for choosing thresholds). Without --eval, the model is trained on every page and written
 * (to --out FILE, default the shipped model); --half H trains it on hash half H only, to measure the
 * whole pipeline on the other half with a model that never saw it. The extractor reads only the
 * shipped file, so that is how the pipeline is measured cross-validated: `--half 0` (writes the shipped
 * model), score the pages with crc32(id) odd (eval-wcxb.mjs on a copy of wcxb-dev whose
 * ground-truth.json keeps only them, html/ linked), then `--half 1` and the even ones, then retrain on
 * everything (or `git checkout` the model) before committing. In-sample WCXB figures say nothing
 * about unseen sites. Measured so on 2026-11-24 (auto mode, both halves): articles typed news
 * 350/362 and 336/347.
 * Tried and not kept (2026-11-24): 14 more features at once (counts of <article>, pre/code, buttons,
 * inputs+forms, author markers incl. itemprop=author, li, tables, reply/thread class words; the
 * largest paragraph block's link density, paragraph count and mean paragraph weight; links in
 * nav/aside as a share of all links; an "Edit this page" link; h2-h4 with their own anchor link),
 * same forest. Offline, held-out model scores at news >= 0.25: articles 695 vs 694 of 709, with
 * doc/forum/service/listing-index pages 214 vs 216 of 452. Whole pipeline cross-validated (train on
 * one half, score the other), half 1 | half 0: articles typed news 336/347 | 350/362, unchanged;
 * documentation 27→32 | 22→20, forum 16→12 | 20→16, service 35→31 | 44→43, listing index
 * 10→11 | 20→19; product→product 34→31 | 36→38; collection→listing 22→21 | 24→26. No article
 * gained, so not kept.
 * Re-measured 2026-11-25 (same protocol): 686/709 articles typed news. Of the 23 misses, the
 * model's own score is under 0.25 for 12 (697/709 offline: mostly hub and landing pages labelled
 * article); 10 fail the news extractor's article check (is-article.ts: 3 paragraphs, and weight
 * 2000 when undated); 2 have a quote widget read as goods (foundGoods); 1 is a list of events
 * (the story-list rule). Tried and not kept, both halves together: goods/story-list overridden at
 * news >= 0.25 (+2 articles, 16 other pages at risk, 14 of them products); undated weight 1500
 * (+4 articles on one half, +0 on the other, +3 other pages); NEWS_MIN_SCORE 0.2 (model alone:
 * +5 articles, +46 docs/forum/service/index pages); 100 trees (+1, +9 others), depth 12 (-2, -1),
 * maxFeatures 0.3 (+5, +42).
 * Re-measured 2026-11-28 (same protocol), half 0 (crc32 even, model trained on the odd half): articles
 * typed news 351/362, 352 with the change kept below; documentation 22/38, forum 20/54, service
 * 44/81, listing index 19/52 typed news; product→product 36/45, collection→listing 24/40 (these
 * unchanged by it). Half 1 with it: articles 336/347; documentation 27/51, forum 16/55, service 37/80,
 * listing index 10/41; product→product 34/41, collection→listing 22/47 (no half-1 page reaching the
 * article check has exactly two paragraphs weighing 2000, so not run without it). Offline
 * (held-out probabilities + each page's article-check signals, both halves) the misses are 20:
 * 10 pass the article check with a model score
 * of 0.09-0.25 (hub and landing pages labelled article: a health topic hub, a course hub, a
 * product-line landing, an agency home page), 9 fail it (7 undated pages of 3+ paragraphs weighing
 * 750-1650: a glossary entry, promo terms, info pages; 2 of 1-2 paragraphs), 1 story list. Kept:
 * two paragraphs count as a body when they weigh the undated 2000 (one blog post of two long blocks,
 * +1 article on half 0, no page of either half otherwise changed). Tried and not kept (simulated
 * from held-out probabilities, half 0 | half 1): a model news score >= 0.5 / 0.6 / 0.7 accepting a
 * page that fails the article check: +1 | +0 articles, +1 | +3, +0 | +1, +0 | +1 forum pages (and
 * the news extractor would need the score); undated weight 1500 (1300, 1000) only at score >= 0.3:
 * +3 | +0 articles, +3 | +0 (+3 | +1) others; NEWS_MIN_SCORE 0.22: +3 | +1 articles for +12 | +8
 * docs/forum/service/index pages, 0.2: +3 | +2 for +19 | +17. Of the pages that pass the article
 * check, 0.25 lets through 108/166 | 91/165 of those other pages while losing 4 | 6 articles; a
 * gate losing only 2 per half would let through 119 | 123. New features, same forest (pipeline
 * figures simulated, articles typed news and docs/forum/service/index typed news, base 352 and 108 |
 * 337 and 91): 14 at once (call-to-action links and buttons, a /pricing link, the prose share and
 * median weight of paragraphs, you/your and we/our word shares, paragraphs with said/according to,
 * sentences per paragraph, pre/code, h2-h3 per paragraph, blockquotes, year mentions, forms,
 * inputs): 351 and 104 | 337 and 101; the first seven: 351, 103 | 337, 100; calls to action,
 * pricing, you, we: 349, 108 | 337, 104; prose share, median paragraph, sentences, pre/code: 350,
 * 103 | 338, 100. None gains articles on both halves.
 * Tried and not kept (2026-11-29): (a) prose runs outside <p> (text parted by <br><br> in one
 * <td>/<span>/<div>, as older Chinese portals set stories; not on pages with a buy box) counted as
 * paragraphs, and (b) a heading found as the first <h2>/<h3> or title/headline-classed element
 * carrying <title>'s main part when no <h1> is named by <title>. With this forest (one seed):
 * news-zh-dev in auto mode typed news 125 -> 132 of 149, but products-dev typed product 53 -> 49
 * of 63. Both moves are within the forest's seed variance: the same features trained with five
 * other seeds gave a product page product scores of 0.17-0.38 and news-zh pages news scores
 * 0.1-0.2 apart. Five-seed ensembles (200 trees) of both feature sets, side by side: news-zh-dev
 * 125 (without) vs 122 (with), products-dev 54 vs 54; offline held-out WCXB articles at news >=
 * 0.25, 697 (one seed, without) vs 695 (ensemble, with). No gain, so neither the features nor the
 * ensemble were kept; an ensemble alone moved products-dev pages both ways (4 gained, 3 lost).
 * Deterministic: fixed seed, pages in sorted order.
 */
import { readFileSync, writeFileSync, appendFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { gunzipSync, crc32 } from 'node:zlib';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RandomForestClassifier } from 'ml-random-forest';
import { parseHtml } from '../extractors/parse';
import { extractCommerce } from '../extractors/commerce/index';
import { FEATURE_NAMES } from '../extractors/classify/features';
import type { StoryList } from '../extractors/classify/story-list';
import type { ModelType } from '../extractors/classify/model';

const CLASSES: ModelType[] = ['product', 'listing', 'news', 'other'];
const SEED = 20261124;
const FOREST = { nEstimators: 40, maxFeatures: 0.5, replacement: true, useSampleBagging: true, seed: SEED, treeOptions: { maxDepth: 9, minNumSamples: 3 } };

const WCXB: Record<string, ModelType> = {
  article: 'news', product: 'product', collection: 'listing', listing: 'other', forum: 'other', service: 'other', documentation: 'other',
};

export interface Row { id: string; url: string; label: ModelType; sub: string; x: number[]; stories: StoryList | null; ms: number }

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const given = resolve(args.find((a, i) => !a.startsWith('--') && !['--held', '--cache', '--half', '--out'].includes(args[i - 1])) ?? '../shared/datasets/wcxb-dev');
// The datasets directory holding wcxb-dev is accepted too.
const root = !existsSync(join(given, 'ground-truth.json')) && existsSync(join(given, 'wcxb-dev', 'ground-truth.json')) ? join(given, 'wcxb-dev') : given;
const here = dirname(fileURLToPath(import.meta.url));
const extractors = join(here, '..', 'extractors');
const out = opt('--out') ?? join(extractors, 'classify', 'page-type-model.json');

function readPage(id: string): string | null {
  const gz = join(root, 'html', `${id}.html.gz`);
  if (existsSync(gz)) return gunzipSync(readFileSync(gz)).toString('utf8');
  const plain = join(root, 'html', `${id}.html`);
  return existsSync(plain) ? readFileSync(plain, 'utf8') : null;
}

function pages(): Array<{ id: string; url: string; label: ModelType; sub: string }> {
  const file = join(root, 'ground-truth.json');
  if (!existsSync(file)) {
    console.error(`no ground-truth.json in ${root}: give the WCXB dev directory (ground-truth.json + html/)`);
    process.exit(2);
  }
  const truth = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { url: string; type: string }>;
  return Object.entries(truth)
    .filter(([, t]) => WCXB[t.type])
    .map(([id, t]) => ({ id, url: String(t.url), label: WCXB[t.type], sub: t.type }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A hash of the code the features come from: every extractor file except the news extractor, the
 * type decision, the model and the entry point (which read the features, not make them).
 */
function featureCodeHash(): string {
  const h = createHash('sha256');
  const skip = (rel: string) => rel.startsWith('news/') || ['index.ts', 'classify.ts', 'classify/model.ts'].includes(rel) || rel.endsWith('.json');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const rel = relative(extractors, p).split('\\').join('/');
      if (statSync(p).isDirectory()) walk(p);
      else if (rel.endsWith('.ts') && !skip(rel)) h.update(rel).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(extractors);
  return h.digest('hex').slice(0, 12);
}

function features(): Row[] {
  const code = featureCodeHash();
  const cache = opt('--cache') ?? join(tmpdir(), `page-type-features-${code}.jsonl`);
  const cached = new Map<string, Row>();
  if (existsSync(cache)) {
    for (const line of readFileSync(cache, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const r = JSON.parse(line) as Row & { code: string };
        if (r.code === code && r.x.length === FEATURE_NAMES.length) cached.set(r.id, r);
      } catch { /* a line cut short by an interrupted run */ }
    }
  }
  const rows: Row[] = [];
  const list = pages();
  let computed = 0;
  const slow: Array<[string, number]> = [];
  const t0 = Date.now();
  for (const p of list) {
    const hit = cached.get(p.id);
    if (hit) { rows.push({ ...hit, label: p.label, sub: p.sub }); continue; }
    const html = readPage(p.id);
    if (html == null) continue;
    const t = performance.now();
    const doc = parseHtml(html, p.url);
    const c = extractCommerce(doc, { url: p.url, kind: 'auto', xhr: [], now: new Date('2026-01-01T00:00:00Z') });
    const ms = Math.round(performance.now() - t);
    if (!c.typing) continue;
    const row: Row = { ...p, x: c.typing.features, stories: c.typing.stories, ms };
    appendFileSync(cache, JSON.stringify({ ...row, code }) + '\n');
    rows.push(row);
    slow.push([p.id, ms]);
    if (++computed % 100 === 0) process.stderr.write(`features: ${computed} computed, ${rows.length}/${list.length} pages, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  if (computed) {
    slow.sort((a, b) => b[1] - a[1]);
    const sum = slow.reduce((n, [, ms]) => n + ms, 0);
    process.stderr.write(`features: ${computed} pages in ${(sum / 1000).toFixed(0)} s (parse + extractCommerce), slowest ${slow.slice(0, 5).map(([id, ms]) => `${id} ${ms} ms`).join(', ')}; cache ${cache}\n`);
  }
  return rows;
}

type Node = [number, number, Node, Node] | { p: number[] };

/** ml-cart's tree as compact JSON: columns mapped back to the feature list, leaves as class probabilities. */
function compact(node: Record<string, any>, columns: number[]): Node {
  if (node.distribution !== undefined) {
    const d: number[] = Array.isArray(node.distribution) ? node.distribution.flat() : node.distribution.to1DArray();
    return { p: CLASSES.map((_, i) => Math.round((d[i] ?? 0) * 1000) / 1000) };
  }
  return [columns[node.splitColumn], Math.round(node.splitValue * 1e6) / 1e6, compact(node.left, columns), compact(node.right, columns)];
}

function train(rows: Row[]) {
  const rf = new RandomForestClassifier(FOREST);
  rf.train(rows.map((r) => r.x), rows.map((r) => CLASSES.indexOf(r.label)));
  const json = (rf.toJSON() as { baseModel: unknown }).baseModel as { estimators: Array<{ root: Record<string, any> }>; indexes: number[][] };
  return {
    kind: 'forest' as const,
    source: 'trained by scripts/train-page-type.ts on the WCXB dev split (Web Content Extraction Benchmark, Murrough Foley, 2026, CC-BY-4.0)',
    features: [...FEATURE_NAMES],
    classes: CLASSES,
    trees: json.estimators.map((e, i) => compact(e.root, json.indexes[i])),
  };
}

function predict(model: ReturnType<typeof train>, x: number[]): number[] {
  const sum = CLASSES.map(() => 0);
  for (const t of model.trees) {
    let n: Node = t;
    while (Array.isArray(n)) n = x[n[0]] < n[1] ? n[2] : n[3];
    n.p.forEach((p, i) => (sum[i] += p));
  }
  return sum.map((v) => v / model.trees.length);
}

function report(model: ReturnType<typeof train>, rows: Row[], title: string): void {
  const conf = new Map<string, Map<string, number>>();
  let right = 0;
  for (const r of rows) {
    const p = predict(model, r.x);
    const got = CLASSES[p.indexOf(Math.max(...p))];
    if (got === r.label) right++;
    const m = conf.get(r.sub) ?? new Map<string, number>();
    conf.set(r.sub, m);
    m.set(got, (m.get(got) ?? 0) + 1);
  }
  console.log(`${title}: ${right}/${rows.length} = ${(right / rows.length).toFixed(3)} (most likely type)`);
  for (const [k, m] of [...conf].sort()) console.log(`  ${k.padEnd(16)} ${JSON.stringify(Object.fromEntries([...m].sort((a, b) => b[1] - a[1])))}`);
}

const rows = features();
const half = (r: Row) => crc32(r.id) % 2;
if (args.includes('--eval')) {
  const held: Array<{ id: string; label: string; sub: string; half: number; p: number[] }> = [];
  for (const h of [0, 1]) {
    const model = train(rows.filter((r) => half(r) === h));
    const test = rows.filter((r) => half(r) !== h);
    report(model, test, `trained on half ${h}, scored on half ${1 - h}`);
    for (const r of test) held.push({ id: r.id, label: r.label, sub: r.sub, half: 1 - h, p: predict(model, r.x) });
  }
  if (opt('--held')) writeFileSync(opt('--held')!, JSON.stringify(held));
} else {
  const only = opt('--half');
  if (only !== undefined && only !== '0' && only !== '1') {
    console.error(`--half must be 0 or 1, not ${JSON.stringify(only)}`);
    process.exit(2);
  }
  const trainOn = only === undefined ? rows : rows.filter((r) => half(r) === Number(only));
  const model = train(trainOn);
  writeFileSync(out, JSON.stringify(model) + '\n');
  console.log(`wrote ${out}: ${model.trees.length} trees, ${(JSON.stringify(model).length / 1024).toFixed(0)} kB, ${trainOn.length} pages`);
}
