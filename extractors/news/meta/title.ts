import { collapseSpace } from '../../text/normalize';
import { jsonText, type JsonObject } from '../jsonld';
import { metaContent, textOf } from './dom';
import { toBlocks } from '../content/blocks';
import { CJK, SEPARATOR, SITE_ONLY_SEPARATOR, isHomeLink, segments, siteShaped, siteTest, weight, type SiteTest } from './title-site';

/** Removes a site-name suffix/prefix: keeps the longest part of a separated <title> that does not name the site. */
export function stripSiteName(title: string, siteName?: string | null, isSite?: SiteTest): string {
  const t = collapseSpace(title);
  const mark = isSite ? siteSeparator(t, isSite) : null;
  const parts = segments(t).flatMap((p) => splitAt(p, mark, isSite));
  if (parts.length < 2) return t;
  const site = siteName?.toLowerCase();
  const named = parts.filter((p) => (!site || p.toLowerCase() !== site) && !isSite?.(p));
  // A part shaped like a site's name ("手机晨光网", "Powered by …") loses to any other, even a shorter headline.
  const kept = named.some((p) => !siteShaped(p)) ? named.filter((p) => !siteShaped(p)) : named;
  const main = kept.reduce((a, b) => (weight(b) > weight(a) ? b : a), '') || t;
  // A forum's or channel's name in brackets after the headline ("标题【单机游戏吧】").
  return main.replace(BRACKETED_END, (tag, name: string) => (siteShaped(name) ? '' : tag)).trim();
}

/** A bracketed name at the end of a title part. */
const BRACKETED_END = /【([^【】]{2,12})】$/u;

/** SITE_ONLY_SEPARATOR, every match (matchAll copies it, so it is shared safely). */
const SITE_ONLY_ALL = new RegExp(SITE_ONLY_SEPARATOR.source, 'gu');

/**
 * The mark of SITE_ONLY_SEPARATOR that sets the site's name apart at the start or end of a title
 * ("Post / Section / Forum Name"): the site writes its titles with it, so it parts the other
 * names there too. Null when none does.
 */
function siteSeparator(title: string, isSite: SiteTest): string | null {
  for (const m of title.matchAll(SITE_ONLY_ALL)) {
    const end = m.index + m[0].length;
    // A site's name before a colon may name a series the headline belongs to (see dropSite).
    if (isSite(title.slice(end)) || (!/[:：]/.test(m[0]) && isSite(title.slice(0, m.index)))) return m[0].trim();
  }
  return null;
}

/**
 * `text` cut at each SITE_ONLY_SEPARATOR whose mark is `mark`. A colon is the headline's own
 * mark as often as the site's ("Grève : ce qui change lundi : Le Journal"): it cuts only next to
 * the part that names the site.
 */
function splitAt(text: string, mark: string | null, isSite?: SiteTest): string[] {
  if (!mark) return [text];
  const out: string[] = [];
  const marks: string[] = [];
  let from = 0;
  for (const m of text.matchAll(SITE_ONLY_ALL)) {
    if (m[0].trim() !== mark) continue;
    out.push(text.slice(from, m.index).trim());
    marks.push(m[0]);
    from = m.index + m[0].length;
  }
  out.push(text.slice(from).trim());
  if (/[:：]/.test(mark) && isSite) {
    // Rejoin the pieces between the site's: they are one headline.
    for (let i = out.length - 1; i > 0; i--) {
      if (!isSite(out[i]!) && !isSite(out[i - 1]!)) {
        out.splice(i - 1, 2, `${out[i - 1]}${marks[i - 1]}${out[i]}`);
        marks.splice(i - 1, 1);
      }
    }
  }
  return out.filter(Boolean);
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase();
/** Letters and digits only: the same words however they are spaced and punctuated. */
const compact = (s: string): string => fold(s).replace(/[^\p{L}\p{N}]/gu, '');

/** Words of a text; in Chinese/Japanese/Korean runs each pair of adjacent characters counts as one
 *  (single characters match almost any two headlines). */
function words(s: string): string[] {
  const out: string[] = [];
  for (const w of fold(s).match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu) ?? []) {
    if (!/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w) || w.length < 2) out.push(w);
    else for (let i = 0; i + 1 < w.length; i++) out.push(w.slice(i, i + 2));
  }
  return out;
}

