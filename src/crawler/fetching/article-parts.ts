import type { PageResult } from '../../../extractors/types';
import { parseHtml } from '../../../extractors/parse';
import { findContinuation } from '../../../extractors/news/continuation';
import type { ExtractPool } from '../../extraction/pool';
import type { PageBudget } from '../page-budget';
import type { SeenFilter } from '../links/admission';
import type { CrawlStats } from '../results/progress';

/** Parts fetched after an article's first page, at most (a pager that never ends stops here). */
export const MAX_ARTICLE_PARTS = 10;

export interface ArticlePartDeps {
  pool: ExtractPool;
  budget: PageBudget;
  /** Null when the queue dedups itself (Redis): the parts are then only kept out of this page's links. */
  seen: SeenFilter | null;
  dedupKey(url: URL): string;
  stats: CrawlStats;
}

/** Fetches one part the way the crawl fetches pages (browser or HTTP); null when it could not be read as HTML. */
export type FetchPart = (url: string) => Promise<{ url: string; html: string } | null>;

/**
 * Multi-page articles (`1 2 下一页`, `?page=2`): the following parts are fetched in the same
 * mode (each takes a page slot of the budget), their main text appended to the first page's
 * news content — one news record for the article, its summary and keywords taken over the
 * whole text — and the parts marked seen so that they are not crawled as news of their own.
 * Returns the URLs of the parts joined (the caller leaves them out of the links it follows).
 */
export async function joinArticleParts(result: PageResult, html: string, fetchPart: FetchPart, deps: ArticlePartDeps, maxParts = MAX_ARTICLE_PARTS): Promise<string[]> {
  const news = result.news;
  if (result.pageType !== 'news' || !news || !news.content) return [];
  const host = hostOf(result.url);
  const visited = new Set([withoutHash(result.url)]);
  const joined: string[] = [];
  const paragraphs = news.content.split('\n\n');
  const known = new Set(paragraphs);
  let next = mayContinue(html, result.url) ? findContinuation(parseHtml(html, result.url), result.url) : null;
  while (next && joined.length < maxParts && hostOf(next) === host && !visited.has(withoutHash(next))) {
    visited.add(withoutHash(next));
    // A part the crawl already has (queued or fetched) stays its own page: never fetched twice.
    if (deps.seen && !(await deps.seen.testAndSet([deps.dedupKey(new URL(next))]).catch(() => [false]))[0]) break;
    if (!(await deps.budget.reserve())) break;
    const part = await fetchPart(next).catch(() => null);
    deps.stats.pagesDone++;
    deps.stats.articleParts++;
    if (!part) break;
    joined.push(next);
    if (part.url !== next) joined.push(part.url);
    const text = await deps.pool.extract({ html: part.html, url: part.url, kind: 'news' }).then((r) => r.news?.content ?? '', () => '');
    // A part repeats the standfirst or an editor's line now and then: each paragraph once.
    for (const p of text.split('\n\n')) {
      if (p.trim() && !known.has(p)) {
        known.add(p);
        paragraphs.push(p);
      }
    }
    next = mayContinue(part.html, part.url) ? findContinuation(parseHtml(part.html, part.url), part.url) : null;
  }
  if (joined.length === 0) return [];
  news.content = paragraphs.join('\n\n');
  // Summary and keywords over the whole article, by the same extractor (in the pool), from a page holding just its text.
  const whole = await deps.pool.extract({ html: articleHtml(news.title, news.language, paragraphs), url: result.url, kind: 'news' }).catch(() => null);
  if (whole?.news) {
    news.summary = whole.news.summary;
    news.keywords = whole.news.keywords;
    if (whole.news.extra.keywordWeights) news.extra = { ...news.extra, keywordWeights: whole.news.extra.keywordWeights };
  }
  news.extra = { ...news.extra, parts: [result.url, ...joined.filter((u, i) => joined.indexOf(u) === i)] };
  if (deps.seen) await deps.seen.testAndSet(joined.map((u) => deps.dedupKey(new URL(u)))).catch(() => undefined);
  return joined;
}

/** The links of a page without the article parts already joined into it. */
export function withoutParts(hrefs: string[], base: string, parts: string[], dedupKey: (url: URL) => string): string[] {
  if (parts.length === 0) return hrefs;
  const keys = new Set(parts.map((u) => dedupKey(new URL(u))));
  return hrefs.filter((h) => {
    try {
      return !keys.has(dedupKey(new URL(h, base)));
    } catch {
      return true;
    }
  });
}

/**
 * Cheap check before parsing a page on the crawler's thread: the page's markup mentions a URL
 * of its own next part (`12345_2`, `/2/`, a page parameter) or declares rel=next.
 */
function mayContinue(html: string, url: string): boolean {
  if (/rel\s*=\s*["']?next/i.test(html) || /[?&](?:amp;)?(?:page|p|pg|pn|part|pageno|page_?num|page_?no|pageindex|curpage|currentpage)=\d/i.test(html)) return true;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  const stem = last.replace(/\.[a-z0-9]{2,6}$/i, '').replace(/(?:[_-](?:p|page|part)?\d{1,2})$/i, '');
  if (!stem) return false;
  return new RegExp(`${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[_-](?:p|page|part)?\\d|/(?:page/)?\\d)`, 'i').test(html);
}

function articleHtml(title: string | null, language: string | null, paragraphs: string[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<!doctype html><html${language ? ` lang="${esc(language)}"` : ''}><head><meta charset="utf-8"><title>${esc(title ?? '')}</title></head>` +
    `<body><article><h1>${esc(title ?? '')}</h1>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</article></body></html>`
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function withoutHash(u: string): string {
  const i = u.indexOf('#');
  return i < 0 ? u : u.slice(0, i);
}
