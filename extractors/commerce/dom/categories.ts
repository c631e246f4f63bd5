import type { CategoryEntry } from '../../types';
import { absUrl, navLevel, tagged, textOf } from '../util';
import { byTags, type PageIndex } from './page-index';
import { categoriesFromDirectory } from './directory';

/**
 * Category navigation from menus and trees: nested lists (ul/ol > li > ul …) and definition
 * lists inside them (dt = sub-category, dd links = leaves). A list counts when it nests, or
 * when its container is named like a category menu. Levels are nesting depths (1 = top).
 */
const CATEGORY_HINT = /cat|categor|分类|类目|department|dept|taxonomy|menu|nav|sort|品类/i;
const STRONG_HINT = /cat|categor|分类|类目|department/i;
const MAX_ENTRIES = 2000;

const isList = (e: Element) => e.tagName === 'UL' || e.tagName === 'OL' || e.tagName === 'DL';

function childList(e: Element): Element | null {
  for (let c = e.firstElementChild; c; c = c.nextElementSibling) if (isList(c)) return c;
  return null;
}

function ownLink(li: Element): Element | null {
  for (let c = li.firstElementChild; c; c = c.nextElementSibling) {
    if (c.tagName === 'A') return c;
    if (c.tagName === 'UL' || c.tagName === 'OL' || c.tagName === 'DL') return null;
    const a = c.querySelector('a');
    if (a && !c.querySelector('ul, ol, dl')) return a;
  }
  return null;
}

/** The links directly in an item's label part (its own children, before any sub-list). */
function ownLinks(li: Element): Element[] {
  const out: Element[] = [];
  for (let c = li.firstElementChild; c; c = c.nextElementSibling) {
    if (isList(c)) break;
    if (c.tagName === 'A') out.push(c);
    else if (c.querySelector('ul, ol, dl')) break;
  }
  return out;
}

function ownLabel(li: Element): string {
  const a = ownLink(li);
  if (a) return textOf(a);
  let t = '';
  for (let c = li.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) t += c.nodeValue;
    else if (c.nodeType === 1 && !['UL', 'OL', 'DL'].includes((c as Element).tagName)) t += (c as Element).textContent;
  }
  return t.replace(/\s+/g, ' ').trim();
}

function hinted(el: Element): boolean {
  for (let e: Element | null = el, i = 0; e && i < 4; e = e.parentElement, i++) {
    if (e.tagName === 'NAV' || e.getAttribute('role') === 'navigation') return true;
    if (CATEGORY_HINT.test(`${e.getAttribute('class') ?? ''} ${e.id} ${e.getAttribute('aria-label') ?? ''}`)) return true;
  }
  return false;
}

/**
 * Where a flat (non-nesting) list sits in the tree, from the page's own breadcrumb path: a list
 * holding one of the crumbs is that crumb's level (siblings); any other list on a page with a
 * path lists the current category's children. Lists in the page header or nav stay top-level.
 */
function flatListPlace(list: Element, items: Element[], pagePath: CategoryEntry[], base: string, children: boolean): { level: number; path: string[] } | null {
  if (pagePath.length === 0) return { level: 1, path: [] };
  const names = new Set(items.map(ownLabel));
  const urls = new Set(items.map((li) => absUrl(ownLink(li)?.getAttribute('href') ?? null, base)).filter(Boolean));
  for (let i = pagePath.length - 1; i >= 0; i--) {
    const c = pagePath[i]!;
    if (names.has(c.name) || (c.url && urls.has(c.url))) return { level: i + 1, path: c.path.slice(0, -1) };
  }
  if (list.closest('header, nav, [role=navigation]')) return { level: 1, path: [] };
  if (!children) return null;
  const here = pagePath[pagePath.length - 1]!;
  return { level: here.path.length + 1, path: here.path };
}

/** A group label without the arrow or colon drawn after it ("电子书刊 >", "Fasteners:"). */
const bareLabel = (t: string) => t.replace(/[\s>›»:：→]+$/, '').trim();

const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * A menu item's own label drawn as a link ("<a><b>茶叶</b></a>" before its hover panel, in a
 * table cell or div rather than a list item): it heads the panel as a heading would.
 */
const isLabelLink = (e: Element) =>
  (e.tagName === 'A' && e.hasAttribute('href')) || ((e.tagName === 'B' || e.tagName === 'STRONG' || e.tagName === 'SPAN') && e.children.length === 1 && e.firstElementChild!.tagName === 'A' && textOf(e) === textOf(e.firstElementChild));

/** A heading's own link: the heading itself or the one link inside it. */
const headLink = (h: Element) => (h.tagName === 'A' ? h.getAttribute('href') : (h.querySelector('a')?.getAttribute('href') ?? null));

/** The heading a directory block stands under: the closest heading before it, a few levels up. */
function headingBefore(el: Element): Element | null {
  for (let a: Element | null = el, up = 0; a && up < 4 && a.tagName !== 'BODY'; a = a.parentElement, up++) {
    for (let s = a.previousElementSibling, n = 0; s && n < 2; s = s.previousElementSibling, n++) {
      if (s.tagName === 'DL' || s.tagName === 'UL') break;
      const h = HEADINGS.has(s.tagName) || isLabelLink(s) ? s : s.querySelector('h1, h2, h3, h4, h5, h6');
      if (h) {
        const t = bareLabel(textOf(h));
        return t && t.length <= 40 && h.querySelectorAll('a').length <= 1 ? h : null;
      }
    }
  }
  return null;
}

