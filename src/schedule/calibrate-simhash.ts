/**
 * Measures how SimHash distances separate noise from real edits on a folder of real texts:
 * `npx tsx src/schedule/calibrate-simhash.ts <ground-truth.json> [minChars]` where the JSON maps
 * ids to `{ articleBody }`. Prints, per threshold k, how often noise (a timestamp line plus an
 * ad line) exceeds k and how often replacing the last 15% of the text does not.
 */
import { readFileSync } from 'node:fs';
import { hammingDistance, simhash } from './simhash';

const [file, minChars = '1000'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: calibrate-simhash.ts <ground-truth.json> [minChars]\n');
  process.exit(2);
}
const gt = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { articleBody?: string }>;
const texts = Object.values(gt).map((x) => x.articleBody ?? '').filter((t) => t.length > Number(minChars));
const noise: number[] = [];
const edit: number[] = [];
texts.forEach((t, i) => {
  const other = texts[(i + 1) % texts.length]!;
  const h = simhash(t);
  noise.push(hammingDistance(h, simhash(`发布时间：2026-03-13 11:47 Updated 5 minutes ago\n${t}\n广告：特价机票 Advertisement: cheap flights`)));
  const cut = Math.floor(t.length * 0.85);
  edit.push(hammingDistance(h, simhash(t.slice(0, cut) + other.slice(0, t.length - cut))));
});
const pct = (n: number) => `${((n / Math.max(1, texts.length)) * 100).toFixed(0)}%`;
process.stdout.write(`${texts.length} texts over ${minChars} chars\n`);
for (const k of [4, 5, 6, 7, 8, 9]) {
  process.stdout.write(`k=${k}: noise counted as change ${pct(noise.filter((d) => d > k).length)}, 15% edit missed ${pct(edit.filter((d) => d <= k).length)}\n`);
}
