import { collapseSpace } from '../../text/normalize';
import { jsonText, type JsonObject } from '../jsonld';
import { metaContent, textOf } from './dom';

/** Separators between a headline and the site name in <title>. */
const SEPARATOR = /\s+[|\-–—_·»:]\s+|\s*[|_｜—–]\s*|\s*-{2,}\s*/;

/** Removes a site-name suffix/prefix: keeps the longest part of a separated <title>. */
export function stripSiteName(title: string, siteName?: string | null): string {
  const t = collapseSpace(title);
  const parts = t.split(SEPARATOR).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return t;
  const site = siteName?.toLowerCase();
  const kept = parts.filter((p) => !site || p.toLowerCase() !== site);
  return kept.reduce((a, b) => (b.length > a.length ? b : a), '') || t;
}

/**
 * The headline: og:title, JSON-LD headline, the <h1> that the <title> starts with, else
 * <title> without its site name. og/JSON-LD are written for sharing and rarely carry the site name.
 */
export function findTitle(doc: Document, article: JsonObject | null, siteName: string | null): string | null {
  const docTitle = collapseSpace(doc.title ?? '');
  const h1s = Array.from(doc.querySelectorAll('h1')).map((h) => textOf(h)).filter((t) => t.length > 3 && t.length < 300);
  const h1 = h1s.find((t) => docTitle.includes(t)) ?? null;
  // Share titles and headings may contain " - " legitimately: only a part equal to the site name goes.
  for (const c of [metaContent(doc, ['og:title', 'twitter:title']), jsonText(article?.headline ?? article?.name), h1]) {
    if (!c || c.length < 2) continue;
    // Some sites copy the whole <title> (with section and site names) into og:title.
    if (c === docTitle) return h1 && c.includes(h1) ? h1 : stripSiteName(c, siteName);
    return dropExactSite(c, siteName);
  }
  if (docTitle) return stripSiteName(docTitle, siteName);
  return h1s[0] ?? null;
}

function dropExactSite(title: string, siteName: string | null): string {
  const t = collapseSpace(title);
  if (!siteName) return t;
  const parts = t.split(SEPARATOR).map((p) => p.trim());
  const kept = parts.filter((p) => p.toLowerCase() !== siteName.toLowerCase());
  return kept.length && kept.length < parts.length ? kept.join(' - ') : t;
}
