import { collapseSpace } from '../text/normalize';

/** Text of an element, whitespace collapsed. */
export function textOf(el: Element | null | undefined): string {
  return el ? collapseSpace(el.textContent ?? '') : '';
}

/** An absolute http(s) URL, or null for empty / javascript: / unparsable values. */
export function absUrl(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  const h = href.trim();
  if (!h || /^(javascript|mailto|tel|data):/i.test(h) || h === '#') return null;
  try {
    const u = new URL(h, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A finite number from a number or numeric string ("4.5", "1,234"), else null. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/** First string of a value that may be a string, number, array or {name}/{@value} object. */
export function firstString(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return collapseSpace(v) || null;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    for (const x of v) {
      const s = firstString(x);
      if (s) return s;
    }
    return null;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return firstString(o.name ?? o['@value'] ?? o.url ?? o['@id'] ?? null);
  }
  return null;
}

/** Runs one heuristic; a heuristic that throws on an odd page yields the fallback, not a lost page. */
export function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The page's locale hints: <html lang> and host. */
export function pageLocale(doc: Document, url: string): { locale: string | null; host: string | null } {
  let host: string | null = null;
  try {
    host = new URL(url).hostname;
  } catch {
    host = null;
  }
  const lang = doc.documentElement?.getAttribute('lang') || doc.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content') || null;
  return { locale: lang, host };
}
