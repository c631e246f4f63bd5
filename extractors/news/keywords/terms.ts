import { getJieba } from './jieba';
import { isEnglishStopWord, stem } from './english';
import { zho } from 'stopword';

/** One candidate keyword occurrence: `key` groups variants (English stem), `surface` is shown. */
export interface Term {
  key: string;
  surface: string;
}

/** Parts of speech kept as keyword candidates (jieba's tag set): nouns, verbal nouns, verbs, foreign words. */
const KEEP_POS = /^(n|nr|ns|nt|nz|nrt|nrfg|vn|v|eng|an|l|j|i)$/;
const ZH_STOP = new Set([...zho, '一个', '没有', '我们', '你们', '他们', '表示', '进行', '已经', '目前', '记者', '报道', '编辑', '责任编辑', '新闻', '可以', '这个', '就是', '因为', '所以', '但是', '如果', '通过', '认为', '记者', '時間', '来源', '來源']);

function isCjkLanguage(language: string | null): boolean {
  return language === 'zh' || language === 'ja' || language === 'ko';
}

/** Chinese candidate terms in order, segmented and POS-tagged with jieba. */
export function chineseTerms(text: string): Term[] {
  const out: Term[] = [];
  for (const { word, tag } of getJieba().tag(text, true)) {
    const w = word.trim();
    if (w.length < 2 || !KEEP_POS.test(tag) || ZH_STOP.has(w) || /^[\d.,%\-]+$/.test(w)) continue;
    if (/^[a-z]/i.test(w)) {
      if (w.length < 3 || isEnglishStopWord(w)) continue;
      out.push({ key: w.toLowerCase(), surface: w });
    } else out.push({ key: w, surface: w });
  }
  return out;
}

/** English candidate terms in order: words without stop words, grouped by Porter stem. */
export function englishTerms(text: string): Term[] {
  const out: Term[] = [];
  for (const m of text.matchAll(/\p{L}[\p{L}\p{N}'’-]*\p{L}|\p{L}/gu)) {
    const w = m[0].replace(/['’]s$/i, '');
    // Contractions (we'd, don't) are function words.
    if (/['’]/.test(w)) continue;
    const lower = w.toLowerCase();
    if (lower.length < 3 || isEnglishStopWord(lower)) continue;
    out.push({ key: stem(lower), surface: w });
  }
  return out;
}

export function termsOf(text: string, language: string | null): Term[] {
  return isCjkLanguage(language) ? chineseTerms(text) : englishTerms(text);
}

export { isCjkLanguage };
