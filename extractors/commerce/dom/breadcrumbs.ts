import type { CategoryEntry } from '../../types';
import { isType, type SchemaNode } from '../structured/jsonld';
import { absUrl, firstString, navLevel, textOf } from '../util';
import { byName, type PageIndex } from './page-index';

export interface Crumb {
  name: string;
  url: string | null;
}

const HOME = /^(home|homepage|首页|主页|startseite|accueil|inicio|início|главная|トップ|홈)$/i;

const ROOT = /^(all (categories|departments|products)|(product )?catalog(ue)?s?|departments|shop all|browse( all)?|全部分类|所有分类|全部商品分类|全部商品|商品分类|すべてのカテゴリ|все категории|каталог)$/i;

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
  if (!box) return crumbLine(idx, base);
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

/** The marks drawn between crumbs ("首页 > 手机", "Home › Shoes", "Home / Women" after a home link). */
const ARROW = /^[>›»→]$/;
const SEP = /^[>›»→/]$/;
/** A short lead-in before the first crumb: "您的位置：", "You are here:", "当前位置:". */
const LEAD_MAX = 16;
const LINE_TAGS = new Set(['TD', 'DIV', 'P', 'SPAN', 'LI', 'NAV', 'SECTION', 'DD', 'FONT', 'TH']);

/**
 * A breadcrumb written as a plain line of links with separators between them and no class word
 * ("您的位置：首页 > 手机 > 小米"): the links, in order, and a plain last item after the last
 * separator (the page itself). Only text made of links and separators counts, so menus joined
 * by "|" or sentences with links do not; "/" counts only after a home link, since "A / B / C"
 * is as often a menu item of several categories.
 */
function crumbLine(idx: PageIndex, base: string): Crumb[] {
  for (const el of idx.elements) {
    if (!LINE_TAGS.has(el.tagName) || !idx.withLink.has(el)) continue;
    const crumbs = readLine(el, base);
    if (crumbs) return crumbs;
  }
  return [];
}

function readLine(el: Element, base: string): Crumb[] | null {
  const out: Crumb[] = [];
  let seps = 0;
  let arrows = 0;
  let pendingSep = false;
  let tail = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    let link: Element | null = null;
    let text = '';
    if (n.nodeType === 3) text = n.nodeValue ?? '';
    else if (n.nodeType === 1) {
      const e = n as Element;
      if (e.tagName === 'A') link = e;
      else if (e.querySelector('a')) {
        const inner = e.querySelectorAll('a');
        // A crumb wrapped in a span/b: one link and nothing else in it.
        if (inner.length !== 1 || textOf(inner[0]) !== textOf(e)) return null;
        link = inner[0]!;
      } else text = e.textContent ?? '';
    } else continue;
    if (link) {
      const name = textOf(link);
      if (!name || name.length > 40) return null;
      if (out.length > 0 && !pendingSep) return null;
      if (tail) return null;
      out.push({ name, url: absUrl(link.getAttribute('href'), base) });
      pendingSep = false;
      continue;
    }
    const t = text.replace(/\s+/g, ' ').trim();
    if (!t) continue;
    if (out.length === 0) {
      // The lead-in ends where the first crumb starts.
      if (t.length > LEAD_MAX) return null;
      continue;
    }
    // After a link: separators, possibly with the plain current item after the last one.
    const m = /^([>›»→/])\s*(.*)$/.exec(t);
    if (!m || pendingSep || tail) return null;
    seps++;
    if (ARROW.test(m[1]!)) arrows++;
    pendingSep = true;
    const rest = m[2]!.trim();
    if (rest) {
      if (rest.length > 80 || SEP.test(rest.slice(-1))) return null;
      tail = rest;
      pendingSep = false;
    }
  }
  if (out.length < 2 || seps < out.length - 1) return null;
  if (arrows === 0 && !HOME.test(out[0]!.name)) return null;
  if (tail) out.push({ name: tail, url: null });
  return out;
}

/**
 * Breadcrumbs as category entries: home dropped; levels from 1. `dropLast` removes a plain
 * (unlinked) last crumb, which names the page itself: a category only on a category page, on a
 * product page it is the product's name.
 */
export function crumbsToCategories(crumbs: Crumb[], dropLast: boolean): CategoryEntry[] {
  let list = crumbs.filter((c, i) => !(i === 0 && HOME.test(c.name)));
  // "All categories" / "Product catalogs" first: the root of the tree, above its level-1 categories.
  if (list.length > 1 && ROOT.test(list[0]!.name)) list = list.slice(1);
  if (dropLast && list.length > 0 && list[list.length - 1].url === null) list = list.slice(0, -1);
  const out: CategoryEntry[] = [];
  const path: string[] = [];
  for (const c of list) {
    path.push(c.name);
    out.push({ name: c.name, url: c.url, level: navLevel(path.length), path: [...path] });
  }
  return out;
}
