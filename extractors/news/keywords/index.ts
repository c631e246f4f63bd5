import { termsOf, isCjkLanguage, type Term } from './terms';
import { termRank } from './textrank';
import { englishTfIdf, chineseTfIdf } from './tfidf';

export interface KeywordOptions {
  /** How many keywords (default 10). */
  topN?: number;
  /** Share of the combined score from TF-IDF; the rest from TextRank (default 0.5). */
  tfidfShare?: number;
}

export interface Keyword {
  keyword: string;
  weight: number;
}

function normalise(m: Map<string, number>): Map<string, number> {
  let max = 0;
  for (const v of m.values()) max = Math.max(max, v);
  if (max <= 0) return m;
  const out = new Map<string, number>();
  for (const [k, v] of m) out.set(k, v / max);
  return out;
}

/** The most frequent surface form of each key (ties: first seen), e.g. "elections" for stem "elect". */
function surfaces(terms: readonly Term[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const t of terms) {
    const m = counts.get(t.key) ?? new Map<string, number>();
    m.set(t.surface, (m.get(t.surface) ?? 0) + 1);
    counts.set(t.key, m);
  }
  const out = new Map<string, string>();
  for (const [k, m] of counts) {
    let best = '';
    let bestN = 0;
    for (const [s, n] of m) if (n > bestN) [best, bestN] = [s, n];
    out.set(k, best);
  }
  return out;
}

/**
 * Keywords: TF-IDF (against a background corpus) and TextRank (term co-occurrence),
 * each normalised to its maximum, mixed, and sorted by weight then key so that the
 * same text always gives the same list. The title counts as part of the text.
 */
export function extractKeywords(text: string, language: string | null, opts: KeywordOptions = {}): Keyword[] {
  const topN = opts.topN ?? 10;
  const share = opts.tfidfShare ?? 0.5;
  if (!text.trim() || topN <= 0) return [];
  const terms = termsOf(text, language);
  if (terms.length === 0) return [];
  const rank = normalise(termRank(terms.map((t) => t.key)));
  const tfidf = normalise(isCjkLanguage(language) ? chineseTfIdf(text, Math.max(50, topN * 5)) : englishTfIdf(terms));
  const names = surfaces(terms);
  const combined: Keyword[] = [];
  for (const [key, r] of rank) {
    const weight = share * (tfidf.get(key) ?? 0) + (1 - share) * r;
    combined.push({ keyword: names.get(key) ?? key, weight: Math.round(weight * 1e4) / 1e4 });
  }
  combined.sort((a, b) => b.weight - a.weight || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
  return combined.slice(0, topN);
}
