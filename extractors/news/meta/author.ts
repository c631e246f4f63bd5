import { collapseSpace } from '../../text/normalize';
import { follows } from '../../dom-order';
import { jsonText, readJsonLd, typesOf, type JsonObject } from '../jsonld';
import { headlineHeading, inCommentList, inLinkedHeadline, linkedChars, metaContent, teaserCard, textOf } from './dom';
import { siteOwner } from './site-owner';
import { bloggerFromTitle, forumPoster, inReplies, nickname, starterLabel } from './poster';
import { labelledProfile, markedNickname, markedProfileName, ownerInDateBar, profileNameIn, profileUnderHeadline, sourceAccount, userAfterBy } from './profile-link';
import { byCredit, creditNames, infoBarName, datelineCredit, findEditor, findSource, lineCredit, ORG_SUFFIX, pageLines, personalName, signatureCredit, spacedText, surnamed } from './byline-text';


const HAN_TEXT = /\p{Script=Han}/u;
/** schema.org types of an author that is an organisation (the source, not a writer). */
const ORG_TYPE = /Organization$|^(?:Corporation|NGO|GovernmentOrganization|NewsMediaOrganization|WebSite|Brand)$/;

export function cleanAuthor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let a = collapseSpace(decodeEntities(raw))
    // A name field whose first part was empty (", USA TODAY") starts with its separator.
    .replace(/^[\s,;|·•:–—-]+/, '')
    // A card's social handle run into the name ("Jonah Weiss@jonahweiss"); an e-mail address stays.
    .replace(/(?<=\p{L})\s*@[A-Za-z0-9_]{2,30}(?![\w.@])/gu, '')
    // A role label before the name: a Latin one ends the word or runs into a capital ("ByJane
    // Doe"); "Byron Lee" keeps its "By".
    .replace(/^(?:(?:[Bb]y|BY|(?:[Ww]ritten|[Pp]osted) [Bb]y|(?:WRITTEN|POSTED) BY|[Aa]bout [Tt]he [Aa]uthor|[Tt]he [Aa]uthor|[Aa]uthors?|AUTHORS?)(?!\p{Ll})|作者|文(?=\s*[：:/／]|\s)|记者|記者)\s*[：:/／]?\s*/u, '')
    .replace(/\s*[|,]\s*(staff writer|reporter|correspondent|contributor)\b.*$/i, '')
    .trim();
  // A script's empty value printed as text ("undefined", "null") is no one's name.
  if (/^(?:undefined|null|none|n\/a)$/i.test(a)) return null;
  // A URL or a CMS's default account is no one's name.
  if (/^https?:\/\//i.test(a) || /^(?:\S+\s+)?(?:admin|administrator|webmaster|root|guest|user|superuser)$/i.test(a)) return null;
  // The heading of an author box ("The Author", "About the author") names no one.
  if (/^(?:the\s+|about\s+(?:the\s+)?)?(?:authors?|writers?)$/i.test(a)) return null;
  a = a
    .replace(/[\s,;|·•]+$/u, '')
    // The same text twice (a name in a card and again in its pop-up).
    .replace(/^(.{2,60}?)\s+\1$/u, '$1')
    // An avatar's initials before the name ("CM Craig McCarthy").
    .replace(/^(\p{Lu}{1,3})\s+(?=(\p{Lu}\S*(?:\s+\p{Lu}\S*){0,3}))/u, (m, ini: string, rest: string) => (rest.split(/\s+/).map((w) => w[0]).join('').startsWith(ini) ? '' : m));
  // A byline card's next parts run into the name: its reading time ("Brian Becker7 min read"),
  // a role label ("Rachel MacDonald Writer", "Ann Lee| Author") or a job title glued on
  // ("Harry RabinowitzTech Reporter", "Liz Kenny Former Analyst at Example").
  if (!HAN_TEXT.test(a)) {
    const cut = a
      .replace(/\s*[|·•–—-]?\s*\d+\s*min(?:ute)?s?\.?\s+read\b.*$/i, '')
      // Glued on first ("Harry RabinowitzTech Reporter"), then set apart.
      .replace(/(?<=\p{Ll}{3})(?:(?:Tech|Senior|Staff|Head|Lead|Chief|Former|Contributing|Managing|Executive|Deputy|Associate)\s+\p{Lu}|(?:Reporter|Writer|Editor|Correspondent|Columnist|Contributor|Author)\b).*$/u, '')
      .replace(/\s+Former\s+\p{Lu}.*$/u, '')
      // A role after the name ("Rachel MacDonald Writer", "Jane Doe Senior Reporter"); only after a
      // person's name: "Example Blog Contributor" is the byline a brand signs with.
      .replace(/\s*[|·•,–—-]?\s*\b(?:(?:Staff|Senior|Tech|Lead|Chief|Contributing|Managing|Executive|Deputy|Associate|Investigative|Political|Business|Sports|Science|Health)\s+)*(?:Author|Writer|Contributor|Reporter|Editor|Correspondent|Columnist|Journalist)$/, (m, at: number, all: string) => (PERSON_SHAPE.test(all.slice(0, at)) ? '' : m))
      // A card's contact details after the name ("Margaret O’Connell Partner Chicago +1 312 555 0190 m@example.com").
      .replace(/\s+(?:\+?\d[\d ().-]{7,}|\S+@\S+\.\w+).*$/u, '')
      // A job after a person's name ("Julia Kowalski Staff Engineer, Data Platform", "Margaret O’Connell Partner Chicago").
      .replace(JOB_AFTER_NAME, (m, at: number, all: string) => (PERSON_SHAPE.test(all.slice(0, at)) ? '' : m))
      // The same title set apart from a person's name ("Matt Check Head Winemaker, Co-Founder").
      .replace(/\s+(?:Tech|Senior|Head|Lead|Chief|Contributing|Managing|Executive|Deputy|Associate)\s+\p{Lu}.*$/u, (m, at: number, all: string) => (PERSON_SHAPE.test(all.slice(0, at)) ? '' : m))
      // The post's date after a person's name or a handle ("Nick van Mead 2022-11-23T08:10",
      // "jsteinhardt 18th Dec 2025", "Craig McCarthy Last updated on …"); a tag's words before a
      // date ("Personal finance January 27, 2025") stay, and are no name.
      .replace(AFTER_NAME_DATE, (m, at: number, all: string) => (PERSON_SHAPE.test(all.slice(0, at)) || HANDLE.test(all.slice(0, at)) ? '' : m))
      .replace(/[\s,;|·•–—-]+$/u, '')
      .trim();
    if (/\p{L}{2}/u.test(cut)) a = cut;
  }
  // Initials alone are an avatar placeholder ("NB"), not a byline.
  if (/^\p{Lu}{1,2}$/u.test(a)) return null;
  // A list of several writers ("A, B, C and D") runs longer than one name.
  if (a.length < 2 || a.length > (/,/.test(a) ? 200 : 80)) return null;
  return a;
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
/** A date (ISO, "18th Dec 2025", "Dec 18, 2025") or its label ("Last updated on") that a byline card runs on after the name. */
const AFTER_NAME_DATE = new RegExp(`[\\s|·•,–—-]*(?:(?:Last\\s+)?(?:[Uu]pdated|UPDATED|[Pp]ublished|PUBLISHED|[Pp]osted)\\b|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}).*$`, 'u');

/**
 * "Jane Doe is a staff writer covering transportation.", "Jane Doe is a reporter for Example
 * News.": a short paragraph of its own that opens with a person's name and says they write for
 * the site. Inside a longer paragraph such a sentence is about someone in the story.
 */
const TAGLINE = /^(\p{Lu}[\p{Ll}'’.-]+(?:\s+(?:(?:van|von|de|del|der|da|di|le|la)\s+)?\p{Lu}[\p{L}'’.-]+){1,2})\s+is\s+(?:an?|the)\s+(?:[\p{L}-]+\s+){0,3}(?:writer|reporter|correspondent|journalist|columnist|contributor|editor)\b(?:\s+(?:for|at|with|covering|based|who|and|on)\b|[.,]|$)/u;

