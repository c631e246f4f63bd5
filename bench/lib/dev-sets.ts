import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ExtractKind } from '../../extractors/types';

/** Where the evaluation datasets live in the development setup (beside the checkout, not part of the project). */
export const DATASETS = join(import.meta.dirname, '..', '..', '..', 'shared', 'datasets');

/** Dataset folder → the --kind eval-extract.mjs passes for it. */
export const DATASET_KINDS: Array<[string, ExtractKind]> = [
  ['articles-dev', 'news'],
  ['news-zh-dev', 'news'],
  ['products-dev', 'product'],
];

export interface DevPage {
  id: string;
  url: string;
  kind: ExtractKind;
  /** The page's file (`.html` or `.html.gz`). */
  path: string;
}

/**
 * The pages listed in each dev set's ground-truth.json (as eval-extract.mjs reads them), in
 * ground-truth order, the sets interleaved so every stretch mixes English articles, Chinese
 * news and products. Empty when the datasets are not there.
 */
export function devSetPages(dir = DATASETS): DevPage[] {
  const perSet: DevPage[][] = [];
  for (const [name, kind] of DATASET_KINDS) {
    const setDir = join(dir, name);
    const truthPath = join(setDir, 'ground-truth.json');
    if (!existsSync(truthPath)) continue;
    const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as Record<string, { url?: string }>;
    const list: DevPage[] = [];
    for (const [id, t] of Object.entries(truth)) {
      const plain = join(setDir, 'html', `${id}.html`);
      const gz = `${plain}.gz`;
      const path = existsSync(plain) ? plain : existsSync(gz) ? gz : null;
      if (path) list.push({ id: `${name}/${id}`, url: t.url || `https://example.com/${id}`, kind, path });
    }
    perSet.push(list);
  }
  const out: DevPage[] = [];
  for (let i = 0; perSet.some((l) => i < l.length); i++) for (const l of perSet) if (i < l.length) out.push(l[i]!);
  return out;
}

/** A page file's bytes as read from disk, gunzipped when stored compressed. */
export function pageBytes(raw: Buffer, path: string): Buffer {
  return path.endsWith('.gz') ? gunzipSync(raw) : raw;
}