/** Share of the heading's words that a reference title also has. */
function containedIn(heading: string, ref: string): number {
  const h = words(heading);
  if (!h.length) return 0;
  const r = new Set(words(ref));
  return h.filter((w) => r.has(w)).length / h.length;
}

/**
 * The headline. The visible <h1> is the article's own headline, while og:title and JSON-LD are
 * often written for sharing (reworded, or copied from another page of the site) and <title>
 * carries the site and section names. So the <h1> that agrees with <title>/og:title/JSON-LD
 * wins; a heading that is only the site or channel name (or the logo linking home) does not.
 * Without one, og:title / JSON-LD headline, else <title> without its site name. The site's
 * names come from og:site_name, the JSON-LD publisher, the front-page links and the host
 * (title-site.ts).
 */
export function findTitle(doc: Document, article: JsonObject | null, siteName: string | null): string | null {
  const t = titleOf(doc, article, siteName);
  return t ? pipeHead(t) : t;
}

/**
 * A headline of three words or more before " | " is the headline; what follows is a section,
 * site or teaser name, even when the page's <h1> or og:title carries it ("… | Opinion"). A
 * single phrase of MIN_SUBTITLE words or more after it is a subtitle, part of the headline
 * ("Ten Cameras of 2025 | The Best Mirrorless Cameras on the Market"): section and site names are short.
 */
function pipeHead(title: string): string {
  const [head, ...rest] = title.split(/\s+\|\s+/);
  if (!rest.length || head!.split(' ').length < 3) return title;
  return rest.length === 1 && weight(rest[0]!) >= MIN_SUBTITLE ? title : head!;
}

/** Words of the shortest subtitle after " | " (a section or site name has fewer). */
const MIN_SUBTITLE = 5;

function titleOf(doc: Document, article: JsonObject | null, siteName: string | null): string | null {
  const isSite = siteTest(doc, article, siteName);
  const docTitle = collapseSpace(doc.title ?? '');
  // A share title that only names the site (the site's default one, "Site | Slogan") names no page.
  const fuller = [...headings(doc), ...segments(docTitle)];
  const shared = [metaContent(doc, ['og:title', 'twitter:title']), jsonText(article?.headline ?? article?.name)]
    .filter((c): c is string => !!c && c.length >= 2 && !segments(c).every((p) => isSite(p)))
    .map((c) => untruncated(c, fuller));
  // og:title that <title> repeats before its site/section tail is the headline the site chose,
  // even when the <h1> words it differently; unless the JSON-LD headline is that <h1> word for
  // word (two sources against two: the one shown wins).
  const og = metaContent(doc, ['og:title']);
  const ogTitle = og ? collapseSpace(og) : '';
  const ldHeadline = jsonText(article?.headline);
  const shownAndLd = !!ldHeadline && fold(ldHeadline) !== fold(ogTitle) && headings(doc).some((h) => fold(h) === fold(collapseSpace(ldHeadline)));
  // An <h1> that says all of og:title and more ("Best Tutors in 2025, Reviewed by a Student")
  // is the full headline that og:title shortens.
  const ogHead = compact(dropSite(ogTitle, isSite, docTitle));
  const shownFuller = !!ogHead && headings(doc).some((h) => compact(h).length > ogHead.length && compact(h).startsWith(ogHead));
  if (ogTitle.length >= 2 && !shownAndLd && !shownFuller && docTitle.length > ogTitle.length && fold(docTitle).startsWith(fold(ogTitle)) && /^\s*[|\-–—_·»:•]\s/.test(docTitle.slice(ogTitle.length))) {
    return shownUnlabelled(dropSite(ogTitle, isSite, docTitle), headings(doc));
  }
  const refs = [...shared, docTitle].filter(Boolean);
  const h1 = bestHeading(doc, refs, docTitle, isSite);
  if (h1) return dropSite(withoutLabel(sameInCase(h1, refs), refs), isSite, docTitle);
  for (const c of shared.map((s) => withoutLabel(s, refs))) {
    // Some sites copy the whole <title> (with section and site names) into og:title, or all of it
    // but the site name.
    if (c === docTitle || dropSite(c, isSite, docTitle) === dropSite(docTitle, isSite, docTitle)) return stripSiteName(dropSite(c, isSite, docTitle), null, isSite);
    // A share title that adds a teaser to a part of <title> ("Headline - The first lines…"
    // against "Site - Headline"): the part both carry.
    const common = commonPart(c, docTitle);
    if (common) return common;
    // Share titles may contain " - " legitimately: only a part equal to the site name goes.
    return dropSite(c, isSite, docTitle);
  }
  if (docTitle) return stripSiteName(docTitle, null, isSite);
  return headings(doc)[0] ?? null;
}

