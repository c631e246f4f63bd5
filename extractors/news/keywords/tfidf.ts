import type { Term } from './terms';
import { englishIdf } from './english';
import { getJieba, getTfIdf } from './jieba';

/** Parts of speech jieba's TF-IDF may return (same idea as terms.ts KEEP_POS). */
const ZH_POS = ['n', 'nr', 'ns', 'nt', 'nz', 'nrt', 'nrfg', 'vn', 'v', 'eng', 'an', 'l', 'j', 'i'];

/** English TF-IDF: term frequency × IDF against the background word frequencies. */
export function englishTfIdf(terms: readonly Term[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t.key, (tf.get(t.key) ?? 0) + 1);
  const out = new Map<string, number>();
  for (const [k, n] of tf) out.set(k, (n / terms.length) * englishIdf(k));
  return out;
}

/** Chinese TF-IDF by jieba against its shipped IDF table; keys outside the top `limit` score 0. */
export function chineseTfIdf(text: string, limit: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const { keyword, weight } of getTfIdf().extractKeywords(getJieba(), text, limit, ZH_POS)) {
    out.set(/^[a-z]/i.test(keyword) ? keyword.toLowerCase() : keyword, weight);
  }
  return out;
}
