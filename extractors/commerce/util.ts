import { collapseSpace } from '../text/normalize';

/** Text of an element, whitespace collapsed. */
export function textOf(el: Element | null | undefined): string {
  return el ? collapseSpace(el.textContent ?? '') : '';
}

/** Text of an element with a space between the texts of different elements ("店铺1" "10条评价" stay apart). */
export function spacedText(el: Element | null | undefined, max = 5000): string {
  if (!el) return '';
  const parts: string[] = [];
  let len = 0;
  const stack: Node[] = [el];
  while (stack.length && len < max) {
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      const v = n.nodeValue ?? '';
      if (v.trim()) {
        parts.push(v);
        len += v.length;
      }
    } else if (n.nodeType === 1 && !['SCRIPT', 'STYLE', 'TEMPLATE'].includes((n as Element).tagName)) {
      for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
    }
  }
  return collapseSpace(parts.join(' '));
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
/**
 * The navigation level of a category `depth` steps below the top: 1 top menu, 2 sub-menu,
 * 3 leaf. Deeper taxonomies (five-step breadcrumbs are common) keep their full path but count
 * as leaves: the tables have three levels, and a deeper entry is still a real category.
 */
export function navLevel(depth: number): number {
  return Math.min(depth, 3);
}

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

/** Elements by tag name, as an array (getElementsByTagName is far cheaper than selector matching). */
export function tagged(root: Document | Element, tag: string): Element[] {
  const list = root.getElementsByTagName(tag);
  const out: Element[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = list.item(i)!;
  return out;
}

/**
 * The first descendant of root (document order) that `test` accepts: what
 * `root.querySelector(sel)` gives for the attribute-substring selectors records use, without
 * the DOM's selector engine, which scans the subtree once per call (most of a listing page's
 * record reading went there).
 */
export function firstDescendant(root: Element, test: (el: Element) => boolean): Element | null {
  let el = root.firstElementChild;
  while (el) {
    if (test(el)) return el;
    if (el.firstElementChild) {
      el = el.firstElementChild;
      continue;
    }
    while (el && el !== root && !el.nextElementSibling) el = el.parentElement;
    if (!el || el === root) return null;
    el = el.nextElementSibling;
  }
  return null;
}

/** Whether el's class attribute contains any of the given substrings (as `[class*=x]`, case-sensitive). */
export function classContains(el: Element, parts: readonly string[]): boolean {
  const cls = el.getAttribute('class');
  if (!cls) return false;
  for (const p of parts) if (cls.includes(p)) return true;
  return false;
}

/** A parent's element children grouped by `key` (groups and members in document order). */
export function childGroups(parent: Element, key: (child: Element) => string): Element[][] {
  const groups = new Map<string, Element[]>();
  for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
    const k = key(c);
    const g = groups.get(k);
    if (g) g.push(c);
    else groups.set(k, [c]);
  }
  return [...groups.values()];
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
