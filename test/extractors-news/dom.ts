import { findArticle, readJsonLd } from '../../extractors/news/jsonld';
import { findAuthor } from '../../extractors/news/meta/author';
import { parseHtml } from '../../extractors/parse';

/** Parses a snippet as the extractors see pages. */
export function doc(html: string, url = 'https://news.example.com/a/1.html'): Document {
  return parseHtml(html, url);
}

export const NOW = new Date('2026-03-10T12:00:00Z');

/** The author the news extractor reads from a page (its JSON-LD article, no source name known). */
export function pageAuthor(html: string, url: string): string | null {
  const d = doc(html, url);
  return findAuthor(d, findArticle(readJsonLd(d)), null);
}
