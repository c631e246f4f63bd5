import { jsonText, type JsonObject } from '../jsonld';
import { metaContent } from './dom';

/** Chinese, Japanese and Korean letters. */
export const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';

/**
 * Separators between a headline and the site or section names in <title>. Spaced ones anywhere;
 * unspaced dashes only next to Chinese text ("标题-新浪财经", "标题——中新网"), where titles are
 * written without spaces, and not before a digit ("1900万-2900万" is a range). An unspaced
 * dash between Latin words ("Update–Fall 2025", "Wi-Fi") belongs to the headline, and so does an
 * unspaced underscore between Latin letters or digits (a name: "rustc_codegen_gcc"). Guillemets
 * that quote ("Macron : « Nous allons reconstruire » - Le Monde") are the headline's; one
 * that quotes nothing separates ("Site » Post", "Post « Blog", the blog themes' way).
 */
export const SEPARATOR = new RegExp(
  `\\s+[|\\-–—_·•]\\s+|(?<!«[^«»]*)\\s+»\\s+|\\s+«\\s+(?![^«»]*»)|\\s*[|｜]\\s*|\\s*(?:(?<![\\p{Script=Latin}\\d])_|_(?![\\p{Script=Latin}\\d]))\\s*|\\s*(?:-{2,}|::)\\s*|(?<=[${CJK}》」』）)】])\\s*[-–—]+\\s*(?=[^\\d\\s])|\\s*[–—]+\\s*(?=[${CJK}《「『（【])`,
  'u',
);

/**
 * Marks that part a site's name from a headline but that headlines use too (French "Grève :
 * ce qui change", "Cats / dogs", "本題～副題～", "求助：…"): they cut a part only when it names
 * the site ("Article / Хабр", "記事：サイト名", "Headline : Le Site").
 */
export const SITE_ONLY_SEPARATOR = /\s+[:/~～‹]\s+|\s*[：～]\s*/u;

/** The separated parts of a title, trimmed, empty ones dropped. */
export function segments(title: string): string[] {
  return title
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
}

const WORD = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');

/** Length in words, each Chinese/Japanese/Korean character counting as one: "勾結醫師病患詐保險金" outweighs "Taiwan News Online". */
export function weight(s: string): number {
  return (s.match(WORD) ?? []).length;
}

/**
 * A part of a title that reads as a site's name by its form, whatever the site: a software
 * credit ("Powered by Discuz!") or a short Chinese name ending in a word for a site, paper,
 * blog, forum or channel ("手机晨光网", "晨光日报", "骑行论坛", "单机游戏吧"). Used only to choose
 * between the parts of <title>, where a headline of two or three characters would otherwise
 * lose to the longer name.
 */
export function siteShaped(part: string): boolean {
  const p = part.trim();
  return /^powered\s+by\s/i.test(p) || SITE_WORD_END.test(p);
}

const SITE_WORD_END = new RegExp(`^[${CJK}\\p{Script=Latin}\\d]{1,8}(?:网|網|报|報|新闻|新聞|博客|论坛|論壇|社区|社區|频道|頻道|在线|在線|吧|门户|門戶)$`, 'u');

/** Letters and digits only, case and width folded: "TheBestVPN.com" → "thebestvpncom". */
const compact = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Host labels that are not names: the www prefix and the usual top- and second-level domains. */
const NOT_A_NAME = /^(?:www\d*|m|com|net|org|gov|edu|ac|co|info|biz)$/;

/** Tells whether a part of a title names the site rather than the page; `loose` (default) also
 *  takes a host label with a few more letters, fit for a separated part of <title> but not for a heading. */
export type SiteTest = (part: string, loose?: boolean) => boolean;

/**
 * The site's names, from og:site_name / application-name / the JSON-LD publisher (and each of
 * their separated parts: "Studio | Modern Design") and from the host: a part that is the host
 * ("ntdtv.com") or that spells a label of it ("Wine Folly" on winefolly.com, "Taiwan News Online"
 * on taiwannews.com.tw) names the site.
 */