/**
 * A share title cut short with an ellipsis ("Ten ways to cut your heating…"): the heading or
 * <title> part that starts with its words, when there is one.
 */
function untruncated(title: string, fuller: string[]): string {
  const m = /^(.*\S)\s*(?:…|\.{3})$/u.exec(title);
  if (!m) return title;
  const stem = fold(m[1]!);
  return fuller.find((f) => f.length > stem.length + 1 && fold(f).startsWith(stem)) ?? title;
}

/** The main (heaviest) part of `b` when `a` carries it among other parts: not a section name both share ("… | Opinion"). */
function commonPart(a: string, b: string): string | null {
  const pa = segments(a);
  const pb = segments(b);
  if (pa.length < 2 || pb.length < 2) return null;
  const main = fold(pb.reduce((x, y) => (weight(y) > weight(x) ? y : x)));
  return pa.find((p) => fold(p) === main) ?? null;
}

/**
 * A short label the <h1> puts before the headline ("Blog: …", "Review | …", "中時醫療網:…"): a
 * section or the site's name, dropped when another title of the page carries the rest alone and
 * none carries the label with it.
 */
function withoutLabel(h: string, refs: string[]): string {
  const m = /^(\S.{0,40}?)\s*[:：|｜]\s*(\S.*)$/u.exec(h);
  if (!m || weight(m[1]!) > MAX_LABEL || weight(m[1]!) >= weight(m[2]!)) return h;
  const rest = fold(m[2]!);
  const whole = compact(h);
  const others = refs.filter((r) => r !== h);
  // The rest is what another title is, or its main part (not a site name after its headline).
  const alone = others.some((r) => fold(r) === rest || fold(mainPart(r)) === rest);
  return alone && !others.some((r) => compact(r).includes(whole)) ? m[2]! : h;
}

/**
 * A share title that puts a section's label before the headline the page shows ("Opinion | We
 * built our cities…" over an <h1> without it): the headline as shown.
 */
function shownUnlabelled(t: string, shown: string[]): string {
  const m = /^(\S.{0,40}?)\s*[:：|｜]\s*(\S.*)$/u.exec(t);
  if (!m || weight(m[1]!) > MAX_LABEL || weight(m[1]!) >= weight(m[2]!)) return t;
  return shown.find((h) => fold(h) === fold(m[2]!)) ?? t;
}

/** The heaviest separated part of a title: its headline, as opposed to site and section names. */
function mainPart(title: string): string {
  return segments(title).reduce((a, b) => (weight(b) > weight(a) ? b : a), '');
}

/** Words (or Chinese characters) a label before a headline may have. */
const MAX_LABEL = 6;

