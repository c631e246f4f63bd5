import { afterEach } from 'vitest';
import { parseHtml, type ParsedDocument } from '../../extractors/parse';

const open: ParsedDocument[] = [];

/** Parses a snippet; every window is closed after each test. */
export function doc(html: string, url = 'https://news.example.com/a/1.html'): Document {
  const p = parseHtml(html, url);
  open.push(p);
  return p.doc;
}

afterEach(() => {
  while (open.length) open.pop()!.close();
});

export const NOW = new Date('2026-03-10T12:00:00Z');