/**
 * Category directories outside list menus: definition lists of groups (dt = group, dd links =
 * its categories), hidden hover panels included, each under the heading of its block when there
 * is one (heading = level 1, group = 2, links = 3), else from level 1. Lists inside menu items
 * are read with their menu.
 */
function directories(
  idx: PageIndex,
  walkDl: (dl: Element, level: number, path: string[]) => void,
  add: (name: string, href: string | null, level: number, path: string[]) => void,
): void {
  const body = idx.elements[0]?.ownerDocument?.body;
  if (!body) return;
  const dls = tagged(body, 'dl').filter((dl) => !dl.parentElement?.closest('li, dl, footer, noscript, template') && dl.querySelector('dd a[href]') !== null);
  // One definition list of links is a spec table or a footnote; a directory repeats them.
  if (dls.length < 2) return;
  const heads = dls.map(headingBefore);
  // Headings name top categories only when there are several; one heading over the whole
  // directory ("All categories") is the section's title.
  const distinct = new Set(heads.filter((h) => h !== null));
  const done = new Set<Element>();
  dls.forEach((dl, i) => {
    const h = heads[i];
    if (h && distinct.size >= 2) {
      const name = bareLabel(textOf(h));
      if (!done.has(h)) add(name, headLink(h), 1, [name]);
      done.add(h);
      walkDl(dl, 2, [name]);
    } else walkDl(dl, 1, []);
  });
}

export interface MenuOptions {
  /**
   * Whether a flat category list that holds none of the page's crumbs lists the current
   * category's children (a category page), default true. On a product page it does not:
   * there such a list is "related categories", placed nowhere we can tell.
   */
  flatChildren?: boolean;
}

export function categoriesFromMenus(idx: PageIndex, base: string, pagePath: CategoryEntry[] = [], opts: MenuOptions = {}): CategoryEntry[] {
  const out: CategoryEntry[] = [];
  const seen = new Set<string>();
  const add = (name: string, href: string | null, level: number, path: string[]) => {
    if (!name || name.length > 60 || out.length >= MAX_ENTRIES) return;
    const url = absUrl(href, base);
    const key = `${level}|${path.join('>')}|${url}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, url, level: navLevel(level), path });
  };
  const walkList = (list: Element, level: number, path: string[]) => {
    for (let li = list.firstElementChild; li; li = li.nextElementSibling) {
      if (li.tagName !== 'LI') continue;
      const name = ownLabel(li);
      const here = name ? [...path, name] : path;
      const links = ownLinks(li);
      // "手机 / 运营商 / 数码": one menu item holding several links is that many categories of its level.
      if (links.length >= 2) for (const a of links) add(textOf(a), a.getAttribute('href'), level, [...path, textOf(a)]);
      else if (name) add(name, ownLink(li)?.getAttribute('href') ?? null, level, here);
      // An item with no label of its own only wraps its sub-list: that list is this level, not the next.
      const next = name ? level + 1 : level;
      for (let c = li.firstElementChild; c; c = c.nextElementSibling) {
        const sub = isList(c) ? c : childList(c);
        if (!sub || level >= 6) continue;
        if (sub.tagName === 'DL') walkDl(add)(sub, next, here);
        else walkList(sub, next, here);
      }
    }
  };
  const walkDl = (put: typeof add) => (dl: Element, level: number, path: string[]) => {
    let group: string[] = path;
    for (let c = dl.firstElementChild; c; c = c.nextElementSibling) {
      if (c.tagName === 'DT') {
        const name = bareLabel(textOf(c));
        group = [...path, name];
        put(name, c.querySelector('a')?.getAttribute('href') ?? null, level, group);
      } else if (c.tagName === 'DD') {
        for (const a of Array.from(c.querySelectorAll('a'))) put(textOf(a), a.getAttribute('href'), level + 1, [...group, textOf(a)]);
      }
    }
  };
  for (const list of byTags(idx, 'UL', 'OL')) {
    if (list.parentElement?.closest('li')) continue; // nested: read from its top list
    const items: Element[] = [];
    for (let c = list.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === 'LI') items.push(c);
    if (items.length < 2) continue;
    const nests = list.querySelector('li ul, li ol, li dl') !== null;
    if (!nests && !hinted(list)) continue;
    // A flat list is a category list only when it or its container says so: "menu" or "nav" alone is as often an account bar.
    if (!nests && !STRONG_HINT.test(`${list.getAttribute('class') ?? ''} ${list.id} ${list.parentElement?.getAttribute('class') ?? ''} ${list.parentElement?.id ?? ''}`)) continue;
    if (list.closest('footer')) continue;
    if (nests) walkList(list, 1, []);
    else {
      const place = flatListPlace(list, items, pagePath, base, opts.flatChildren ?? true);
      if (place) walkList(list, place.level, place.path);
    }
  }
  // Directories last: a nested menu places a category more surely, so an address it already
  // gave keeps its level there.
  if (opts.flatChildren ?? true) {
    const known = new Set(out.map((c) => bare(c.url)).filter(Boolean));
    // Each address once over both directory readers (its query kept: `list.asp?cid=` names the category).
    const taken = new Set<string>();
    const addNew = (name: string, href: string | null, level: number, path: string[]) => {
      const abs = absUrl(href, base);
      const u = bare(abs);
      const full = abs ? abs.replace(/#.*$/, '') : '';
      if (full && taken.has(full)) return;
      if (!u || !known.has(u)) add(name, href, level, path);
      if (full) taken.add(full);
    };
    categoriesFromDirectory(idx, base, pagePath, addNew);
    directories(idx, walkDl(addNew), addNew);
  }
  return out;
}

const bare = (u: string | null) => (u ? u.replace(/[?#].*$/, '').replace(/\/$/, '') : '');
