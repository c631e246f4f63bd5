import type { ExtractContext, ExtractKind, PageResult, CapturedJson } from './types';
import { parseHtml } from './parse';
import { extractCommerce } from './commerce/index';
import { extractNews } from './news/index';
import { choosePageType, datedHeadline, foundGoods, readsAsStoryList } from './classify';

export type { PageResult, ExtractKind, CapturedJson } from './types';

export interface ExtractOptions {
  kind?: ExtractKind;
  xhr?: CapturedJson[];
  now?: Date;
}

/**
 * Extracts every facet from an already parsed document, and consumes it: commerce only reads
 * it, news runs last and lets Readability take it apart in place. Read anything else first.
 */
export function extractDocument(doc: Document, url: string, opts: ExtractOptions = {}): PageResult {
  const ctx: ExtractContext = { url, kind: opts.kind ?? 'auto', xhr: opts.xhr ?? [], now: opts.now ?? new Date() };
  const commerce =
    ctx.kind === 'news'
      ? null
      : extractCommerce(doc, ctx);
  // In auto mode a page where commerce found goods is never typed news (see choosePageType),
  // so Readability — most of the cost of a shop page — is not run on it.
  // Nor is a list of stories: its text would be stored as one article mixed from several.
  const wantNews = ctx.kind === 'news' || (ctx.kind === 'auto' && !foundGoods(commerce) && !readsAsStoryList(commerce));
  const news = wantNews ? extractNews(doc, ctx, ctx.kind === 'auto' ? { datedHeadline: datedHeadline(commerce) } : {}) : null;
  const result: PageResult = {
    url,
    pageType: choosePageType(ctx.kind, commerce, news),
    categories: commerce?.categories ?? [],
    shop: commerce?.shop ?? null,
    commodities: commerce?.commodities ?? [],
    reviews: commerce?.reviews ?? [],
    news,
  };
  if (commerce && (commerce.links.next || commerce.links.count)) result.links = commerce.links;
  return result;
}

/** Parses and extracts one HTML page. */
export function extractHtml(html: string, url: string, opts: ExtractOptions = {}): PageResult {
  return extractDocument(parseHtml(html, url), url, opts);
}
