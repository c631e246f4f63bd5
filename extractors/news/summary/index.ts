import { textWeight } from '../../text/script';
import { termsOf, isCjkLanguage } from '../keywords/terms';
import { pageRank } from '../keywords/textrank';
import { splitSentences } from './sentences';

export interface SummaryOptions {
  /** Sentences in the summary (default 3); ignored when `ratio` is set. */
  sentences?: number;
  /** Share of the article's sentences instead of a fixed count (e.g. 0.1), at least 1. */
  ratio?: number;
  /** Strength of the lead bias: prior ∝ 1 / (position + 1)^positionBias (default 0.7). News puts the gist first. */
  positionBias?: number;
  /** Sentences lighter than this (textWeight) are not candidates: datelines, captions (default 30). */
  minWeight?: number;
}

/**
 * Extractive summary: TextRank over sentences (edges = shared terms, normalised by
 * sentence length as in Mihalcea & Tarau) with a position prior as the teleport
 * distribution. Chosen sentences come out verbatim, in article order.
 */
export function summarize(text: string, language: string | null, opts: SummaryOptions = {}): string {
  const all = splitSentences(text);
  const minWeight = opts.minWeight ?? 30;
  // Headings and datelines carry no sentence punctuation; full sentences make the summary.
  const candidates = all.filter((s) => textWeight(s) >= minWeight && /[.!?。！？；;…]["'”’」』）)]*$/u.test(s));
  const pool = candidates.length > 0 ? candidates : all;
  if (pool.length === 0) return '';
  const count = opts.ratio ? Math.max(1, Math.ceil(opts.ratio * pool.length)) : (opts.sentences ?? 3);
  if (pool.length <= count) return join(pool, language);
  const bags = pool.map((s) => new Set(termsOf(s, language).map((t) => t.key)));
  const edges: Array<Array<[number, number]>> = pool.map(() => []);
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      const a = bags[i];
      const b = bags[j];
      if (a.size < 2 || b.size < 2) continue;
      let shared = 0;
      for (const k of a) if (b.has(k)) shared++;
      if (shared === 0) continue;
      const w = shared / (Math.log(a.size) + Math.log(b.size));
      edges[i].push([j, w]);
      edges[j].push([i, w]);
    }
  }
  const bias = opts.positionBias ?? 0.7;
  const prior = pool.map((_, i) => 1 / Math.pow(i + 1, bias));
  const scores = pageRank(edges, { prior });
  const chosen = scores
    .map((score, i) => ({ score, i }))
    .sort((x, y) => y.score - x.score || x.i - y.i)
    .slice(0, count)
    .map((x) => x.i)
    .sort((x, y) => x - y);
  return join(chosen.map((i) => pool[i]), language);
}

function join(sentences: string[], language: string | null): string {
  return sentences.join(isCjkLanguage(language) ? '' : ' ');
}
