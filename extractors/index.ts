import type { ExtractContext, ExtractKind, PageResult, CapturedJson } from './types';
import { parseHtml } from './parse';
import { extractCommerce } from './commerce/index';
import { extractNews } from './news/index';
import { choosePageType } from './classify';

export type { PageResult, ExtractKind, CapturedJson } from './types';

export interface ExtractOptions {
  kind?: ExtractKind;
  xhr?: CapturedJson[];
  now?: Date;
}

/** Extracts every facet from an already parsed document. Commerce reads, news runs last (Readability mutates). */
export function extractDocument(doc: Document, url: string, opts: ExtractOptions = {}): PageResult {
  const ctx: ExtractContext = { url, kind: opts.kind ?? 'auto', xhr: opts.xhr ?? [], now: opts.now ?? new Date() };
  const commerce =
    ctx.kind === 'news'
      ? null
      : extractCommerce(doc, ctx);
  const wantNews = ctx.kind === 'news' || ctx.kind === 'auto';
  const news = wantNews ? extractNews(doc, ctx) : null;
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

/** Parses and extracts one HTML page; the jsdom window is always closed. */
export function extractHtml(html: string, url: string, opts: ExtractOptions = {}): PageResult {
  const parsed = parseHtml(html, url);
  try {
    return extractDocument(parsed.doc, url, opts);
  } finally {
    parsed.close();
  }
}
