import type { CategoryEntry } from '../../types';
import { isType, type SchemaNode } from '../structured/jsonld';
import { absUrl, firstString, navLevel, textOf } from '../util';
import { byName, type PageIndex } from './page-index';

export interface Crumb {
  name: string;
  url: string | null;
}

const HOME = /^(home|homepage|首页|主页|startseite|accueil|inicio|início|главная|トップ|홈)$/i;

/** Breadcrumbs from a schema.org BreadcrumbList (JSON-LD, microdata, RDFa). */
export function schemaCrumbs(nodes: SchemaNode[], base: string): Crumb[] {
  for (const n of nodes) {
    if (!isType(n, 'BreadcrumbList')) continue;
    const items = (Array.isArray(n.itemListElement) ? n.itemListElement : [n.itemListElement]).filter((x): x is SchemaNode => !!x && typeof x === 'object');
    const sorted = items.map((it, i) => ({ it, pos: Number(firstString(it.position)) || i + 1 })).sort((a, b) => a.pos - b.pos);
    const crumbs = sorted.map(({ it }) => {
      const item = it.item && typeof it.item === 'object' ? (it.item as SchemaNode) : null;
      const name = firstString(it.name) ?? (item ? firstString(item.name) : null) ?? '';
      const url = typeof it.item === 'string' ? it.item : item ? firstString(item['@id'] ?? item.url) : firstString(it.url);
      return { name, url: absUrl(url, base) };
    });
    if (crumbs.some((c) => c.name)) return crumbs.filter((c) => c.name);
  }
  return [];
}

/** Breadcrumbs from the DOM: an element named breadcrumb / crumb / 面包屑, its links in order. */
export function domCrumbs(idx: PageIndex, base: string): Crumb[] {
  const box = byName(idx, /crumb|面包屑/i, 1)[0] ?? idx.elements.find((e) => /breadcrumb/i.test(e.getAttribute('aria-label') ?? ''));
  if (!box) return [];
  const out: Crumb[] = [];
  for (const a of Array.from(box.querySelectorAll('a'))) {
    const name = textOf(a);
    if (name && name.length <= 80) out.push({ name, url: absUrl(a.getAttribute('href'), base) });
  }
  // The current page is often a plain last item.
  const last = box.querySelector('li:last-child, [aria-current], span:last-child');
  if (last && !last.querySelector('a') && last.tagName !== 'A') {
    const name = textOf(last);
    if (name && name.length <= 80 && !out.some((c) => c.name === name)) out.push({ name, url: null });
  }
  return out;
}

/**
 * Breadcrumbs as category entries: home dropped; levels from 1. `dropLast` removes a plain
 * (unlinked) last crumb, which names the page itself: a category only on a category page, on a
 * product page it is the product's name.
 */
export function crumbsToCategories(crumbs: Crumb[], dropLast: boolean): CategoryEntry[] {
  let list = crumbs.filter((c, i) => !(i === 0 && HOME.test(c.name)));
  if (dropLast && list.length > 0 && list[list.length - 1].url === null) list = list.slice(0, -1);
  const out: CategoryEntry[] = [];
  const path: string[] = [];
  for (const c of list) {
    path.push(c.name);
    out.push({ name: c.name, url: c.url, level: navLevel(path.length), path: [...path] });
  }
  return out;
}
