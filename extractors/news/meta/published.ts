import { jsonText, type JsonObject } from '../jsonld';
import { metaContent, textOf } from './dom';
import { parseDateText, parseDateValue } from './date-text';
import { toBlocks } from '../content/blocks';

const META_KEYS = [
  'article:published_time', 'og:published_time', 'og:article:published_time', 'datePublished', 'pubdate',
  'publishdate', 'publish-date', 'publish_date', 'publication_date', 'sailthru.date', 'parsely-pub-date',
  'dc.date.issued', 'dc.date', 'dcterms.created', 'date', 'article.published', 'published_time', 'pubtime',
];

/** Elements whose class/id says they hold the article's date. */
const DATE_HINT = /(^|[\s_-])(date|time|pub|publish|published|posted|post-meta|meta|byline|info|timestamp|dateline)/i;

export interface PublishedOptions {
  /** Characters of body text scanned for a written date when nothing is marked up (default 3000). */
  scanChars?: number;
}

/**
 * Publish time, by trust: JSON-LD datePublished, meta tags, <time datetime>, elements
 * marked as dates, then the first written date near the top of the page.
 */
export function findPublishedAt(doc: Document, article: JsonObject | null, now: Date, opts: PublishedOptions = {}): string | null {
  const fromLd = jsonText(article?.datePublished ?? article?.dateCreated);
  if (fromLd) {
    const d = parseDateValue(fromLd, now);
    if (d) return d;
  }
  const meta = metaContent(doc, META_KEYS);
  if (meta) {
    const d = parseDateValue(meta, now);
    if (d) return d;
  }
  const itemprop = doc.querySelector('[itemprop="datePublished"]');
  if (itemprop) {
    const d = parseDateValue(itemprop.getAttribute('content') ?? itemprop.getAttribute('datetime') ?? textOf(itemprop), now);
    if (d) return d;
  }
  for (const t of Array.from(doc.querySelectorAll('time')).slice(0, 5)) {
    const d = parseDateValue(t.getAttribute('datetime') ?? textOf(t), now);
    if (d) return d;
  }
  const body = doc.body;
  if (!body) return null;
  for (const el of Array.from(body.querySelectorAll('[class], [id]')).slice(0, 3000)) {
    const hint = `${el.getAttribute('class') ?? ''} ${el.id}`;
    if (!DATE_HINT.test(hint)) continue;
    const text = textOf(el);
    if (text.length === 0 || text.length > 200) continue;
    const d = parseDateText(text, now);
    if (d) return d;
  }
  // Visible text only: script bodies carry unrelated dates.
  const limit = opts.scanChars ?? 3000;
  let text = '';
  for (const b of toBlocks(body)) {
    text += b.text + '\n';
    if (text.length >= limit) break;
  }
  return parseDateText(text.slice(0, limit), now);
}