export function siteTest(doc: Document, article: JsonObject | null, siteName: string | null): SiteTest {
  const declared = [siteName, metaContent(doc, ['og:site_name', 'application-name']), jsonText(article?.publisher)].filter(
    (s): s is string => !!s,
  );
  const names = new Set([...declared, ...declared.flatMap(segments), ...homeLinkNames(doc), ...copyrightNames(doc)].map(compact).filter((n) => n.length >= 2));
  let host = '';
  try {
    host = new URL(doc.URL).hostname.toLowerCase().replace(/^www\d*\./, '');
  } catch {
    // No URL: names only.
  }
  const labels = host.split('.').slice(0, -1).filter((l) => l.length >= 4 && !NOT_A_NAME.test(l));
  return (part, loose = true) => {
    const c = compact(part);
    if (!c) return false;
    if (names.has(c) || labels.includes(c)) return true;
    if (!loose) return false;
    if (host.includes('.') && part.toLowerCase().includes(host)) return true;
    // The label and a few more letters: "Taiwan News Online", "TheBestVPN.com" (not "Signal #18").
    return labels.some((l) => (c.startsWith(l) && /^\p{L}{0,6}$/u.test(c.slice(l.length))) || (c.endsWith(l) && /^\p{L}{0,6}$/u.test(c.slice(0, -l.length))));
  };
}

/**
 * Whether a link points at the site's front page (path "/" or empty, no query) on the page's
 * host or on a domain above it: a channel's page (finance.news.example) links its logo to the
 * portal's front page (www.news.example).
 */
export function isHomeLink(a: Element, doc: Document): boolean {
  const href = a.getAttribute('href');
  if (href == null) return false;
  try {
    const u = new URL(href, doc.baseURI);
    const host = u.hostname.replace(/^www\d*\./, '');
    const pageHost = new URL(doc.URL).hostname.replace(/^www\d*\./, '');
    const sameSite = host === pageHost || (host.includes('.') && pageHost.endsWith(`.${host}`));
    return sameSite && /^\/?(?:index\.\w+)?$/.test(u.pathname) && !u.search;
  } catch {
    return false;
  }
}

/** What the page's links to its front page say (the logo's text or alt text): the site's name. */
function homeLinkNames(doc: Document): string[] {
  const out: string[] = [];
  for (const a of Array.from(doc.querySelectorAll('a[href]')).slice(0, 300)) {
    if (!isHomeLink(a, doc)) continue;
    const text = (a.textContent ?? '').replace(/\s+/g, ' ').trim() || (a.querySelector('img[alt]')?.getAttribute('alt') ?? '').trim();
    if (text && weight(text) <= 6) out.push(text);
    if (out.length >= 5) break;
  }
  return out;
}

/**
 * The names the page's copyright notice gives ("© 2025 The Valley Herald. All rights reserved.",
 * "저작권자 © 예시일보 무단전재 금지", "版权所有：晨光网"): the site's owner, which titles often carry as
 * the site's name. Where the notice runs on after the name, its first words are taken too.
 */
function copyrightNames(doc: Document): string[] {
  const out: string[] = [];
  for (const text of noticeTexts(doc.body)) {
    for (const m of text.matchAll(COPYRIGHT)) {
      const words = (m[1] ?? m[2] ?? '').trim().split(/\s+/).slice(0, 6);
      for (let n = 1; n <= words.length; n++) out.push(words.slice(0, n).join(' '));
    }
    if (out.length >= 12) break;
  }
  return out;
}

/**
 * Text nodes that carry a copyright mark, last ones first (the footer's). The notice sits at the
 * page's end, so the walk runs backwards and reads at most the last 400 text nodes: a long page
 * costs no more than its footer.
 */
function noticeTexts(root: Node | null): string[] {
  const out: string[] = [];
  let budget = 400;
  const walk = (n: Node): void => {
    for (let c = n.lastChild; c && out.length < 6 && budget > 0; c = c.previousSibling) {
      if (c.nodeType === 3) {
        budget--;
        const text = c.textContent ?? '';
        if (COPYRIGHT_MARK.test(text)) out.push(text);
      } else if (c.nodeType === 1 && !SKIPPED.has((c as Element).tagName.toUpperCase())) walk(c);
    }
  };
  if (root) walk(root);
  return out;
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG']);

const COPYRIGHT_MARK = /©|\(c\)|copyright|版权所有|版權所有/i;

/** A name after "©"/"Copyright" (and a year or span of years), or before "版权所有", up to the end of its phrase. */
const COPYRIGHT =
  /(?:©|\(c\)|copyright|版权所有|版權所有)(?:[\s:：©]|\(c\))*(?:\d{4}(?:\s*[-–~]\s*\d{4})?[\s,]*)?(?:by\s+)?([^\s©.,|·:：\d][^©.,|·:：]{1,60}?)\s*(?=[.,|·]|all rights|版权所有|版權所有|$)|([^\s©.,|·:：][^©.,|·:：]{1,40}?)\s*(?:版权所有|版權所有)/giu;
