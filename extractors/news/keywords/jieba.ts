import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict';

let jieba: Jieba | null = null;
let tfidf: TfIdf | null = null;

/** The segmenter, its dictionary loaded once per process (loading takes ~0.3 s and tens of MB). */
export function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** jieba's TF-IDF extractor with its shipped IDF table (a background corpus of Chinese text), loaded once. */
export function getTfIdf(): TfIdf {
  tfidf ??= TfIdf.withDict(idf);
  return tfidf;
}
