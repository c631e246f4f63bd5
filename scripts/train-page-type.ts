/**
 * Trains the page-type model shipped in extractors/classify/page-type-model.json.
 *
 *   npx tsx scripts/train-page-type.ts [DATASETS_DIR=../shared/datasets] [--eval] [--cache FILE]
 *
 * Labelled pages (DATASETS_DIR):
 *   wcxb-dev      article → news; product → product; collection (a shop's product grid) → listing;
 *                 listing (an index of articles, courses, services), forum, service, documentation → other
 *   listings-dev  kind listing → listing; kind category (a category directory) → other (category is
 *                 told after the model, by the categories found)
 *   products-dev  → product;  articles-dev, news-zh-dev → news
 * Features come from the extractor itself (extractCommerce in auto mode → typing.features), so the
 * model sees exactly what it sees in production.
 *
 * --eval trains on the pages whose crc32(dataset/id) is even and reports on the odd ones (and the
 * reverse), without writing the model. Without it, the model is trained on every page and written.
 * Deterministic: fixed seed, pages in sorted order.
 */
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { gunzipSync, crc32 } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RandomForestClassifier } from 'ml-random-forest';
import { parseHtml } from '../extractors/parse';
import { extractCommerce } from '../extractors/commerce/index';
import { FEATURE_NAMES } from '../extractors/classify/features';
import type { ModelType } from '../extractors/classify/model';

const CLASSES: ModelType[] = ['product', 'listing', 'news', 'other'];
const SEED = 20261124;
const FOREST = { nEstimators: 40, maxFeatures: 0.5, replacement: true, useSampleBagging: true, seed: SEED, treeOptions: { maxDepth: 9, minNumSamples: 3 } };

interface Row { key: string; label: ModelType; x: number[]; dataset: string; sub: string }

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const root = resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--cache')) ?? '../shared/datasets');
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'extractors', 'classify', 'page-type-model.json');

const WCXB: Record<string, ModelType> = {
  article: 'news', product: 'product', collection: 'listing', listing: 'other', forum: 'other', service: 'other', documentation: 'other',
};

function readPage(dir: string, id: string): string | null {
  const gz = join(dir, 'html', `${id}.html.gz`);
  if (existsSync(gz)) return gunzipSync(readFileSync(gz)).toString('utf8');
  const plain = join(dir, 'html', `${id}.html`);
  return existsSync(plain) ? readFileSync(plain, 'utf8') : null;
}

function pages(): Array<{ dataset: string; id: string; url: string; label: ModelType; sub: string }> {
  const list: Array<{ dataset: string; id: string; url: string; label: ModelType; sub: string }> = [];
  const truth = (name: string) => JSON.parse(readFileSync(join(root, name, 'ground-truth.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  for (const [id, t] of Object.entries(truth('wcxb-dev'))) list.push({ dataset: 'wcxb-dev', id, url: String(t.url), label: WCXB[String(t.type)], sub: String(t.type) });
  for (const [id, t] of Object.entries(truth('listings-dev'))) list.push({ dataset: 'listings-dev', id, url: String(t.url), label: t.kind === 'listing' ? 'listing' : 'other', sub: String(t.kind) });
  for (const [id, t] of Object.entries(truth('products-dev'))) list.push({ dataset: 'products-dev', id, url: String(t.url || `https://example.com/${id}`), label: 'product', sub: 'product' });
  for (const name of ['articles-dev', 'news-zh-dev']) {
    for (const [id, t] of Object.entries(truth(name))) list.push({ dataset: name, id, url: String(t.url || `https://example.com/${id}`), label: 'news', sub: 'article' });
  }
  return list.sort((a, b) => (a.dataset + a.id < b.dataset + b.id ? -1 : 1));
}

function features(): Row[] {
  const cache = opt('--cache');
  if (cache && existsSync(cache)) {
    const rows = JSON.parse(readFileSync(cache, 'utf8')) as Row[];
    if (rows[0]?.x.length === FEATURE_NAMES.length) return rows;
  }
  const rows: Row[] = [];
  const list = pages();
  let n = 0;
  for (const p of list) {
    const html = readPage(join(root, p.dataset), p.id);
    if (html == null) continue;
    const doc = parseHtml(html, p.url);
    const c = extractCommerce(doc, { url: p.url, kind: 'auto', xhr: [], now: new Date('2026-01-01T00:00:00Z') });
    if (c.typing) rows.push({ key: `${p.dataset}/${p.id}`, label: p.label, x: c.typing.features, dataset: p.dataset, sub: p.sub });
    if (++n % 200 === 0) process.stderr.write(`${n}/${list.length}\n`);
  }
  if (cache) writeFileSync(cache, JSON.stringify(rows));
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
    source: 'trained by scripts/train-page-type.ts on WCXB dev (CC-BY-4.0) and the project\'s dev sets',
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
  return sum;
}

function report(model: ReturnType<typeof train>, rows: Row[], title: string): void {
  const conf = new Map<string, Map<string, number>>();
  let right = 0;
  for (const r of rows) {
    const p = predict(model, r.x);
    const got = CLASSES[p.indexOf(Math.max(...p))];
    if (got === r.label) right++;
    const k = `${r.dataset}:${r.sub}`;
    const m = conf.get(k) ?? new Map<string, number>();
    conf.set(k, m);
    m.set(got, (m.get(got) ?? 0) + 1);
  }
  console.log(`${title}: ${right}/${rows.length} = ${(right / rows.length).toFixed(3)}`);
  for (const [k, m] of [...conf].sort()) console.log(`  ${k.padEnd(28)} ${JSON.stringify(Object.fromEntries([...m].sort((a, b) => b[1] - a[1])))}`);
}

const rows = features();
const half = (r: Row) => crc32(r.key) % 2;
if (args.includes('--eval')) {
  const held: Array<{ key: string; label: string; sub: string; half: number; p: number[] }> = [];
  for (const h of [0, 1]) {
    const model = train(rows.filter((r) => half(r) === h));
    const test = rows.filter((r) => half(r) !== h);
    report(model, test, `trained on half ${h}, scored on half ${1 - h}`);
    for (const r of test) held.push({ key: r.key, label: r.label, sub: r.sub, half: 1 - h, p: predict(model, r.x).map((v) => v / model.trees.length) });
  }
  // Each page's probabilities from the model that did not see it, for choosing thresholds.
  if (opt('--held')) writeFileSync(opt('--held')!, JSON.stringify(held));
} else {
  const model = train(rows);
  writeFileSync(out, JSON.stringify(model) + '\n');
  console.log(`wrote ${out}: ${model.trees.length} trees, ${(JSON.stringify(model).length / 1024).toFixed(0)} kB, ${rows.length} pages`);
}
