import { follows } from '../../dom-order';
import { headlineHeading, inCommentList, readsAsHeadline, teaserCard, textOf } from './dom';
import { inReplies, nickname } from './poster';
import { parseDateText } from './date-text';

/**
 * A user's nickname linked to their own page, as blog platforms, columns and note sites credit
 * the writer: "<a class="note-author" href="/people/xiaoming/">小明</a>" under the headline,
 * "posted @ 2026-01-12 08:20 <a href="/xiaoming">小明同学</a>" under the text. Such names are
 * nicknames, not the surname-first personal names the byline rules take from an unlabelled slot:
 * the link to the user's page is what makes them the writer.
 */

/** Path segments that lead to one user's page: /u/abc, /people/xiaoming, /space/7, /member/9, /profile?id=7. */
const USER_SEGMENT = /^(?:u|user|users|people|member|members|space|home|homepage|profile|profiles|author|authors|blogger|column)$/i;
/** The query string of a forum user's page: "home.php?mod=space&uid=7" (a bare "uid=" also sends feedback forms their channel). */
const USER_QUERY = /(?:^|[?&])(?:mod=space|mode=viewprofile)(?:&|$)/i;
/** Elements the page marks as its writer's (class or id "author", "nickname", "username"; itemprop author). */
const WRITER_MARK = '[class*="author" i], [id*="author" i], [class*="nickname" i], [class*="username" i], [class*="user-name" i], [class*="user_name" i], [itemprop="author"]';

interface Target {
  url: URL;
  page: URL;
}

