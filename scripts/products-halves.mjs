#!/usr/bin/env node
// Scores a products predictions.json (written by ../shared/tools/eval-extract.mjs) on the two
// halves of a dataset split by the CRC-32 of the page id: tune on half 0, confirm on half 1.
//
//   node scripts/products-halves.mjs ../shared/datasets/products-dev /tmp/eval-XXXX/predictions.json [--show-errors]
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [dir, predPath, ...flags] = process.argv.slice(2);
const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'halves-'));
const score = join(dirname(fileURLToPath(import.meta.url)), '../../shared/tools/score.mjs');
for (const half of [0, 1]) {
  const sub = Object.fromEntries(Object.entries(truth).filter(([id]) => crc32(id) % 2 === half));
  const p = join(work, `truth-${half}.json`);
  writeFileSync(p, JSON.stringify(sub));
  const r = spawnSync('node', [score, 'products', p, predPath, ...flags], { encoding: 'utf8' });
  console.log(`== half ${half} (${half === 0 ? 'tune' : 'confirm'}), ${Object.keys(sub).length} pages`);
  process.stdout.write(r.stdout.split('\n').filter((l) => !/^(InStock|OutOfStock)\s/.test(l)).join('\n'));
}
