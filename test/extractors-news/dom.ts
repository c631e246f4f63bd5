import { parseHtml } from '../../extractors/parse';

/** Parses a snippet as the extractors see pages. */
export function doc(html: string, url = 'https://news.example.com/a/1.html'): Document {
  return parseHtml(html, url);
}

export const NOW = new Date('2026-03-10T12:00:00Z');
