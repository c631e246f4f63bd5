import { collapseSpace } from '../../text/normalize';

const metasOf = new WeakMap<Document, Element[]>();

/**
 * The page's <meta> elements, listed once per document: a page's dozen lookups each walked the
 * whole tree. Everything that reads them runs before content extraction takes the page apart,
 * and that leaves <meta> elements alone anyway.
 */
function metas(doc: Document): Element[] {
  let list = metasOf.get(doc);
  if (!list) metasOf.set(doc, (list = Array.from(doc.querySelectorAll('meta'))));
  return list;
}

/** Content of the first <meta> whose name, property or itemprop is one of `keys` (case-insensitive), in key order. */
export function metaContent(doc: Document, keys: readonly string[]): string | null {
  const all = metas(doc);
  for (const key of keys) {
    const k = key.toLowerCase();
    for (const m of all) {
      const id = (m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop') ?? m.getAttribute('http-equiv') ?? '').toLowerCase();
      if (id === k) {
        const v = collapseSpace(m.getAttribute('content') ?? '');
        if (v) return v;
      }
    }
  }
  return null;
}

/** All non-empty contents of <meta> tags named `key`. */
export function metaContents(doc: Document, key: string): string[] {
  const k = key.toLowerCase();
  return metas(doc)
    .filter((m) => (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase() === k)
    .map((m) => collapseSpace(m.getAttribute('content') ?? ''))
    .filter(Boolean);
}

export function textOf(el: Element | null | undefined): string {
  return el ? collapseSpace(el.textContent ?? '') : '';
}

/** Characters of an element's text that are the text of its links. */
export function linkedChars(el: Element): number {
  return Array.from(el.querySelectorAll('a')).reduce((n, a) => n + textOf(a).length, 0);
}

/** Text as long as a headline, not a name: eight Chinese characters or four words. */
export function readsAsHeadline(text: string): boolean {
  return (text.match(HAN_CHAR) ?? []).length >= 8 || text.split(' ').length >= 4;
}
const HAN_CHAR = /\p{Script=Han}/gu;

/** Comment lists and their entries: the names and times there are commenters'. */
export const COMMENT_BOX = '[class*="comment" i], [id*="comment" i]';

/**
 * A box that wraps the whole page or holds its headline ("<body class="comments-open">", a
 * "has-comments" wrapper): no comment list, whatever its class says.
 */
export function wrapsPage(box: Element): boolean {
  return box.tagName === 'BODY' || box.tagName === 'HTML' || box.querySelector('h1') !== null;
}

/** Whether an element sits in a comment list (see wrapsPage). */
export function inCommentList(el: Element): boolean {
  const box = el.closest(COMMENT_BOX);
  return !!box && !wrapsPage(box);
}

/**
 * The page's headline heading: the first <h1> the <title> holds (4+ characters); else an <h2>/<h3>
 * the <title> opens with; else the first <h1>. An <h1> that is all one link to another page is
 * the blog's or site's name leading home ("<h1><a href="/u/1">Name</a></h1>" over
 * "<h2>entry</h2>" on "entry_Name_…博客"), never the headline.
 */
export function headlineHeading(doc: Document): Element | null {
  const title = collapseSpace(doc.title ?? '');
  const h1s = Array.from(doc.querySelectorAll('h1')).filter((h) => !linksAway(h));
  const inTitle = (h: Element) => textOf(h).length >= 4 && title.includes(textOf(h));
  return (
    h1s.find(inTitle) ??
    // A blog's name before or after it ("Blog » Post", "Post | Blog"): the <title>'s one end.
    Array.from(doc.querySelectorAll('h2, h3')).slice(0, 30).find((h) => inTitle(h) && (title.startsWith(textOf(h)) || title.endsWith(textOf(h)))) ??
    h1s[0] ??
    null
  );
}

/** Whether a heading's text is all one link to another page than the one it heads. */
function linksAway(h: Element): boolean {
  const a = h.closest('a') ?? (h.querySelectorAll('a').length === 1 ? h.querySelector('a') : null);
  if (!a || textOf(a) !== textOf(h)) return false;
  try {
    const here = new URL(h.ownerDocument.URL);
    const to = new URL(a.getAttribute('href') ?? '', here);
    return to.pathname !== here.pathname || to.hostname !== here.hostname;
  } catch {
    return false;
  }
}

/**
 * An element inside a small card whose heading (or title link) leads to another page (a blog's
 * own title links to the page itself), the card found within `levels` parents of the element.
 */
export function teaserCard(el: Element, levels = 2): boolean {
  let box = el.parentElement;
  for (let i = 0; box && i < levels; i++, box = box.parentElement) {
    if (textOf(box).length > 600) break;
    // (not the element's own link: a blogger's name set as a heading links to their blog)
    if (Array.from(box.querySelectorAll('h2 a[href], h3 a[href], h4 a[href], h5 a[href], a[class*="title" i][href]')).some((a) => !a.contains(el) && leadsElsewhere(a))) return true;
  }
  // A list of other stories: an item holding a headline linked to another page and its writer.
  const item = el.closest('li');
  return !!item && (item === el || item === el.parentElement || item === el.parentElement?.parentElement) &&
    Array.from(item.querySelectorAll('a[href]')).some((a) => !a.contains(el) && readsAsHeadline(textOf(a)) && leadsElsewhere(a));
}

/** Whether a link leads to a page other than its own page (URLs without the fragment); an address that is no URL counts as another page. */
function leadsElsewhere(a: Element): boolean {
  const page = a.ownerDocument.URL.replace(/#.*$/, '');
  try {
    return new URL(a.getAttribute('href')!, page).href.replace(/#.*$/, '') !== page;
  } catch {
    return true;
  }
}

/**
 * Whether `name` is credited inside a linked headline of another story ("下一条：<a href=…>校领导调研
 * 后勤保障工作（文/张敏 图/刘杰）</a>"): that story's writer, not this page's.
 */
export function inLinkedHeadline(el: Element, names: readonly string[]): boolean {
  const own = el.closest('a[href]');
  const links = own ? [own] : Array.from(el.querySelectorAll('a[href]')).slice(0, 20);
  return links.some((a) => {
    const text = textOf(a);
    if (!names.length || !text.includes(names[0]!)) return false;
    // What the link says besides the names: a headline, or only "and" between them (a link to their page).
    const rest = names.reduce((t, n) => t.replace(n, ' '), text).replace(/\s+/g, ' ').trim();
    return readsAsHeadline(rest) && leadsElsewhere(a);
  });
}