/** Where a link leads, when it leads to another page of the same site. */
function target(a: Element): Target | null {
  const href = a.getAttribute('href') ?? '';
  if (!href || /^(?:#|javascript:|mailto:)/i.test(href)) return null;
  try {
    const page = new URL(a.ownerDocument.URL);
    const url = new URL(href, page);
    if (siteOf(url.hostname) !== siteOf(page.hostname)) return null;
    if (url.pathname === page.pathname && url.search === page.search) return null;
    return { url, page };
  } catch {
    return null;
  }
}

/** The last two labels of a host name: a user's page may sit on another host of the same site. */
const siteOf = (host: string): string => host.toLowerCase().split('.').slice(-2).join('.');

/**
 * A link to a user's page: a user path or query, or the page's own first path segment (a blog's
 * home: /xiaoming for /xiaoming/p/1); `homeOnly`: the blog's home alone.
 */
function toUserPage(t: Target, homeOnly: boolean): boolean {
  const segs = t.url.pathname.split('/').filter(Boolean);
  // The last segment names the user unless a query does ("/profile?xpt=abc").
  const named = t.url.search.length > 1 ? segs : segs.slice(0, -1);
  if (!homeOnly && (USER_QUERY.test(t.url.search) || named.some((s) => USER_SEGMENT.test(s)))) return true;
  const own = t.page.pathname.split('/').filter(Boolean);
  return segs.length === 1 && own.length >= 2 && segs[0] === own[0];
}

/** A label before a link that files the page under it ("分类：旅行", "标签：丽江"): the link names a category, not a user. */
const FILED_UNDER = /(?:分类|分類|类别|類別|栏目|欄目|标签|標籤|标记|Tags?|Categor(?:y|ies)|Filed under)\s*[：:]?\s*$/iu;

/** The nickname of a link to another page of the site, the link's whole text. */
function linkName(a: Element, to: 'any' | 'user' | 'home'): string | null {
  if (inReplies(a) || FILED_UNDER.test(textBefore(a))) return null;
  const t = target(a);
  if (!t || (to !== 'any' && !toUserPage(t, to === 'home'))) return null;
  return nickname(textOf(a));
}

/**
 * The nickname in an element the page marks as its writer's, when that element is a link to
 * another page of the site or holds one link that is all its text.
 */
export function markedProfileName(doc: Document): string | null {
  for (const el of Array.from(doc.querySelectorAll(WRITER_MARK)).slice(0, 30)) {
    // A commenter's name, or the writer of a card teasing another note beside its title, is not
    // this page's (only the name's own box: a short page's body also holds other cards).
    if (inCommentList(el) || teaserCard(el, 1)) continue;
    const n = profileNameIn(el);
    if (n) return n;
  }
  return null;
}

/** The nickname of one element marked as the writer's (see markedProfileName). */
export function profileNameIn(el: Element): string | null {
  if (el.tagName === 'META') return null;
  const links = (el.tagName === 'A' ? [el] : Array.from(el.querySelectorAll('a[href]'))).filter((l) => textOf(l));
  if (links.length !== 1 || textOf(links[0]) !== textOf(el)) return null;
  return linkName(links[0]!, 'any');
}

/** A label naming the writer or the thread's starter right before their name. */
const WRITER_LABEL = /(?:作者|楼主|樓主|发帖人|發帖人|博主|提问者|提問者|来自|來自)\s*[：:]\s*$/u;
/** Of those, the labels that only ever name a person ("来自：" may name the source site). */
const PERSON_LABEL = /(?:作者|楼主|樓主|发帖人|發帖人|博主|提问者|提問者)\s*[：:]\s*$/u;

/** The text of the node right before an element (its previous sibling), up to 12 characters. */
function textBefore(el: Element): string {
  const before = el.previousSibling;
  const text = before?.nodeType === 3 ? (before.textContent ?? '') : before?.nodeType === 1 ? textOf(before as Element) : '';
  return text.trimEnd().slice(-12);
}

/**
 * A link to a user's page right after a writer's label: "作者：<a href="/user/7">湖边的风</a>";
 * after a label that only names a person, a link to any other page of the site
 * ("作者：<a href="/name/湖边的风">…</a>"): the link, with its nickname.
 */
export function labelledProfile(doc: Document): { name: string; link: Element } | null {
  return linkAfterLabel(doc, WRITER_LABEL, (label) => (PERSON_LABEL.test(label) ? 'any' : 'user'));
}

/** A source's label right before its name ("来源: "). */
const SOURCE_LABEL = /(?:来源|來源)\s*[：:]\s*$/u;

/**
 * The account a self-media page names as its source, a link to the user's page on the site:
 * "来源: <a href="/profile?xpt=abc">邹文远</a>" (an account on a portal's publishing platform).
 * An outlet named as the source links to its own site, not to a user's page.
 */
export function sourceAccount(doc: Document): string | null {
  return linkAfterLabel(doc, SOURCE_LABEL, () => 'user')?.name ?? null;
}

/** The first link right after a label (`label` tests the text before it) with a nickname, led where `to` asks for that label. */
function linkAfterLabel(doc: Document, label: RegExp, to: (label: string) => 'any' | 'user'): { name: string; link: Element } | null {
  for (const a of Array.from(doc.querySelectorAll('a[href]')).slice(0, 3000)) {
    const before = textBefore(a);
    if (!label.test(before)) continue;
    const n = linkName(a, to(before));
    if (n) return { name: n, link: a };
  }
  return null;
}

/**
 * A forum post's credit, "by <strong><a href="memberlist.php?mode=viewprofile&u=4412">roofdog77</a></strong>
 * » Sun Jun 10, 2012": the user linked right after "by", a login a byline's name test refuses.
 */
export function userAfterBy(el: Element): string | null {
  for (const a of Array.from(el.querySelectorAll('a[href]')).slice(0, 5)) {
    const parent = a.parentElement;
    const wrapped = parent && parent !== el && textOf(parent) === textOf(a) ? parent : a;
    if (!/(?:^|\s)by$/i.test(textBefore(wrapped))) continue;
    const n = linkName(a, 'user');
    if (n) return n;
  }
  return null;
}

/** Links read after the headline for the writer's. */
const AFTER_HEADLINE_LINKS = 15;
/** A paragraph this long is the text: the header with its byline has ended. */
const TEXT_CHARS = 60;

/**
 * The nickname of a link to a user's page in the header under the headline (between the <h1>
 * and the first paragraph of text): "<h1>…</h1><a href="/u/1a2b">小明同学</a> 2026.01.12 08:20".
 */
export function profileUnderHeadline(doc: Document): string | null {
  const h1 = headlineHeading(doc);
  if (!h1) return null;
  const after = (a: Element, b: Element) => follows(a, b) && !a.contains(b);
  // The text starts at a paragraph, or at a box of text set with <br>s (a forum post's).
  const text = Array.from(doc.querySelectorAll('p, div, td')).find((e) => (e.tagName === 'P' ? textOf(e).length : ownTextLength(e)) >= TEXT_CHARS && after(h1, e));
  const links = Array.from(doc.querySelectorAll('a[href]')).filter((a) => after(h1, a) && (!text || after(a, text)));
  for (const a of links.slice(0, AFTER_HEADLINE_LINKS)) {
    const n = linkName(a, 'user');
    if (n) return n;
  }
  return null;
}

/** Characters of an element's own text nodes (not its children's). */
function ownTextLength(el: Element): number {
  let n = 0;
  for (const c of Array.from(el.childNodes)) if (c.nodeType === 3) n += (c.textContent ?? '').trim().length;
  return n;
}

/** A post's info bar is this short. */
const BAR_CHARS = 120;

/**
 * The blog owner linked in a post's info bar beside its date ("posted @ 2026-01-12 08:20
 * 小明同学 阅读(120) 评论(3)"): a link to the blog's home, the page's first path segment.
 */
export function ownerInDateBar(doc: Document): string | null {
  for (const a of Array.from(doc.querySelectorAll('a[href]')).slice(0, 3000)) {
    const bar = a.parentElement;
    if (!bar) continue;
    const line = textOf(bar);
    // A list of other posts pairs their linked titles with dates.
    if (line.length > BAR_CHARS || readsAsHeadline(textOf(a)) || !parseDateText(line, new Date(0))) continue;
    const n = linkName(a, 'home');
    if (n) return n;
  }
  return null;
}

/** An element the page names as a user's nickname (id or class "ownernick", "nick-name", "user_nick"). */
const NICK_MARK = '[id*="nick" i], [class*="nick" i]';

/**
 * The nickname a blog page shows as its owner's in an element named for it, linked or not
 * ("<strong id="ownernick">林间清风</strong>" in the profile box): the blogger, where the <title>
 * may give the blog's own name instead. Comment and reply boxes hold their users' nicknames;
 * read only on a page whose <title> says it is a blog.
 */
export function markedNickname(doc: Document): string | null {
  for (const el of Array.from(doc.querySelectorAll(NICK_MARK)).slice(0, 10)) {
    if (inReplies(el) || /^(?:INPUT|TEXTAREA|LABEL|META|SCRIPT)$/.test(el.tagName)) continue;
    // A sentence ("修改昵称 跟帖昵称修改后…", a settings dialog) is no nickname.
    const n = nickname(textOf(el));
    if (n && !/[，。！？、,.!?]|昵称|暱稱/u.test(n)) return n;
  }
  return null;
}
