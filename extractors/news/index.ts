import type { ExtractContext, NewsFacet } from '../types';
import { joinParagraphs } from '../text/normalize';
import { guard } from './guard';
import { readJsonLd, findArticle, jsonText, type JsonObject } from './jsonld';
import { extractContent, type ContentResult } from './content/index';
import { findTitle } from './meta/title';
import { findPublishedAt } from './meta/published';
import { authorFromByline, authorFromPage } from './meta/author';
import { declaredLanguage, languageOf } from './meta/language';
import { metaContent } from './meta/dom';
import { findMetadata, type PageMetadata } from './meta/extra';
import { extractKeywords, type Keyword } from './keywords/index';
import { summarize } from './summary/index';
import { isArticle, tooLightForArticle } from './is-article';
import { pageZone } from '../time/page-zone';

export interface NewsOptions {
  /** Keywords returned (default 10). */
  keywords?: number;
  /** Summary sentences (default 3). */
  summarySentences?: number;
  /** In auto mode: the page typer found the headline is the title, dated beside it (see isArticle). */
  datedHeadline?: boolean;
}

const NO_CONTENT: ContentResult = { paragraphs: [], method: 'none', readability: null };

/**
 * The news facet of a page. Consumes the document: everything else it needs from the page
 * is read first, then content extraction lets Readability take the page apart in place
 * (no clone). ctx.kind 'news' always returns a facet (content may be ''); 'auto' returns
 * null when the page is not an article.
 * Never throws: each heuristic is guarded and a failure loses only its own field.
 */
export function extractNews(doc: Document, ctx: ExtractContext, opts: NewsOptions = {}): NewsFacet | null {
  const objects = guard(() => readJsonLd(doc), [] as JsonObject[]);
  const article = guard(() => findArticle(objects), null);
  // The zone the page writes its times in, read once for the publish and update times.
  const zone = guard(() => pageZone(doc, ctx.url), null);
  const meta = guard(() => findMetadata(doc, article, ctx.url, ctx.now, zone), {} as PageMetadata);
  const title = guard(() => findTitle(doc, article, meta.siteName ?? null), null);
  const publishedAt = guard(() => findPublishedAt(doc, article, ctx.now, { url: ctx.url, zone }), null);
  // Read from the page before content extraction consumes it (null: the reading failed).
  const ogType = guard(() => ({ value: metaContent(doc, ['og:type']) }), null);
  const declared = guard(() => ({ value: declaredLanguage(doc) }), null);
  const pageAuthor = guard(() => authorFromPage(doc, article), null);
  // What tells an auto page's article from other text, before and after content extraction.
  const signals = { jsonLdArticle: article, publishedAt, datedHeadline: opts.datedHeadline ?? false, ...(ogType ? { ogType: ogType.value } : {}) };
  if (
    ctx.kind !== 'news' &&
    ogType &&
    guard(() => tooLightForArticle(doc.body, signals), false)
  ) {
    return null;
  }
  const content = guard(() => extractContent(doc, guard(() => jsonText(article?.articleBody), null), { title, consume: true }), NO_CONTENT);
  if (
    ctx.kind !== 'news' &&
    // Without the document, isArticle throws where it would have read og:type and failed.
    !guard(() => isArticle(null, { ...signals, paragraphs: content.paragraphs }), false)
  ) {
    return null;
  }
  const text = joinParagraphs(content.paragraphs);
  const author = pageAuthor ?? guard(() => authorFromByline(content.readability?.byline ?? null), null);
  const language = guard(() => languageOf(declared!.value, text || title || ''), null);
  const keywords = guard(() => extractKeywords(title ? `${title}\n${text}` : text, language, { topN: opts.keywords ?? 10 }), [] as Keyword[]);
  const summary = guard(() => summarize(text, language, { sentences: opts.summarySentences ?? 3 }), '');
  return {
    title,
    publishedAt,
    author,
    content: text,
    summary,
    keywords: keywords.map((k) => k.keyword),
    language,
    extra: {
      ...meta,
      keywordWeights: Object.fromEntries(keywords.map((k) => [k.keyword, k.weight])),
      contentMethod: content.method,
    },
  };
}
