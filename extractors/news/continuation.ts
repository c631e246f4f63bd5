/**
 * The next part of a multi-page article: `1 2 下一页` under the text linking `12345_2.shtml`,
 * `?page=2`, `/my-story/2/`, or a `rel=next` whose URL continues the same article. Not the
 * next article (`下一篇`, "Next story") and not a listing's next page: the link must continue
 * this page's own URL with the following part number, sit in a pagination block after the
 * text (not in the page header, footer or a sidebar), and say so — its part number, a
 * next-page label, or `rel=next`.
 *
 * Pure: reads the document (as parsed, before content extraction changes it) and its URL.
 */

/** One part of an article as its URL says: what identifies the article, and the part number. */
interface Part {
  /** The URL without its part marker (origin + path + other query parameters). */
  article: string;
  n: number;
}

/** Query parameters that number an article's pages. */
const PAGE_PARAM = /^(?:page|p|pg|pn|part|pageno|page_?num|page_?no|pageindex|curpage|currentpage)$/i;
/** Parts an article plausibly has; higher numbers are dates, ids or listing pages. */
const MAX_PART = 30;

/** Labels that name the next page outright. */
const NEXT_PAGE = /^(?:下一页|下页|下一頁|次のページ|다음\s?페이지|next\s*page|continue(?:\s+reading)?|继续阅读|阅读下一页)\s*[>»›→]*$/i;
/** Labels that mean "next" only beside page numbers (alone they as often lead to the next story). */
const NEXT_ONLY = /^(?:next|次へ|다음|[>»›→]{1,2}|next\s*[>»›→]+)$/i;
/** Another article or a listing, whatever its URL looks like. */
const NOT_A_PART = /下一篇|上一篇|next\s+(?:article|story|post|item)|older|newer|previous\s+(?:article|story|post)/i;

const MARKERS = ['_', '-', '_p', '-p', '_page', '-page', '_part', '-part'];

/**
 * The URL of this article's next part, or null. `url` is the page's own URL (after redirects).
 */
export function findContinuation(doc: Document, url: string): string | null {
  let here: URL;
  try {
    here = new URL(url);
  } catch {
    return null;
  }
  const base = doc.baseURI || url;
  // rel=next in the head: trusted on its URL alone (it is the page's own statement).
  for (const link of Array.from(doc.querySelectorAll('link[rel][href]'))) {
    if (!/(?:^|\s)next(?:\s|$)/i.test(link.getAttribute('rel') ?? '')) continue;
    const next = resolve(link.getAttribute('href'), base);
    if (!next || !isNextPart(here, next)) continue;
    // The same URL in the page's pager, under a list of headlines: a listing's next page.
    const inPager = Array.from(doc.querySelectorAll('a[href]')).find((a) => resolve(a.getAttribute('href'), base)?.href === next.href);
    if (!inPager || !underAList(inPager)) return clean(next);
  }
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    const next = resolve(a.getAttribute('href'), base);
    if (!next || !isNextPart(here, next)) continue;
    const label = (a.textContent ?? '').replace(/\s+/g, ' ').trim();
    const title = (a.getAttribute('title') ?? '').trim();
    if (NOT_A_PART.test(label) || NOT_A_PART.test(title)) continue;
    if (outsideArticle(a) || underAList(a)) continue;
    const rel = /(?:^|\s)next(?:\s|$)/i.test(a.getAttribute('rel') ?? '');
    const says = rel || NEXT_PAGE.test(label) || NEXT_PAGE.test(title);
    const numbered = label === String(partOf(next)?.n) || NEXT_ONLY.test(label);
    if (says || (numbered && besidePageNumbers(a))) return clean(next);
  }
  return null;
}

/**
 * Whether `next` is the part after `here` of the same article: same origin, the same article
 * identity once the part markers are taken off, and the following number.
 */
export function isNextPart(here: URL, next: URL): boolean {
  if (here.origin !== next.origin) return false;
  const a = partsOf(here);
  const b = partOf(next);
  if (!b) return false;
  return a.some((p) => p.article === b.article && b.n === p.n + 1);
}

/** Every way this URL can be part n of an article (an unmarked URL is part 1 of itself, in each scheme). */
function partsOf(u: URL): Part[] {
  const out: Part[] = [];
  const marked = partOf(u);
  if (marked) out.push(marked);
  const { dir, stem, ext } = splitPath(u.pathname);
  const query = queryWithout(u, null);
  // Part 1 carries no marker: the next part adds one to the name, the path or the query.
  out.push({ article: `${u.origin}${dir}${stem}${ext}|${query}|name`, n: 1 });
  out.push({ article: `${u.origin}${trimSlash(u.pathname)}|${query}|path`, n: 1 });
  out.push({ article: `${u.origin}${u.pathname}|${query}|query`, n: 1 });
  return out;
}

