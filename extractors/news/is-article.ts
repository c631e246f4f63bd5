import { textWeight } from '../text/script';
import type { JsonObject } from './jsonld';
import { metaContent } from './meta/dom';

export interface ArticleSignals {
  jsonLdArticle: JsonObject | null;
  paragraphs: readonly string[];
  publishedAt: string | null;
  /** The page's og:type when already read (else it is read from the document). */
  ogType?: string | null;
  /**
   * The page's headline is its title and has a date beside it (a story's dateline block), as
   * the page typer found (see datedHeadline in extractors/classify.ts).
   */
  datedHeadline?: boolean;
}

export interface IsArticleOptions {
  /** Text weight a page needs to count as an article without markup saying so (default 500 ≈ 100 words or 170 CJK chars). */
  minWeight?: number;
  /** With no date found, the text must be this heavy (default 2000). */
  minWeightUndated?: number;
  /** A brief (see isBrief) needs only this weight (default 150 ≈ 30 words or 50 CJK chars). */
  minWeightBrief?: number;
}

/**
 * Whether an `auto` page is an article or blog post: the page says so (JSON-LD article
 * type, og:type article), it is a dated brief (isBrief), or it has a body of three or more
 * paragraphs, dated or long, or of two long ones.
 * The document is read only for og:type, and only when s.ogType is not given.
 */
export function isArticle(doc: Document | null, s: ArticleSignals, opts: IsArticleOptions = {}): boolean {
  const weight = s.paragraphs.reduce((n, p) => n + textWeight(p), 0);
  if (weight === 0) return false;
  if (s.jsonLdArticle) return true;
  const ogType = s.ogType !== undefined ? s.ogType : metaContent(doc!, ['og:type']);
  if (ogSaysArticle(ogType)) return true;
  if (isBrief(s) && weight >= neededWeight(s, opts)) return true;
  if (s.paragraphs.length < 2) return false;
  // Two paragraphs are a body only when they weigh what an undated page needs, dated or not (a
  // post written as two long blocks); a single block, however heavy, is not judged a body.
  if (s.paragraphs.length === 2) return weight >= neededWeight({ publishedAt: null }, opts);
  return weight >= neededWeight({ publishedAt: s.publishedAt }, opts);
}

/**
 * A news brief: a story of one or two short paragraphs (a portal's 快讯, a wire flash), told
 * from any other short text by its dateline: the headline is the page's title, and beside it
 * the page gives the minute it was published. A day alone is not enough (an event, a price
 * list, a help page dated "Updated March 2024"). Pages of this shape that are not stories
 * (forum posts) are left to the page-type model, which still has to take them for news.
 */
function isBrief(s: Pick<ArticleSignals, 'publishedAt' | 'datedHeadline'>): boolean {
  return s.datedHeadline === true && /T\d\d:\d\d/.test(s.publishedAt ?? '');
}

function ogSaysArticle(ogType: string | null | undefined): boolean {
  return (ogType ?? '').toLowerCase() === 'article';
}

/** The text weight an unmarked page needs to be an article: least for a brief, less when it is dated. */
function neededWeight(s: Pick<ArticleSignals, 'publishedAt' | 'datedHeadline'>, opts: IsArticleOptions): number {
  if (isBrief(s)) return opts.minWeightBrief ?? 150;
  return s.publishedAt ? (opts.minWeight ?? 500) : (opts.minWeightUndated ?? 2000);
}

/**
 * Whether an `auto` page can be told apart as "not an article" before content extraction:
 * without article markup, its paragraphs would need the weight isArticle asks for, and they
 * are part of the body's text, so a body lighter than that settles it. Cart, account and help
 * pages of shops end here instead of in Readability, which tries four times on a page
 * without an article (most of such a page's extraction time).
 */
export function tooLightForArticle(body: Element | null, s: Omit<ArticleSignals, 'paragraphs'>, opts: IsArticleOptions = {}): boolean {
  if (s.jsonLdArticle || ogSaysArticle(s.ogType)) return false;
  // textContent also counts script and style text: it can only overstate the weight.
  return textWeight(body?.textContent ?? '') < neededWeight(s, opts);
}