/** A heading in capitals (set so by the site's style sheet or typed so) as a title writes it, when one does. */
function sameInCase(h: string, refs: string[]): string {
  if (h !== h.toUpperCase() || !/\p{Lu}{2}/u.test(h)) return h;
  return refs.flatMap((r) => [r, ...segments(r)]).find((r) => r !== h && fold(r) === fold(h)) ?? h;
}

const CJK_ONLY = new RegExp(`^[${CJK}]+$`, 'u');

function headings(doc: Document): string[] {
  return Array.from(doc.querySelectorAll('h1'))
    .slice(0, 10)
    // The site's logo set as an <h1>: its text is all a link to the front page.
    .filter((h) => !Array.from(h.querySelectorAll('a')).some((a) => isHomeLink(a, doc) && textOf(a) === textOf(h)) && !(h.closest('a') && isHomeLink(h.closest('a')!, doc)))
    .map((h) => headline(headingText(h)))
    // Two Chinese/Japanese/Korean characters make a headline ("求助", a forum post's); two Latin letters do not.
    .filter((t) => (t.length > 3 || (t.length >= 2 && CJK_ONLY.test(t))) && t.length < 300);
}

/**
 * A heading's text as the page shows it: a line break or block inside it is a space
 * ("WEEKEND<br>CODING AGENT"), hidden parts and scripts are not text, and soft hyphens and
 * word joiners (invisible hints where a line may or may not break) go, and so does a permalink mark.
 */
function headingText(h: Element): string {
  const kicker = leadingKicker(h);
  if (kicker) {
    const copy = h.cloneNode(true) as Element;
    copy.firstElementChild!.remove();
    return headingText(copy);
  }
  return collapseSpace(
    toBlocks(h)
      .map((b) => b.text)
      .join(' ')
      .replace(/[\u00AD\u2060]/g, ''),
  ).replace(PERMALINK_MARK, '');
}

/**
 * A kicker or prefix label set first inside the heading ("<span class="headline__kicker">Transit</span>
 * City council approves…", a forum's "<span class="label">News</span>"): a section's or thread
 * type's word or two, not the headline's. Drupal's "field--label-hidden" wraps the whole title.
 */
function leadingKicker(h: Element): boolean {
  const first = h.firstElementChild;
  if (!first || (h.firstChild !== first && (h.firstChild?.textContent ?? '').trim())) return false;
  if (!(first.getAttribute('class') ?? '').split(/\s+/).some((c) => KICKER_CLASS.test(c))) return false;
  const own = textOf(first);
  return own.length > 0 && own.split(/\s+/).length <= 4 && textOf(h).length - own.length >= 12;
}

const KICKER_CLASS = /^(?:[\w-]+?(?:__|-))?(?:kicker|eyebrow|overline)(?:$|[-_])|^label(?:$|--)/i;

/** The mark of a link to the heading itself that documentation tools set after it ("Title¶"). */
const PERMALINK_MARK = /\s*[¶§🔗]$/u;

/** A heading without the breadcrumb before it ("Site 〉 Channel 〉 Headline") or a column tag ("【记者即时播报】"; a year, "[2025]", stays). */
function headline(h: string): string {
  const crumbs = h.split(/\s*[〉›»]\s*|\s+>\s+/).filter(Boolean);
  const last = crumbs.length > 1 ? crumbs[crumbs.length - 1]! : h;
  return last.replace(COLUMN_TAG, '').replace(HEADING_DATE_END, '').replace(HEADING_DATE_START, '');
}

/** A column or category tag before a heading's words (four of them, or two Chinese characters: "[求购] 求助"). */
const COLUMN_TAG = new RegExp(`^(?:【\\S{1,12}?】|\\[(?!\\d+\\])\\S{1,12}?\\])\\s*(?=\\S{4}|[${CJK}]{2})`, 'u');