/** The part a URL names explicitly (a marker in the file name, a `/2` path step, a page parameter), or null. */
function partOf(u: URL): Part | null {
  for (const [key, value] of u.searchParams) {
    if (!PAGE_PARAM.test(key) || !/^\d{1,3}$/.test(value)) continue;
    const n = Number(value);
    if (n >= 1 && n <= MAX_PART) return { article: `${u.origin}${u.pathname}|${queryWithout(u, key)}|query`, n };
  }
  const { dir, stem, ext } = splitPath(u.pathname);
  for (const marker of MARKERS) {
    const m = new RegExp(`^(.+?)${marker}(\\d{1,2})$`, 'i').exec(stem);
    // A date in the name (2024-05-12) is not an article with parts.
    if (m && !/\d{4}[-_]\d{1,2}$/.test(m[1]!) && !/[-_]$/.test(m[1]!)) {
      const n = Number(m[2]);
      if (n >= 2 && n <= MAX_PART) return { article: `${u.origin}${dir}${m[1]}${ext}|${queryWithout(u, null)}|name`, n };
    }
  }
  const p = /^(.+?)\/(?:page\/)?(\d{1,2})\/?$/i.exec(u.pathname);
  if (p && p[1]!.length > 1) {
    const n = Number(p[2]);
    if (n >= 2 && n <= MAX_PART) return { article: `${u.origin}${trimSlash(p[1]!)}|${queryWithout(u, null)}|path`, n };
  }
  return null;
}

function splitPath(path: string): { dir: string; stem: string; ext: string } {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const file = path.slice(slash + 1);
  const dot = /\.[a-z0-9]{2,6}$/i.exec(file);
  return dot ? { dir, stem: file.slice(0, dot.index), ext: dot[0] } : { dir, stem: file, ext: '' };
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** The query string without `drop`, sorted (parameter order does not make another article). */
function queryWithout(u: URL, drop: string | null): string {
  return [...u.searchParams]
    .filter(([k]) => k !== drop)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

function resolve(href: string | null, base: string): URL | null {
  if (!href || /^(?:javascript|mailto|tel):/i.test(href.trim())) return null;
  try {
    const u = new URL(href.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function clean(u: URL): string {
  const c = new URL(u.href);
  c.hash = '';
  return c.href;
}

/** Names of comment and review sections, whose pagers page through comments, not the article. */
const COMMENTS = /comment|review|reply|disqus|отзыв|коммент|评论|留言|跟帖/i;

/**
 * The page's own header, footer or a sidebar (an article's own footer, inside it, is the
 * article's), or a comment section.
 */
function outsideArticle(a: Element): boolean {
  const box = a.closest('header, footer, aside, [role=banner], [role=contentinfo], [role=complementary]');
  if (box !== null && box.closest('article') === null) return true;
  for (let e: Element | null = a, i = 0; e && i < 5; e = e.parentElement, i++) {
    if (COMMENTS.test(`${e.id} ${e.getAttribute('class') ?? ''}`)) return true;
  }
  return false;
}

/**
 * The pager sits under a list of headlines — five or more links that head list items or
 * headings (not links inside the text's paragraphs): a listing's pages, not an article's.
 */
function underAList(a: Element): boolean {
  let block: Element = a;
  // The pager block: the link's ancestors as long as they add little text of their own (page numbers, "共3页").
  const size = (e: Element) => (e.textContent ?? '').replace(/\s+/g, '').length;
  while (block.parentElement && block.parentElement.tagName !== 'BODY' && size(block.parentElement) - size(block) < 40) block = block.parentElement;
  const headlines = new Set<string>();
  for (let s = block.previousElementSibling; s && headlines.size < 5; s = s.previousElementSibling) {
    for (const l of Array.from(s.querySelectorAll('li a[href], h2 a[href], h3 a[href], h4 a[href], dt a[href]'))) {
      if (size(l) >= 8 && !l.closest('p')) headlines.add(l.getAttribute('href')!);
    }
  }
  return headlines.size >= 5;
}

/** A pagination block: near the link, another element whose whole text is a page number ("1 [2] 3"). */
function besidePageNumbers(a: Element): boolean {
  let box: Element | null = a.parentElement;
  for (let i = 0; box && i < 3; i++, box = box.parentElement) {
    const numbers = Array.from(box.querySelectorAll('a, span, em, strong, b, li, font')).filter(
      (e) => e !== a && !e.contains(a) && /^\[?\d{1,2}\]?$/.test((e.textContent ?? '').trim()),
    );
    if (numbers.length > 0) return true;
    if ((box.textContent ?? '').length > 400) return false; // past the pagination block
  }
  return false;
}
