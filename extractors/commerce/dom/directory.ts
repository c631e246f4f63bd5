import type { CategoryEntry } from '../../types';
import { absUrl, tagged, textOf } from '../util';
import type { PageIndex } from './page-index';

/**
 * Category directory pages ("All categories", a department's A–Z index): many groups of the
 * same shape, each a heading (h2–h6, strong/b, a short div or a link) over its links or over
 * sub-groups of the same kind. Heading = a category, its links = the categories under it; a
 * heading that is only a letter ("A", "0-9") groups alphabetically and is no category.
 *
 * Home pages hold such blocks too (mega menus, footers of link groups, "popular searches"), so
 * a directory counts only when it is the page's main content: at least MIN_GROUPS groups of one
 * shape outside header/nav/footer, no prices in it, most of the page's links and nearly all
 * of its own links on the page's host.
 */
const MIN_GROUPS = 4;
const MIN_LINKS = 20;
/** Share of the page's links the directory holds: it is what the page is about. */
const MAIN_SHARE = 0.5;
/** Share of the directory's links on the page's own host. */
const SAME_HOST = 0.8;
const HEAD_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'B', 'DT', 'SPAN', 'DIV', 'P', 'A', 'LABEL', 'EM']);
const RANKED = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'DT', 'STRONG', 'B'];
const LETTER = /^([A-Za-z0-9#]|0\s*[-–]\s*9|[A-Z]\s*[-–]\s*[A-Z])$/;
const OUTSIDE = 'header, footer, nav, aside, [role=navigation], [role=banner], [role=contentinfo]';

interface Group {
  head: Element;
  body: Element[];
}

const label = (t: string) => t.replace(/[\s>›»:：→]+$/, '').trim();
const linksIn = (els: Element[]) => els.flatMap((e) => (e.tagName === 'A' ? [e] : tagged(e, 'a'))).filter((a) => a.hasAttribute('href'));

/** A group's heading: its first element with text, short, holding at most one link. */
function headOf(g: Element): Element | null {
  let first = g.firstElementChild;
  while (first && !textOf(first)) first = first.nextElementSibling;
  if (!first || !HEAD_TAGS.has(first.tagName)) return null;
  const t = label(textOf(first));
  if (!t || t.length > 40) return null;
  if (first.tagName !== 'A' && tagged(first, 'a').length > 1) return null;
  if (first.querySelector('ul, ol, dl, table')) return null;
  return first;
}

const shape = (e: Element) => `${e.tagName}.${(e.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? ''}`;

/** Groups among sibling elements: wrapped (children of one shape, each headed) or flat (heading, links, heading, links…). */
function groupsIn(children: Element[], min: number): Group[] {
  let best: Group[] = [];
  const byShape = new Map<string, Group[]>();
  for (const c of children) {
    const head = headOf(c);
    if (!head) continue;
    const body: Element[] = [];
    for (let e = head.nextElementSibling; e; e = e.nextElementSibling) body.push(e);
    if (linksIn(body).length === 0) continue;
    const k = shape(c);
    byShape.set(k, [...(byShape.get(k) ?? []), { head, body }]);
  }
  for (const g of byShape.values()) if (g.length >= min && g.length > best.length) best = g;
  for (const tag of RANKED) {
    const heads = children.filter((c) => c.tagName === tag && textOf(c) && label(textOf(c)).length <= 40 && tagged(c, 'a').length <= 1);
    if (heads.length < min) continue;
    const flat: Group[] = [];
    for (const h of heads) {
      const body: Element[] = [];
      for (let e = h.nextElementSibling; e && !(e.tagName === tag); e = e.nextElementSibling) body.push(e);
      if (linksIn(body).length) flat.push({ head: h, body });
    }
    if (flat.length >= min && linksIn(flat.flatMap((g) => g.body)).length > linksIn(best.flatMap((g) => g.body)).length) best = flat;
    break;
  }
  return best;
}

/** Sub-groups inside a group's body, when they hold most of its links. */
function subGroups(body: Element[]): Group[] {
  const all = linksIn(body).length;
  const tries: Element[][] = [body];
  for (const b of body) {
    tries.push(Array.from(b.children));
    for (const c of Array.from(b.children)) tries.push(Array.from(c.children));
  }
  for (const t of tries) {
    const g = groupsIn(t, 2);
    if (g.length && linksIn(g.flatMap((x) => x.body)).length >= all * 0.6) return g;
  }
  return [];
}

/**
 * Whether groups and links read as a category tree rather than a feed: a news front page or an
 * events list also comes in headed groups, but under dates ("6 March"), with headlines and
 * repeated "12 Comments" links. Category names are short, unique and undated.
 */
function categoryLike(groups: Group[], links: Element[]): boolean {
  const heads = groups.map((g) => label(textOf(g.head))).filter((t) => !LETTER.test(t));
  if (heads.filter((t) => /\d/.test(t)).length > heads.length * 0.3) return false;
  const texts = links.map(textOf).filter(Boolean);
  if (texts.length === 0) return false;
  if (new Set(texts).size < texts.length * 0.9) return false;
  const words = texts.map((t) => t.split(/\s+/).length).sort((a, b) => a - b);
  if (words[Math.floor(words.length / 2)]! > 4) return false;
  return texts.filter((t) => /\d/.test(t)).length <= texts.length * 0.3;
}

export function categoriesFromDirectory(
  idx: PageIndex,
  base: string,
  pagePath: CategoryEntry[],
  add: (name: string, href: string | null, level: number, path: string[]) => void,
): number {
  const doc = idx.elements[0]?.ownerDocument;
  if (!doc?.body) return 0;
  let best: Group[] = [];
  let bestLinks = 0;
  for (const p of idx.elements) {
    if (p.childElementCount < MIN_GROUPS || !idx.withLink.has(p) || idx.withPrice.has(p)) continue;
    const groups = groupsIn(Array.from(p.children), MIN_GROUPS);
    if (!groups.length) continue;
    const n = linksIn(groups.flatMap((g) => g.body)).length;
    if (n > bestLinks && !p.closest(OUTSIDE)) {
      best = groups;
      bestLinks = n;
    }
  }
  // A directory's groups hold several categories each; a link or two under a title is a card or a teaser.
  if (bestLinks < MIN_LINKS || bestLinks < best.length * 2) return 0;
  // Against the links of the page's content: header, nav and footer menus are on every page of the site.
  const pageLinks = tagged(doc.body, 'a').filter((a) => a.hasAttribute('href') && !a.closest(OUTSIDE)).length;
  if (bestLinks < pageLinks * MAIN_SHARE) return 0;
  let host = '';
  try {
    host = new URL(base).host;
  } catch {
    return 0;
  }
  const links = linksIn(best.flatMap((g) => [g.head, ...g.body]));
  const own = links.filter((a) => {
    const u = absUrl(a.getAttribute('href'), base);
    try {
      return u !== null && new URL(u).host === host;
    } catch {
      return false;
    }
  }).length;
  if (own < links.length * SAME_HOST) return 0;

  if (!categoryLike(best, links)) return 0;

  // Under the page's own category when its breadcrumb names one: the directory lists its children.
  const here = pagePath[pagePath.length - 1];
  const level0 = here ? here.path.length + 1 : 1;
  const path0 = here ? here.path : [];
  let count = 0;
  const put = (name: string, href: string | null, level: number, path: string[]) => {
    add(name, href, level, path);
    count++;
  };
  const read = (g: Group, level: number, path: string[], depth: number) => {
    const name = label(textOf(g.head));
    const letter = LETTER.test(name);
    const at = letter ? level : level + 1;
    const under = letter ? path : [...path, name];
    if (!letter) put(name, g.head.tagName === 'A' ? g.head.getAttribute('href') : (g.head.querySelector('a')?.getAttribute('href') ?? null), level, under);
    const subs = depth < 3 ? subGroups(g.body) : [];
    if (subs.length) for (const s of subs) read(s, at, under, depth + 1);
    else for (const a of linksIn(g.body)) {
      const t = textOf(a);
      if (t) put(t, a.getAttribute('href'), at, [...under, t]);
    }
  };
  for (const g of best) read(g, level0, path0, 0);
  return count;
}