function taglineWriter(doc: Document): string | null {
  const { paragraphs, paragraphElements } = pageLines(doc);
  for (const [i, p] of paragraphs.entries()) {
    if (p.length > TAGLINE_CHARS) continue;
    const m = TAGLINE.exec(p);
    if (!m || inCommentList(paragraphElements[i]!) || inChrome(paragraphElements[i]!)) continue;
    // It closes the story: no paragraph of text follows it.
    if (paragraphs.slice(i + 1).some((q) => q.length >= STORY_PARAGRAPH_CHARS)) continue;
    return m[1]!;
  }
  return null;
}

/** A tagline is a sentence or two. */
const TAGLINE_CHARS = 200;
/** A paragraph this long after it is more of the story. */
const STORY_PARAGRAPH_CHARS = 120;

/** A job named after a person's name on an author card, and what follows it. */
const JOB_AFTER_NAME = /\s+(?:(?:Staff|Senior|Principal|Lead|Chief|Software|Data|Product|Managing|Associate|Junior)\s+)*(?:Engineer|Manager|Director|Partner|Designer|Developer|Scientist|Analyst|Consultant|Officer|Founder|President|Counsel|Attorney|Lawyer|Professor|Researcher|Specialist|Strategist|Coordinator|Architect)\b.*$/u;

/** A user name a byline card may show instead of a person's ("jsteinhardt", "j.doe"). */
const HANDLE = /^[a-z][a-z0-9_.-]{2,30}$/;

/** Two or three capitalised words (a family name may take its particle: "Nick van Mead"), none a word brands, desks and guest accounts sign with ("Example Guest Writer"). */
const PERSON_SHAPE = /^(?!.*\b(?:Blog|News|Team|Staff|Guest|Freelance|Media|Magazine|Editors?|Desk)\b)\p{Lu}[\p{Ll}'’.-]+(?:\s+(?:(?:van|von|de|del|der|den|da|di|dos|du|le|la|bin|al)\s+)?\p{Lu}[\p{L}'’.-]+){1,2}$/u;

