import { getJieba } from '../extractors/news/keywords/jieba';
import { StorageInputError } from './errors';

/**
 * Text search on news, the same on both backends.
 *
 * MongoDB's text index does not segment Chinese (a run of Han characters is one term, so
 * `芯片` never matches `芯片产业新闻`), and the embedded store has no text index at all. So a
 * news record carries `searchTerms`: its title and content cut into terms, Chinese with jieba's
 * search mode (a compound and the words inside it), every other script as runs of letters and
 * digits, all folded (NFKC, lower case, Latin/Greek/Cyrillic accents dropped). A user's
 * `{"$text": {"$search": "国产芯片 -手机"}}` is cut the same way and becomes
 * - on MongoDB a `$text` over the index on `searchTerms` alone (schemas/news.ts), with the
 *   folded terms as the search string: each is one term to the server, which folds nothing more;
 * - on the embedded store `{"searchTerms": {"$in": [...], "$nin": [...]}}`, which mingo evaluates.
 * Both match a record holding any of the terms and none of the `-` terms (MongoDB's `$text`
 * semantics). Not supported, on either: phrases (quotes are ignored: their words are terms),
 * stemming (`chip` does not find `chips`), `$language` / `$caseSensitive` / `$diacriticSensitive`,
 * and a `$text` anywhere but the top level of a filter (MongoDB's own rule).
 */

/** At most this many distinct terms per record (a very long article still indexes its first ones). */
export const MAX_SEARCH_TERMS = 10_000;

/** A run of Han characters, or a run of other letters/digits (with their combining marks). */
const RUNS = /(\p{Script=Han}+)|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+/gu;
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u;
/** CJK Unified Ideographs (basic block): folding leaves them as they are. */
const PLAIN_HAN = /^[\u4e00-\u9fff]+$/;

/** Case, width and accent folding, as MongoDB's text index (version 3) folds Latin text. */
function fold(term: string): string {
  if (PLAIN_HAN.test(term)) return term;
  return term.normalize('NFKC').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
}

/** The folded terms of a text, without repeats (about 1.7 ms for an 800-character Chinese article, jieba 1 ms of it). */
export function searchTermsOf(...texts: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const tried = new Set<string>();
  const add = (raw: string) => {
    if (tried.has(raw)) return; // articles repeat their words: fold each once
    tried.add(raw);
    for (const t of fold(raw).split(NOT_WORD)) if (t && seen.size < MAX_SEARCH_TERMS) seen.add(t);
  };
  for (const text of texts) {
    if (!text) continue;
    const han: string[] = [];
    for (const m of text.matchAll(RUNS)) {
      if (m[1]) han.push(m[1]);
      else add(m[0]);
    }
    // One call into jieba for all the Han runs of the text (a space keeps them apart).
    if (han.length) for (const w of getJieba().cutForSearch(han.join(' '), true)) if (w.trim()) add(w);
  }
  return [...seen];
}

export interface TextQuery {
  /** Terms of which a record must hold at least one. */
  any: string[];
  /** Terms a record must not hold (`-word`). */
  none: string[];
}

/** Cuts a `$search` string: words separated by spaces, `-word` excludes, quotes are ignored. */
export function parseTextSearch(value: unknown): TextQuery {
  const isObj = value !== null && typeof value === 'object' && !Array.isArray(value);
  const spec = isObj ? (value as Record<string, unknown>) : {};
  const extra = Object.keys(spec).filter((k) => k !== '$search');
  if (extra.length) throw new StorageInputError(`$text takes only {"$search": "words"} here, not ${extra.join(', ')}`);
  if (!isObj || typeof spec.$search !== 'string') throw new StorageInputError('$text needs {"$search": "words"}');
  const any: string[] = [];
  const none: string[] = [];
  for (const word of spec.$search.replace(/"/g, ' ').split(/\s+/)) {
    if (!word) continue;
    const negated = word.startsWith('-');
    const list = negated ? none : any;
    for (const t of searchTermsOf(negated ? word.slice(1) : word)) if (!list.includes(t)) list.push(t);
  }
  if (!any.length) throw new StorageInputError(`$text needs at least one word to find in {"$search": ${JSON.stringify(spec.$search)}}`);
  return { any, none };
}

/** The collections with a text index (MongoDB refuses `$text` elsewhere, so both backends do). */
const TEXT_COLLECTIONS = new Set(['news']);

/**
 * Takes the top-level `$text` out of a filter: returns the rest of the filter (the user's own
 * `$or`, `$and`, … untouched) and the parsed search, or `text: null` when there is none.
 * A `$text` nested anywhere else is refused, as MongoDB refuses it.
 */
export function splitTextSearch(coll: string, filter: Record<string, unknown>): { rest: Record<string, unknown>; text: TextQuery | null } {
  const { $text, ...rest } = filter;
  refuseNestedText(rest);
  if ($text === undefined) return { rest, text: null };
  if (!TEXT_COLLECTIONS.has(coll)) {
    throw new StorageInputError(`$text searches news only (the collection with a text index), not ${coll}; use {"name": {"$regex": "word", "$options": "i"}} there`);
  }
  return { rest, text: parseTextSearch($text) };
}

/** A filter (without its top-level `$text`) that holds a `$text` deeper down is refused. */
export function refuseNestedText(filter: Record<string, unknown>): void {
  if (nestedText(filter)) throw new StorageInputError('$text is allowed only at the top level of a filter, e.g. {"$text": {"$search": "芯片"}, "site": "news.example"}');
}

function nestedText(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(nestedText);
  if (!v || typeof v !== 'object' || v instanceof Date) return false;
  return Object.entries(v as Record<string, unknown>).some(([k, x]) => k === '$text' || nestedText(x));
}

/** The embedded store's form: a condition on `searchTerms` that mingo evaluates. */
export function textConditionForEmbedded(text: TextQuery): Record<string, unknown> {
  return { searchTerms: text.none.length ? { $in: text.any, $nin: text.none } : { $in: text.any } };
}

/** MongoDB's form: `$text` over the `searchTerms` text index, with the folded terms. */
export function textConditionForMongo(text: TextQuery): Record<string, unknown> {
  return { $text: { $search: [...text.any, ...text.none.map((t) => `-${t}`)].join(' ') } };
}

/** Adds a condition to a filter without touching the user's keys (an `$and` when both name the same key). */
export function withCondition(filter: Record<string, unknown>, cond: Record<string, unknown>): Record<string, unknown> {
  const clash = Object.keys(cond).some((k) => k in filter);
  return clash ? { $and: [filter, cond] } : { ...filter, ...cond };
}
