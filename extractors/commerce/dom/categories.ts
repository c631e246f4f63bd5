import type { CategoryEntry } from '../../types';
import { absUrl, textOf } from '../util';
import { byTags, type PageIndex } from './page-index';

/**
 * Category navigation from menus and trees: nested lists (ul/ol > li > ul …) and definition
 * lists inside them (dt = sub-category, dd links = leaves). A list counts when it nests, or
 * when its container is named like a category menu. Levels are nesting depths (1 = top).
 */
const CATEGORY_HINT = /cat|categor|分类|类目|department|dept|taxonomy|menu|nav|sort|品类/i;
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

export function categoriesFromMenus(idx: PageIndex, base: string): CategoryEntry[] {
  const out: CategoryEntry[] = [];
  const seen = new Set<string>();
  const add = (name: string, href: string | null, level: number, path: string[]) => {
    if (!name || name.length > 60 || out.length >= MAX_ENTRIES) return;
    const url = absUrl(href, base);
    const key = `${level}|${path.join('>')}|${url}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, url, level, path });
  };
  const walkList = (list: Element, level: number, path: string[]) => {
    for (let li = list.firstElementChild; li; li = li.nextElementSibling) {
      if (li.tagName !== 'LI') continue;
      const name = ownLabel(li);
      const here = name ? [...path, name] : path;
      if (name) add(name, ownLink(li)?.getAttribute('href') ?? null, level, here);
      for (let c = li.firstElementChild; c; c = c.nextElementSibling) {
        const sub = isList(c) ? c : childList(c);
        if (!sub || level >= 6) continue;
        if (sub.tagName === 'DL') walkDl(sub, level + 1, here);
        else walkList(sub, level + 1, here);
      }
    }
  };
  const walkDl = (dl: Element, level: number, path: string[]) => {
    let group: string[] = path;
    for (let c = dl.firstElementChild; c; c = c.nextElementSibling) {
      if (c.tagName === 'DT') {
        const name = textOf(c);
        group = [...path, name];
        add(name, c.querySelector('a')?.getAttribute('href') ?? null, level, group);
      } else if (c.tagName === 'DD') {
        for (const a of Array.from(c.querySelectorAll('a'))) add(textOf(a), a.getAttribute('href'), level + 1, [...group, textOf(a)]);
      }
    }
  };
  for (const list of byTags(idx, 'UL', 'OL')) {
    if (list.parentElement?.closest('li')) continue; // nested: read from its top list
    let items = 0;
    for (let c = list.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === 'LI') items++;
    if (items < 2) continue;
    const nests = list.querySelector('li ul, li ol, li dl') !== null;
    if (!nests && !hinted(list)) continue;
    if (!nests && !CATEGORY_HINT.test(`${list.getAttribute('class') ?? ''} ${list.id}`) && !/cat|categor|分类|类目|department/i.test(`${list.parentElement?.getAttribute('class') ?? ''} ${list.parentElement?.id ?? ''}`)) continue;
    if (list.closest('footer')) continue;
    walkList(list, 1, []);
  }
  return out;
}
