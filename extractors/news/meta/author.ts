import { collapseSpace } from '../../text/normalize';
import { jsonText, type JsonObject } from '../jsonld';
import { metaContent, textOf } from './dom';

/** "作者：张三", "記者 李四", "By Jane Doe" written in the page. */
const WRITTEN = [
  /(?:作者|作\s+者|文|撰文|记者|記者|撰稿)\s*[：:]\s*([\p{Script=Han}·]{2,12}(?:[、，,\s]+[\p{Script=Han}·]{2,12}){0,3})/u,
  /(?:记者|記者)\s*([\p{Script=Han}·]{2,4}?)(?=[\s)）】/／╱|]|$|报道|報導|報道)/u,
  /\bBy\s+([A-Z][\p{L}'.-]+(?:\s+(?:[A-Z][\p{L}'.-]+|de|van|von|da|and|&)){0,5})/u,
];

export function cleanAuthor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let a = collapseSpace(raw)
    .replace(/^(by|written by|posted by|author|作者|文|记者|記者)\s*[：:]?\s*/i, '')
    .replace(/\s*[|,]\s*(staff writer|reporter|correspondent|contributor)\b.*$/i, '')
    .trim();
  if (/^https?:\/\//i.test(a)) return null;
  a = a.replace(/[\s,;|]+$/, '');
  if (a.length < 2 || a.length > 80) return null;
  return a;
}

/** Author by trust: JSON-LD author, meta tags, rel/itemprop author, written bylines, Readability's byline. */
export function findAuthor(doc: Document, article: JsonObject | null, readabilityByline: string | null): string | null {
  return authorFromPage(doc, article) ?? authorFromByline(readabilityByline);
}

/** The author as the page says it (every source of findAuthor but Readability's byline). */
export function authorFromPage(doc: Document, article: JsonObject | null): string | null {
  return firstAuthor([
    () => jsonText(article?.author ?? article?.creator),
    () => metaContent(doc, ['author', 'article:author', 'parsely-author', 'sailthru.author', 'dc.creator', 'byl']),
    () => textOf(doc.querySelector('[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel="author"]')) || null,
    () => {
      for (const el of Array.from(doc.querySelectorAll('[class*="byline" i], [class*="author" i], [id*="author" i]')).slice(0, 20)) {
        const t = textOf(el);
        if (t.length > 1 && t.length < 80) return t;
      }
      return null;
    },
    () => writtenAuthor(doc),
  ]);
}

/** The author from Readability's byline, the last resort of findAuthor. */
export function authorFromByline(readabilityByline: string | null): string | null {
  return firstAuthor([() => readabilityByline]);
}

function firstAuthor(candidates: Array<() => string | null>): string | null {
  for (const c of candidates) {
    try {
      const raw = c();
      // A byline element often holds "【联合报╱记者高诗琴／台北报导】": keep the name only.
      const written = raw ? WRITTEN.map((re) => re.exec(raw)?.[1]).find(Boolean) : null;
      const a = cleanAuthor(written ?? raw);
      if (a) return a;
    } catch {
      /* next source */
    }
  }
  return null;
}

/** A byline written in the text, searched in short lines only (a sentence mentioning "by" is not a byline). */
export function writtenAuthor(doc: Document): string | null {
  const lines = Array.from(doc.querySelectorAll('p, span, div, td, em, strong, address'))
    .slice(0, 4000)
    .filter((el) => el.children.length <= 4)
    .map((el) => textOf(el))
    .filter((t) => t.length > 3 && t.length < 120);
  for (const re of WRITTEN) {
    for (const line of lines) {
      const m = re.exec(line);
      if (m) return m[1];
    }
  }
  return null;
}