/** Meta contents are sometimes escaped twice ("Maria &amp; Katerina"). */
function decodeEntities(s: string): string {
  return s.replace(/&(amp|quot|#39|apos|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", apos: "'", lt: '<', gt: '>' })[e] ?? _);
}

/**
 * A name as a person's byline reads: no digits or dates, not a sentence, and Chinese text only
 * when it is a list of names (a "作者" slot holding "中国经济网 财经频道" or a title is not one).
 */
function plausible(a: string, hanPage = false): string | null {
  if (HAN_TEXT.test(a)) {
    if (/\d/.test(a) || /[@#<>{}=]|www\.|\.(?:com|net|org|cn)\b/i.test(a)) return null;
    const names = creditNames(a);
    return names && names.join('').length >= a.replace(/[\s、，,/／·]/gu, '').length - 1 ? names.join('、') : null;
  }
  if (/www\.|[<>{}=]/i.test(a) || (hanPage && /[\w-]+\.(?:com|net|org|cn|tw|hk)\b/i.test(a))) return null;
  const dated = LATIN_DATE.exec(a);
  if (dated?.index === 0) return nameAfterDate(a.slice(dated[0].length));
  // Latin bylines often run into a date or a role ("Luke KimDecember 17, 2025"): kept as written,
  // but a value that is only a date or a number is not a name.
  if (!/\p{L}{2}/u.test(a) || /^\W*\d[\d\s/.:-]*$/.test(a) || /^(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d/i.test(a)) return null;
  // A date line of a byline bar ("Updated March 13, 2024") is not a name.
  if (/^(?:updated|published|posted|last\s+(?:updated|modified)|modified|date)\b/i.test(a)) return null;
  return nameBeforeDate(a)?.replace(/\s+says:?$/i, '') ?? null;
}

const LATIN_DATE = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}|\b\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b/i;

/**
 * A Latin value that runs into a date ("Luke KimDecember 17, 2025") keeps the part before it,
 * which must then read as a name: capitalised words ("Personal finance January 27, 2025" is a
 * section label and a date).
 */
function nameBeforeDate(a: string): string | null {
  const m = LATIN_DATE.exec(a);
  if (!m) return a;
  // The name ends where the bar's next label starts ("Cazzy MagennisLast Updated:", "Rasmus Barslund Founder & Lead Reviewer").
  const before = a
    .slice(0, m.index)
    .replace(/\s*(?:[Ll]ast\s*[Uu]pdated|[Uu]pdated|[Pp]ublished|[Pp]osted|[Rr]eviewed|[Ee]dited|Founder|Co-?founder|CEO|Editor|Writer|Reporter|Contributor|Senior|Lead|Head|Staff|Director|Manager)\b.*$/, '')
    .replace(/[\s,|·•–—:-]+$/, '');
  const words = before.split(/\s+/);
  return before && words.length <= 6 && words.every((w) => /^\p{Lu}/u.test(w) || /^(?:de|del|van|von|der|da|di|le|la|bin)$/.test(w)) ? before : null;
}

/**
 * A byline bar that opens with the date ("Dec. 19, 2025 · Niko Matsakis on behalf of …",
 * "Dec 26, 2025 • Mahua Das in Projects"): the capitalised words right after the separator,
 * two to four of them, ending the text or followed by a lowercase word.
 */
function nameAfterDate(rest: string): string | null {
  const m = /^\s*[·•|–—,-]\s*(?:[Bb]y\s+)?((?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]*)(?=$|\s+\p{Ll}|\s*[·•|,])/u.exec(rest);
  return m ? m[1]! : null;
}

/** Names that identify the site (og:site_name, JSON-LD publisher, the side parts of <title>, the host): never the author. */
function siteNames(doc: Document, article: JsonObject | null): { names: string[]; host: string[]; hostLabels: string[] } {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  const title = collapseSpace(doc.title ?? '');
  const parts = title.split(/\s+[|\-–—_·»:]\s+|\s*[|_｜—–]\s*/).map((p) => p.trim()).filter(Boolean);
  const main = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  // The blogger named in a blog's <title> is the author, not the site.
  const blogger = bloggerFromTitle(title);
  const names = [
    metaContent(doc, ['og:site_name', 'application-name']),
    jsonText(article?.publisher),
    ...parts.filter((p) => p !== main && (!blogger || !p.startsWith(blogger))),
  ]
    .filter((s): s is string => !!s)
    .map(fold);
  let host: string[] = [];
  try {
    host = new URL(doc.URL).hostname.toLowerCase().split('.').filter((l) => l.length > 3 && !/^(?:www\d*|news|com|net|org)$/.test(l));
  } catch {
    /* no URL */
  }
  // On a Chinese page a Latin author equal to the domain ("chinanews") is the site.
  return { names, host: HAN_TEXT.test(title) ? host : [], hostLabels: host };
}

/** A byline that ends with the site's name ("Brian Truitt USA TODAY", "Ann Lee | Example News") names the writer before it. */
function withoutSiteName(a: string | null, siteName: string | null): string | null {
  if (!a || !siteName || a.length <= siteName.length) return a;
  const tail = a.slice(-siteName.length);
  const head = a.slice(0, -siteName.length).replace(/[\s,|·•–—/-]+$/, '');
  return tail.toLowerCase() === siteName.toLowerCase() && /[\s,|·•–—/-]$/.test(a.slice(0, -siteName.length)) && head.length >= 2 ? head : a;
}

/** A Latin author that is the site's own name: the page names no writer there, kept only when nothing better is found. */
function siteNamed(a: string, site: { names: string[]; hostLabels: string[] }): boolean {
  const f = a.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  return !HAN_TEXT.test(a) && (site.names.includes(f) || site.hostLabels.includes(f));
}

function siteLike(a: string, site: { names: string[]; host: string[] }): boolean {
  const f = a.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (f.length < 2) return false;
  // Personal blogs carry the author's name as site name: only Chinese names are compared.
  // "老周的自留地" is 老周's site: the name before 的 is its owner's.
  if (HAN_TEXT.test(f) && site.names.some((n) => n.includes(f) && !n.startsWith(`${f}的`))) return true;
  if (site.host.includes(f.replace(/[^a-z0-9-]/g, '')) && !/\s/.test(a)) return true;
  return HAN_TEXT.test(a) && ORG_SUFFIX.test(a.replace(/\s+/g, ''));
}

/** Author by trust: JSON-LD author, meta tags, rel/itemprop author, written bylines, Readability's byline. */
export function findAuthor(doc: Document, article: JsonObject | null, readabilityByline: string | null): string | null {
  return authorFromPage(doc, article) ?? authorFromByline(readabilityByline);
}

/** The persons of a JSON-LD author (one, or a list, joined); `org` when only an organisation is named. */
function jsonLdAuthors(v: unknown): { names: string | null; org: boolean } {
  const list = Array.isArray(v) ? v : [v];
  const isOrg = (x: unknown) => !!x && typeof x === 'object' && typesOf(x as JsonObject).some((t) => ORG_TYPE.test(t));
  const names = (xs: unknown[]) => [...new Set(xs.map((x) => jsonText(x)).filter((x): x is string => !!x))];
  const persons = names(list.filter((x) => !isOrg(x)));
  const found = persons.length ? persons : names(list);
  return { names: found.length ? found.join(', ') : null, org: !persons.length };
}

/** The article's JSON-LD author, else a person credited as author of another object (a WebPage). */
function structuredAuthor(doc: Document, article: JsonObject | null): { names: string | null; org: boolean } {
  const objects = readJsonLd(doc);
  // A @graph names its author by reference ({"@id": "…/#/schema/person/…"}), the Person elsewhere in the graph.
  const byId = new Map(objects.filter((o) => typeof o['@id'] === 'string' && o.name).map((o) => [o['@id'] as string, o]));
  const resolve = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(resolve) : v && typeof v === 'object' && !(v as JsonObject).name && byId.get((v as JsonObject)['@id'] as string) || v;
  const own = jsonLdAuthors(resolve(article?.author ?? article?.creator));
  if (own.names && !own.org) return own;
  for (const o of objects) {
    if (o === article || !o.author) continue;
    const other = jsonLdAuthors(resolve(o.author));
    if (other.names && !other.org) return other;
  }
  return own;
}

/**
 * The author as the page says it (every source of findAuthor but Readability's byline): structured
 * data, then byline elements, then credits written in the text — a byline line ("作者：", "记者",
 * "By"), a dateline credit ("电（记者 连肖）"), and last a signature closing the text ("（高健）").
 * The site, channel or source name is never taken as the author; photo, chart and editor credits
 * are not bylines.
 */
export function authorFromPage(doc: Document, article: JsonObject | null): string | null {
  const site = siteNames(doc, article);
  const hanPage = HAN_TEXT.test(doc.title ?? '');
  // An account on a publishing platform named as the source by a person's name ("来源: <a
  // href=/profile…>邹文远</a>") is the writer's own, not an outlet's.
  const linked = hanPage ? sourceAccount(doc) : null;
  const account = linked && personalName(linked) ? linked : null;
  const named = findSource(doc);
  const source = named && named !== account ? named : null;
  const siteName = metaContent(doc, ['og:site_name']) ?? jsonText(article?.publisher);
  let bodyText: string | null = null;
  let login: string | null = null;
  const accept = (raw: string | null): string | null => {
    // A list of labelled roles ("content: Example Media, design: Jo Marsh, code: …") credits makers, not a writer.
    if (raw && (raw.match(/(?:^|[,;]\s*)\p{Ll}+\s*:\s/gu)?.length ?? 0) >= 2) return null;
    const a = withoutSiteName(cleanAuthor(raw), siteName);
    const p = a ? plausible(a, hanPage) : null;
    if (!p || siteLike(p, site) || (source && p === source)) return null;
    // A template's unfilled field ("page.head.extra.author") names no one; a login
    // ("andrew.keaveney") yields to a name the page shows, unless it is shown itself.
    if (/^[a-z0-9_]+(?:\.[a-z0-9_]+)*\.(?:author|name|byline)$/.test(p)) return null;
    if (/^[a-z0-9]+(?:[._][a-z0-9]+)+$/.test(p) && !(bodyText ??= doc.body?.textContent ?? '').includes(p)) {
      login ??= p;
      return null;
    }
    return p;
  };
  /** An unlabelled value (meta, author slot): a Chinese one must read as a personal name. */
  const bare = (raw: string | null): string | null => {
    const a = accept(raw);
    // On a Chinese page a bare lowercase Latin word is a login or a site label ("pennyhuang", "chinanews").
    if (a && hanPage && /^[a-z0-9_.-]+$/.test(a)) return null;
    return a && (!HAN_TEXT.test(a) || surnamed(a)) ? a : null;
  };
  /** A blogger's or forum user's nickname: anything name-like that is not the site or the source. */
  const poster = (raw: string | null): string | null => {
    const n = nickname(raw);
    return n && !siteLike(n, site) && n !== source ? n : null;
  };
  const credited = (names: string[] | null): string | null => {
    // The outlet heading its reporters ("文｜财新 周晓雯" on 财新网) is no writer.
    const people = names?.filter((n) => !siteLike(n, site));
    return people?.length ? accept(people.join(HAN_TEXT.test(people[0]!) ? '、' : ', ')) : null;
  };
  const metaAuthor = metaContent(doc, ['author', 'article:author', 'parsely-author', 'sailthru.author', 'dc.creator', 'byl']);
  // Chinese CMSs fill meta author with the account that posted the page (often the editor):
  // a credit written on the page comes first there.
  const hanMeta = !!metaAuthor && HAN_TEXT.test(metaAuthor);
  // An organisation (JSON-LD Organization, the site's own name) stands in only when no writer is named.
  let fallback: string | null = null;
  /**
   * The writer a republished piece credits beside the account it came from ("本文来自微信公众号：
   * 新零售商业评论，作者：叶雨晨"): the account, shown as the page's author, only posted it.
   */
  const republishedFrom = (account: string): string | null => {
    for (const line of pageLines(doc).lines) {
      if (!line.includes(account) || !REPUBLISHED.test(line)) continue;
      const a = credited(lineCredit(line.slice(line.indexOf(account) + account.length)));
      if (a && a !== account) return a;
    }
    return null;
  };
  /**
   * A nickname linked after a writer's label above the credit line `el` ("作者：<a href=…>柏舟远行</a>
   * 提交日期：…", a name too long for a credit's): the first post's, where `el` may be a reply's.
   */
  // The nickname linked after a writer's label, read once (see labelledProfile).
  let labelledLink: ReturnType<typeof labelledProfile> | undefined;
  const labelledOnce = () => (labelledLink === undefined ? (labelledLink = hanPage ? labelledProfile(doc) : null) : labelledLink);
  const labelledAbove = (el: Element): string | null => {
    const labelled = labelledOnce();
    if (!labelled || !follows(labelled.link, el) || el.contains(labelled.link) || teaserCard(labelled.link) || inChrome(labelled.link)) return null;
    return poster(labelled.name);
  };
  /** `plainBy`: only a line that opens with "By" (not "Reviewed by", "Edited by"). */
  const underHeadline = (plainBy = false): string | null => {
    const { lines, lineElements } = pageLines(doc);
    for (const i of linesUnderHeadline(doc)) {
      if (plainBy && !/^by\b/i.test(lines[i]!)) continue;
      const a = inChrome(lineElements[i]!) || teaserCard(lineElements[i]!) ? null : credited(lineCredit(lines[i]!));
      if (a) return labelledAbove(lineElements[i]!) ?? innermostCredit(i, lines, lineElements, credited) ?? a;
    }
    return null;
  };
  /**
   * A declared author (JSON-LD, meta) the page never shows, where the byline under the headline
   * names someone else: the account that posted the page, not the writer the page credits.
   */
  const shownInstead = (a: string | null): string | null => {
    if (!a || hanPage) return a;
    const text = collapseSpace((bodyText ??= doc.body?.textContent ?? '')).toLowerCase();
    const names = a.toLowerCase().split(/\s*(?:,|&|\band\b)\s*/).filter((n) => n.length > 2);
    if (names.some((n) => text.includes(n))) return a;
    const shown = underHeadline(true);
    return shown ?? a;
  };
  const sources: Array<() => string | null> = [
    () => {
      const { names, org } = structuredAuthor(doc, article);
      const a = accept(names);
      if (a && org) fallback ??= a;
      return org ? null : shownInstead(a);
    },
    () => {
      const a = hanMeta ? null : bare(metaAuthor);
      // A Latin meta author a Chinese page never shows is its software's or template's credit
      // ("… Team and … UI Team" in every install of a forum package): the last resort.
      if (a && hanPage && !collapseSpace((bodyText ??= doc.body?.textContent ?? '')).includes(a)) {
        login ??= a;
        return null;
      }
      return shownInstead(a);
    },
    () => {
      for (const el of Array.from(doc.querySelectorAll('[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel~="author" i]')).slice(0, 5)) {
        // A user card marked as the author that runs its parts together ("mkesslermkessler1,204"):
        // its name part names them. One that adds a full name ("kbrandt (Kevin Brandt)") is read whole.
        const part = el.getAttribute('itemprop') === 'author' ? el.querySelector('[itemprop="name"]') : null;
        if (part && /^[\p{L}\p{N}]/u.test(textOf(el).slice(textOf(part).length))) continue;
        const t = el.tagName === 'META' ? (el.getAttribute('content') ?? '') : textOf(el);
        // The page names its writer outright: on a Chinese page a nickname counts ("小明").
        const named = el.getAttribute('itemprop') === 'name' || (/\bauthor\b/i.test(el.getAttribute('rel') ?? '') && !inCommentList(el));
        const a = credited(lineCredit(t) ?? byCredit(t, true)) ?? bare(t) ?? (hanPage && named ? poster(t) : null);
        if (a) return a;
      }
      return null;
    },
    () => {
      for (const el of authorElements(doc)) {
        // Comment authors are not the article's, nor the author line of a card teasing another
        // page (a book, a related story: a linked heading beside it).
        if (inCommentList(el) || inChrome(el) || teaserCard(el)) continue;
        const t = withoutJobTitle(textBesideParts(el));
        if (t.length < 2 || t.length >= 80) continue;
        // On a Chinese page the first author element naming a user by a link to their page
        // names the writer: a later one (a reply's) may hold a surname-like nickname.
        const a = credited(lineCredit(t) ?? byCredit(t, true)) ?? bare(t) ?? poster(hanPage ? profileNameIn(el) : userAfterBy(el));
        if (a) return (hanPage ? republishedFrom(a) : null) ?? coAuthors(el, a, bare);
      }
      return null;
    },
    () => bare(labelledMeta(doc)),
    () => accept(writerPageLink(doc)),
    // A thread's starter as its label names them ("楼主：Name"): the replies' "作者：" lines below are not the author.
    () => (hanPage ? poster(starterLabel(doc)) : null),
    // A byline right under the headline ("by Meaghan Weeden") names the writer even where the
    // site gives its own name as author.
    () => underHeadline(),
    // An author card: the writer's photo (marked as the author's or an avatar) beside their name.
    () => accept(photoName(doc)),
    // A name set under its own label ("Written by" / the name): as explicit as a byline.
    () => labelledField(doc, bare),
    // The writer's tagline closing the story ("Jane Doe is a staff writer covering transportation.").
    () => accept(taglineWriter(doc)),
    // Other credits read from the text are weaker than the site's own name given as author.
    () => fallback,
    () => {
      const { lines, lineElements } = pageLines(doc);
      for (const [i, line] of lines.entries()) {
        const a = credited(lineCredit(line));
        // A reply's own byline ("作者：老李" on its floor) credits the reply.
        if (!a || inChrome(lineElements[i]!) || teaserCard(lineElements[i]!) || inReplies(lineElements[i]!) || inLinkedHeadline(lineElements[i]!, a.split(/[、,]\s*|\s+and\s+/))) continue;
        return labelledAbove(lineElements[i]!) ?? innermostCredit(i, lines, lineElements, credited) ?? a;
      }
      return null;
    },
    // A nickname linked to the user's own page: in an element marked as the writer's, under the
    // headline, or in the post's date bar (blogs, columns, notes).
    () => (hanPage ? poster(labelledOnce()?.name ?? markedProfileName(doc) ?? profileUnderHeadline(doc)) : null),
    // A self-media account named as the source, when it reads as a person's name.
    () => bare(account),
    // The blog's own name in the <title> is its owner's: only the site's declared name and the source are not.
    () => {
      const n = hanPage ? nickname(ownerInDateBar(doc)) : null;
      return n && n !== source && n !== siteName && !ORG_SUFFIX.test(n) ? n : null;
    },
    // A blog's owner, as its <title> names them; on such a page the element it names as the
    // owner's nickname comes first (the <title> may give the blog's own name instead).
    () => {
      const blogger = poster(bloggerFromTitle(doc.title ?? ''));
      return blogger && hanPage ? (poster(markedNickname(doc)) ?? blogger) : blogger;
    },
    () => {
      const { paragraphs, paragraphElements } = pageLines(doc);
      for (const [i, p] of paragraphs.entries()) {
        // A run of links is a list of other stories ("LIVE:桃園 記者:劉宜函 …"), not a dateline.
        if (mostlyLinks(paragraphElements[i]!)) continue;
        // A Latin "by" inside a sentence of prose ("Next.js, created by Vercel, stepped in…")
        // credits a maker, not the writer: only a short paragraph is a byline line there.
        const head = lineCredit(p.slice(0, 40));
        const a = credited(datelineCredit(p)) ?? credited(head && (HAN_TEXT.test(head[0]!) || p.length <= 100) ? head : null);
        if (a && !teaserCard(paragraphElements[i]!)) return a;
      }
      return null;
    },
    () => {
      if (!hanPage) return null;
      const { lines, lineElements } = pageLines(doc);
      for (const [i, line] of lines.entries()) {
        const a = infoBarName(line);
        // A card teasing another page ("recommended": its linked heading, its writer and date) is not this page's bar.
        if (a && a !== source && a !== findEditor(doc) && !teaserCard(lineElements[i]!) && !inChrome(lineElements[i]!)) return a;
      }
      return null;
    },
    () => {
      if (!hanMeta) return null;
      const a = bare(metaAuthor);
      return a && a !== findEditor(doc) ? a : null;
    },
    () => {
      const { paragraphs, lines, lineElements } = pageLines(doc);
      for (const p of paragraphs) {
        const a = credited(signatureCredit(p));
        if (a) return a;
      }
      // A signature set as a paragraph of its own ("<p>（季泓岩）</p>") is a line, too short for a paragraph.
      for (const [i, line] of lines.entries()) {
        const a = lineElements[i]!.tagName === 'P' && line.length <= 12 ? credited(signatureCredit(line)) : null;
        if (a) return a;
      }
      return null;
    },
    // An opinion column signed in its headline: "關於流感的正確觀念（黃景泰）".
    () => (hanPage ? headlineSigned(doc) : null),
    // A forum thread's first poster.
    () => poster(forumPoster(doc)),
    () => (hanPage ? null : accept(lowercaseByline(doc))),
    // A personal site named after its owner ("Toby Hede" on tobyhede.com): the posts are theirs.
    () => (hanPage ? null : siteOwner(doc)),
  ];
  for (const s of sources) {
    try {
      const a = s();
      if (a && a === fallback) return a;
      // On a Chinese page the site's Latin name ("chinanews") stands for no one.
      if (a && siteNamed(a, site)) fallback ??= hanPage ? null : a;
      else if (a) return asWritten(doc, a);
    } catch {
      /* next source */
    }
  }
  return fallback ?? login;
}

/**
 * Elements whose class or id says author or byline, in page order, the first 20 — less the parts
 * of an author box that are not the name ("author-position", "author-description",
 * "byline__tag", "author-heading": "Insights from") and the boxes holding a part marked as the
 * name ("author-name"), which is read instead.
 */
function authorElements(doc: Document): Element[] {
  const all = Array.from(doc.querySelectorAll('[class*="byline" i], [class*="author" i], [id*="author" i], [class~="auth" i]')).slice(0, 20);
  const names = all.filter((el) => AUTHOR_NAME_PART.test(marks(el)));
  const others = all.filter((el) => AUTHOR_OTHER_PART.test(marks(el)) && textOf(el).length > 0);
  // A box holding both the name and another part reads them run together ("Liza BurkeMarketing Director").
  const box = (el: Element) => names.some((n) => n !== el && el.contains(n)) && others.some((o) => el.contains(o));
  return all.filter((el) => !AUTHOR_OTHER_PART.test(marks(el)) && !box(el));
}

/** An author element's text less that of its parts that are not the name ("Personal finance" in a byline__tag). */
function textBesideParts(el: Element): string {
  const parts = Array.from(el.querySelectorAll('[class*="byline" i], [class*="author" i]')).filter((p) => AUTHOR_OTHER_PART.test(marks(p)));
  // Spaced: a name and the role set beside it ("<a>Jane Doe</a><span>Senior Reporter</span>") stay apart.
  if (!parts.length) return spacedText(el);
  const copy = el.cloneNode(true) as Element;
  for (const p of Array.from(copy.querySelectorAll('[class*="byline" i], [class*="author" i]'))) if (AUTHOR_OTHER_PART.test(marks(p))) p.remove();
  return spacedText(copy);
}

/** A job title after the name ("Jane Doe, Senior Director, Content & Marketing, Example Media"). */
const JOB_TITLE = /,\s*(?:Senior|Junior|Chief|Managing|Executive|Associate|Contributing|Deputy|Director|Editor|Head|Founder|Co-?founder|CEO|CTO|President|Manager|Columnist|Correspondent|Analyst|Professor)\b.*$/;
const withoutJobTitle = (t: string) => t.replace(JOB_TITLE, '');

const marks = (el: Element) => (el.getAttribute('class') ?? '') + ' ' + (el.getAttribute('id') ?? '');
const AUTHOR_NAME_PART = /(?:author|byline)[-_]*name/i;
const AUTHOR_OTHER_PART = /(?:author|byline)[-_]*(?:desc|description|bio|heading|title|position|role|job|tag|date|time|avatar|image|img|photo|pic|label|social)/i;
const AUTHOR_LIST = /authors|(?:author|byline)[-_]*list/i;

/**
 * A name read from a part marked as the name, with the other names of the same list of authors
 * ("video-post_author-list": an organisation and the person who wrote with it), joined.
 */
function coAuthors(el: Element, first: string, read: (raw: string | null) => string | null): string {
  if (!AUTHOR_NAME_PART.test(marks(el))) return first;
  let list: Element | null = el.parentElement;
  while (list && !AUTHOR_LIST.test(marks(list))) list = list.parentElement;
  if (!list) return first;
  const names = new Set([first]);
  for (const n of Array.from(list.querySelectorAll('[class*="name" i]')).slice(0, 10)) {
    if (n === el || !AUTHOR_NAME_PART.test(marks(n))) continue;
    const a = read(textOf(n));
    if (a) names.add(a);
  }
  return [...names].join(', ');
}

/** The writer a Chinese headline closes with in brackets, a personal name (not a place or a source). */
function headlineSigned(doc: Document): string | null {
  // The headline as <title> opens with it (the first <h1> is often the site's logo).
  const heading = collapseSpace(doc.title ?? '').split(/\s*[|_｜]\s*|\s+-\s+/)[0]!;
  const m = /[（(]\s*(\p{Script=Han}{2,3})\s*[）)]$/u.exec(heading);
  // Tags that also open with a surname character: "（高清）", "（周评）", "（金句）".
  const names = m && !/^(?:高清|周评|周評|金句|万字|萬字)$/u.test(m[1]!) ? creditNames(m[1]!) : null;
  return names && surnamed(names[0]!) ? names[0]! : null;
}

/**
 * Several Latin names as the page's byline joins them ("A, B and C"), found in a short line
 * holding every name with only list separators between them; else our own "A, B, C".
 */
function asWritten(doc: Document, joined: string): string {
  const names = joined.split(', ');
  if (names.length < 2 || HAN_TEXT.test(joined)) return joined;
  for (const line of pageLines(doc).lines) {
    const at = names.map((n) => line.indexOf(n));
    if (at.some((i) => i < 0)) continue;
    const start = Math.min(...at);
    const end = Math.max(...at.map((i, k) => i + names[k]!.length));
    const span = line.slice(start, end);
    let rest = span;
    for (const n of names) rest = rest.replace(n, '\u0000');
    if (/^\u0000(?:\s*(?:,|;|&|\band\b|,\s*and\b)\s*\u0000)+$/.test(rest)) return span;
  }
  return joined;
}

/** A path segment that leads to the page about one writer: /author/jane-doe, /staff/123/jane-doe/. */
const WRITER_PATH = /^(?:author|authors|writer|writers|staff|contributor|contributors|people|profile|profiles|team|by)$/i;
const fold = (s: string) => s.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/**
 * A link to the writer's own page whose address spells the linked name (WordPress /author/slug
 * and its kin): "<a href="/authors/emmanuel-oyibo">Emmanuel Oyibo</a>". The slug agreeing with the
 * text tells a byline from a "Meet the team" menu entry.
 */
function writerPageLink(doc: Document): string | null {
  for (const a of Array.from(doc.querySelectorAll('a[href]')).slice(0, 3000)) {
    let path: string[];
    try {
      const url = new URL(a.getAttribute('href')!, doc.URL);
      // Credits of other sites' people (a list of contributors' homepages) are not the byline.
      if (bareHost(url.hostname) !== bareHost(new URL(doc.URL).hostname)) continue;
      path = url.pathname.split('/').filter(Boolean);
    } catch {
      continue;
    }
    const at = path.findIndex((seg) => WRITER_PATH.test(seg));
    if (at < 0 || at === path.length - 1) continue;
    const slug = fold(path[path.length - 1]!);
    const text = textOf(a) || a.getAttribute('aria-label') || '';
    const words = text.split(/\s+/).map(fold).filter(Boolean);
    if (words.length < 2 || words.length > 4 || text.length > 60) continue;
    // "emmanuel-oyibo", "ldaigle" (initial and surname) for "Emmanuel Oyibo", "Luke Daigle".
    const spelt = slug === words.join('') || slug === words[0]![0] + words[words.length - 1] || words.every((w) => slug.includes(w));
    if (!spelt || inCommentList(a) || inChrome(a) || otherLabel(a)) continue;
    return text;
  }
  return null;
}

const bareHost = (h: string) => h.toLowerCase().replace(/^www\d*\./, '');

/** A link labelled as something else than the writer ("Contact: Ron Sands", "Reviewed by"). */
function otherLabel(a: Element): boolean {
  let before = '';
  for (let n = a.previousSibling; n && before.length < 40; n = n.previousSibling) before = (n.textContent ?? '') + before;
  return /(?:contact|review|edit|fact|photo|image|illustrat|press|question)[\p{L} -]{0,20}:?\s*$/iu.test(collapseSpace(before));
}

/**
 * A lowercase nickname in a byline line of its own beside the post's date ("by ibby"): the
 * capitalised-name rules skip it, and a line that is only "by" and one word under a date reads
 * as nothing else.
 */
function lowercaseByline(doc: Document): string | null {
  const { lines, lineElements } = pageLines(doc);
  for (const [i, line] of lines.entries()) {
    const m = /^by\s+([\p{Ll}\d][\p{L}\d_.-]{1,24})$/u.exec(line);
    const box = m ? lineElements[i]!.parentElement : null;
    if (!box || inChrome(box) || textOf(box).length > 300) continue;
    if (box.querySelector('time') || LATIN_DATE.test(textOf(box))) return m![1]!;
  }
  return null;
}

const PHOTO_MARK = /author|avatar|byline/i;

/**
 * The name beside the writer's photo: an image the page marks as the author's or an avatar
 * ("author__photo", "avatar avatar-xs"), in a small box that shows the name its alt text gives
 * ("<img alt="Jane Doe"> … <h3>Jane Doe</h3> <p>Jane Doe is …</p>"), else the capitalised words
 * right after the image in its line ("Dec 26, 2025 • <img class="avatar"> Jane Doe in News").
 * Photos in comments, menus and cards of other stories are not the article's writer.
 */
function photoName(doc: Document): string | null {
  for (const img of Array.from(doc.querySelectorAll('img')).slice(0, 300)) {
    const marked = [img, img.parentElement, img.parentElement?.parentElement].some((e) => e && PHOTO_MARK.test(marks(e)));
    if (!marked || img.closest('figure') || inCommentList(img) || inChrome(img) || teaserCard(img)) continue;
    const alt = collapseSpace(img.getAttribute('alt') ?? '').toLowerCase();
    let box: Element | null = img.parentElement;
    for (let i = 0; box && i < 4 && alt.length >= 4; i++, box = box.parentElement) {
      if (textOf(box).length > 1500) break;
      const shown = Array.from(box.querySelectorAll('*')).find((e) => !e.children.length && textOf(e).toLowerCase() === alt);
      if (shown) return textOf(shown);
    }
    let after = '';
    for (let n = img.nextSibling; n && after.length < 60; n = n.nextSibling) after += n.textContent ?? '';
    const m = /^\s*((?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]*)(?=\s*$|\s+\p{Ll}|\s*[·•|,])/u.exec(collapseSpace(after));
    if (!m) continue;
    // The name shown twice in a row (a card's title and its link): "Jane Doe Jane" is Jane Doe.
    const words = m[1]!.split(' ');
    const again = words.indexOf(words[0]!, 1);
    return (again > 0 ? words.slice(0, again) : words).join(' ');
  }
  return null;
}

/** A note that the piece comes from elsewhere: "本文来自微信公众号：X", "转载自 X", "经 X 授权发布". */
const REPUBLISHED = /来自|來自|转载|轉載|转自|轉自|授权|授權|来源|來源/u;

/** A field label naming the writer, alone in its element: "Author", "Written by", "Authors:", "作者". */
const WRITER_LABEL = /^(?:(?:(?:this\s+)?(?:article|post|story|blog\s+post)\s+(?:was\s+)?)?written\s+by|authors?|author\(s\)|written\s+by|writers?|posted\s+by|作者|記者|记者)\s*[:：]?$/iu;

/**
 * A name set under or beside its label as a separate element: "<h3>Author</h3><p>Lisa D.
 * Ellis</p>", "<dt>Written by</dt><dd>…</dd>", "<th>Author</th><td>…</td>" — an article's
 * details box, where the one-line "Author: Name" rules see two lines.
 */
function labelledField(doc: Document, read: (raw: string | null) => string | null): string | null {
  const { lines, lineElements } = pageLines(doc);
  for (const [i, line] of lines.entries()) {
    if (!WRITER_LABEL.test(line)) continue;
    const el = lineElements[i]!;
    const value = el.nextElementSibling;
    // A list's items ("Writers", "Photographers") are a menu, not a label and its value.
    if (!value || el.tagName === 'LI' || inChrome(el) || teaserCard(el) || inCommentList(el)) continue;
    // A list of writers under one label, one name per item.
    const items = Array.from(value.children).map((c) => textOf(c)).filter(Boolean);
    const t = items.length > 1 && items.length <= 6 && value.children.length === items.length ? items.join(', ') : textOf(value);
    if (t.length < 2 || t.length > (items.length > 1 ? 200 : 60)) continue;
    const a = read(t);
    if (a) return a;
  }
  return null;
}

/** The value of a link-preview label/value pair naming the writer (twitter:label1 "Written by", twitter:data1 "Jane Doe"). */
function labelledMeta(doc: Document): string | null {
  for (let i = 1; i <= 4; i++) {
    const label = metaContent(doc, [`twitter:label${i}`]);
    if (label && /^(?:written by|author|authors|by|作者)$/i.test(label)) return metaContent(doc, [`twitter:data${i}`]);
  }
  return null;
}

/** Menus, buttons and forms: their words ("BY USE CASE", a sign-in "auth" label) are no byline. */
function inChrome(el: Element): boolean {
  if (el.closest('nav, button, form, [role="navigation"]')) return true;
  // A page's wrappers carry menu classes too ("has-mega-menu" on <body>): only a small box counts.
  for (let box: Element | null = el; box && box.tagName !== 'BODY'; box = box.parentElement) {
    if (MENU_CLASS.test(box.getAttribute('class') ?? '')) return textOf(box).length < 3000;
  }
  return false;
}
const MENU_CLASS = /(?:^|[\s_-])(?:menu|dropdown|submenu|navbar)(?:$|[\s_-])/i;

/**
 * A line made of blocks ("title / byline / text", "by Nora Lindqvist" / "May 2, 2025") runs the
 * name into the next block: the innermost line inside line `i` holding a credit reads it alone.
 */
function innermostCredit(i: number, lines: string[], lineElements: Element[], credited: (names: string[] | null) => string | null): string | null {
  let found: string | null = null;
  for (let j = i + 1, outer = lineElements[i]!; j < lines.length && outer.contains(lineElements[j]!); j++) {
    const inner = credited(lineCredit(lines[j]!));
    if (inner) {
      found = inner;
      outer = lineElements[j]!;
    }
  }
  return found;
}

/** Lines read under the headline for its byline. */
const UNDER_HEADLINE_LINES = 6;

/** Indexes in pageLines of the first short lines after the page's headline (see headlineHeading). */
function linesUnderHeadline(doc: Document): number[] {
  const h1 = headlineHeading(doc);
  if (!h1) return [];
  const out: number[] = [];
  for (const [i, el] of pageLines(doc).lineElements.entries()) {
    if (!follows(h1, el) || h1.contains(el)) continue;
    out.push(i);
    if (out.length >= UNDER_HEADLINE_LINES) break;
  }
  return out;
}

/** Whether most of an element's text is the text of its links. */
function mostlyLinks(el: Element): boolean {
  return linkedChars(el) > textOf(el).length / 2;
}

/** The author from Readability's byline, the last resort of findAuthor. */
export function authorFromByline(readabilityByline: string | null): string | null {
  const a = cleanAuthor(readabilityByline);
  // One lowercase word ("chinanews") is a site or login label, not a byline.
  if (!a || /^[a-z0-9_.-]+$/.test(a)) return null;
  const names = lineCredit(collapseSpace(readabilityByline!)) ?? lineCredit(a);
  if (names) return names.join(HAN_TEXT.test(names[0]) ? '、' : ', ');
  // Readability takes any short Chinese line near the top for a byline (a site name, an editor):
  // only a credit with its role word (作者, 记者) is one.
  return HAN_TEXT.test(a) ? null : plausible(a);
}

/** A byline written in the text, searched in short lines only (a sentence mentioning "by" is not a byline). */
export function writtenAuthor(doc: Document): string | null {
  for (const line of pageLines(doc).lines) {
    const names = lineCredit(line);
    if (names) return names.join(HAN_TEXT.test(names[0]) ? '、' : ', ');
  }
  return null;
}