const MONTH_DATE = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?,?\\s+\\d{4}';
/** A post date (and byline) that a theme prints inside the <h1>: "… Posted on July 1, 2024 by infuy", "Dec 18 2025 Title". */
const HEADING_DATE_END = new RegExp(`\\s+(?:(?:posted|published|updated)(?:\\s+on)?\\s+)?(?:${MONTH_DATE})(?:\\s+by\\s+[\\p{L}\\d .'-]{1,40})?$`, 'iu');
const HEADING_DATE_START = new RegExp(`^(?:${MONTH_DATE})\\s+(?=\\S+\\s+\\S+)`, 'iu');

/** The first <h1> most of whose words the page's titles share, skipping site-name headings. */
/** Share of a <title> part's words that a heading must carry to be its headline. */
const COVER = 0.3;
function bestHeading(doc: Document, refs: string[], docTitle: string, isSite: SiteTest): string | null {
  const hs = headings(doc);
  if (!hs.length) return null;
  // The short, separated parts of <title> (site and section names) and og:site_name.
  // Site and section names: og:site_name and the parts of <title> after the first, except the
  // longest (the headline usually comes first, but a section name can be longer than it).
  const parts = docTitle.split(SEPARATOR).map((p) => fold(p.trim())).filter(Boolean);
  const main = parts.reduce((a, b) => (weight(b) > weight(a) ? b : a), '');
  const siteLike = new Set(parts.slice(1).filter((p) => p !== main));
  let best: string | null = null;
  let bestScore = 0;
  for (const h of hs) {
    if (siteLike.has(fold(h)) || isSite(h, false) || namesSidePart(h, parts, siteLike)) continue;
    // Most of the heading's words in a title, and the heading not a mere fragment of it (a menu
    // or channel heading: "Planning", "Supporting GAAP compliance").
    const score = Math.max(0, ...refs.map((r) => (Math.max(...segments(r).map((p) => containedIn(p, h))) >= COVER ? containedIn(h, r) : 0)));
    if (score > bestScore) [best, bestScore] = [h, score];
  }
  return bestScore >= 0.5 ? best : null;
}

const ANY_SEPARATOR = new RegExp(`${SEPARATOR.source}|${SITE_ONLY_SEPARATOR.source}`, 'gu');

/**
 * Whether the <title> part closest to the heading is a site or section name after the headline
 * (a blog's name in its <h1>, "Name的博客" against "entry_Name_…博客"): the heading is the site's.
 */
function namesSidePart(h: string, parts: string[], side: Set<string>): boolean {
  const share = (p: string) => containedIn(h, p);
  const closest = parts.reduce((a, b) => (share(b) > share(a) ? b : a), parts[0] ?? '');
  return side.has(closest) && share(closest) > share(parts[0] ?? '');
}

/** The title without the parts at its start or end that name the site ("Headline | Site", "Site: Headline"); the rest as written. */
function dropSite(title: string, isSite: SiteTest, docTitle: string): string {
  let t = collapseSpace(title);
  for (;;) {
    const seps = [...t.matchAll(ANY_SEPARATOR)];
    const first = seps[0];
    const last = seps[seps.length - 1];
    if (last && isSite(t.slice(last.index! + last[0].length)) && last.index! > 0) t = t.slice(0, last.index).trim();
    // A colon after the site's name at the start is read below.
    else if (first && !/[:：]/.test(first[0]) && isSite(t.slice(0, first.index)) && first.index! + first[0].length < t.length) t = t.slice(first.index! + first[0].length).trim();
    else break;
  }
  // "Site: Headline": a colon after the site's name, unspaced on its left; unless <title> starts
  // so too, where the name belongs to the headline (a newsletter's or series' name).
  const colon = /^([^:：]{2,40})[:：]\s*(?=\S)/u.exec(t);
  if (colon && isSite(colon[1]!) && !fold(docTitle).startsWith(fold(colon[1]!))) t = t.slice(colon[0].length);
  return t;
}
