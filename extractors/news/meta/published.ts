import { jsonText, type JsonObject } from '../jsonld';
import { inCommentList, metaContent, readsAsHeadline, textOf } from './dom';
import { COUNTED_BACK, MONTH_NAME, dateSpans, isRelativeDate, parseDateText, parseDateValue, withoutDates, writtenDays } from './date-text';
import { toBlocks, type TextBlock } from '../content/blocks';
import { instantIn, numericDateOrder, pageZone, regionZone } from '../../time/page-zone';
import { shortUrlDay, urlDay } from './date-url';
import { publishedInLine } from './date-labels';
import { DATE_LABEL, PUBLISHED_WORD, REVISION_AFTER, REVISION_WORD } from './date-words';

const META_KEYS = [
  'article:published_time', 'og:published_time', 'og:article:published_time', 'datePublished', 'pubdate',
  'publishdate', 'publish-date', 'publish_date', 'publication_date', 'sailthru.date', 'parsely-pub-date',
  'dc.date.issued', 'dc.date', 'dcterms.created', 'date', 'article.published', 'published_time', 'pubtime',
];

/**
 * Meta names sites coin for the publish time beyond the common ones ("published",
 * "published-date", "x-published-date", "release_date", "article:create_at"): a name that says
 * publish, release or creation and not a revision, an end or a publisher.
 */
const PUBLISHED_NAME = /(^|[^a-z])(published|publish[-_.]?(date|time)|pub[-_.]?(date|time)|release[-_.]?(date|time)|create[ds]?[-_.]?(at|date|time|on))($|[^a-z])/i;
const NOT_PUBLISHED_NAME = /modif|updat|revis|expir|end|edit|review|publisher/i;

/** Every publish time the page's meta tags declare, the common names first, then coined ones. */
function publishedMetas(doc: Document): string[] {
  const out: string[] = [];
  const common = metaContent(doc, META_KEYS);
  if (common) out.push(common);
  for (const m of Array.from(doc.querySelectorAll('meta[content]')).slice(0, 300)) {
    const name = m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop') ?? '';
    if ((META_NAMES.has(name.toLowerCase()) || PUBLISHED_NAME.test(name)) && !NOT_PUBLISHED_NAME.test(name)) {
      const v = (m.getAttribute('content') ?? '').trim();
      if (/\d/.test(v) && !out.includes(v)) out.push(v);
    }
  }
  return out;
}

/** Elements whose class/id says they hold the article's date. */
const DATE_HINT = /(^|[\s_-])(date|time|pub|publish|published|posted|post-meta|meta|byline|info|timestamp|dateline)/i;

export interface PublishedOptions {
  /** Characters of body text scanned for a written date when nothing is marked up (default 3000). */
  scanChars?: number;
  /** The page's URL: its TLD hints at the zone of times written without one. */
  url?: string | null;
  /** The zone of times written without one (IANA name or "+08:00"); default: pageZone(doc, url). */
  zone?: string | null;
}

/**
 * Publish time, by trust: JSON-LD datePublished, meta tags, <time datetime>; then what the reader
 * sees: the date line under the headline (or under the block naming the <title> on pages without
 * an <h1>), elements marked as dates, the first written date near the top of the page. A
 * structured date without a time gives way to a visible time of the same day (portals put the
 * day in meta and the minute in the byline line, or in a source line above the story:
 * timeShownOn); a structured day the page never shows gives way to the one its date line shows
 * (see onlyOtherDayShown), to an update date shown alone when the publish time is in schema data
 * only (onlyUpdateShown), and to one days earlier under the headline (shownEarlier). With no date at all: a labelled
 * date line anywhere, then the inline script data. The URL's day, when it has one, settles the day
 * (agreeWithUrl, which also gives a time shown without its year the URL's year); a day the path writes in short ("/23/0512/08/ID.html") only dates a page
 * that shows none.
 */
export function findPublishedAt(doc: Document, article: JsonObject | null, now: Date, opts: PublishedOptions = {}): string | null {
  const zone = opts.zone !== undefined ? opts.zone : pageZone(doc, opts.url);
  const visible = inPageOrder(fromVisible(doc, now, zone, opts.scanChars ?? 3000), doc, opts.url);
  const structured = declaredShown(doc, article, visible, now, zone) ?? fromStructured(doc, article, now, zone);
  // The script data, read once and only when asked for (up to 40 scripts).
  let script: string | null | undefined;
  const scripted = (): string | null => (script === undefined ? (script = fromScriptData(doc, now, zone)) : script);
  // A page that shows only "3小时前" was dated at serving time; its script data keeps the instant.
  const exact = !structured && visible?.relative ? scripted() : null;
  // A month and day shown without the year ("07-02 14:05") must be the script's own.
  const agrees = !!exact && (!YEARLESS_DAY.test(visible!.line) || exact.slice(5, 10) === visible!.at.slice(5, 10));
  const found = (agrees && Date.parse(exact!) <= now.getTime() ? exact : null) ?? chosen(structured, visible, doc, article, now, zone) ?? scripted();
  const at = asShown(agreeWithUrl(completedByScript(found, visible, scripted), structured, visible, urlDay(opts.url, now), zone, scripted), visible);
  return inPageZone(at, () => regionZone(doc, opts.url), zone, visible) ?? shortUrlDay(opts.url, now);
}

/** A month and day written without a year: "7月2日", "07-02 14:05". */
const YEARLESS_DAY = /\d{1,2}\s*月\s*\d{1,2}\s*[日号號]|(?<![\d/.:-])\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}/u;

/**
 * A numeric date either way round, read the other way on a page that says its order: "03/04/2024"
 * (read month first) on a day-first page (en-AU, en-GB: see numericDateOrder) is 3 April;
 * "04-03-2012" (read day first) on a month-first page (en-US) is 3 April.
 */
function inPageOrder(shown: Shown | null, doc: Document, url: string | null | undefined): Shown | null {
  const m = shown ? /(?<![\d/-])(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?![\d/-])/.exec(shown.line) : null;
  if (!shown || !m || +m[1]! > 12 || +m[3]! > 12 || +m[1]! === +m[3]!) return shown;
  // Slashes were read month first (the US form), hyphens day first.
  const [a, b] = [m[1]!.padStart(2, '0'), m[3]!.padStart(2, '0')];
  const [read, turn] = m[2] === '/' ? [`${m[4]}-${a}-${b}`, 'day'] : [`${m[4]}-${b}-${a}`, 'month'];
  if (shown.at.slice(0, 10) !== read || numericDateOrder(doc, url) !== turn) return shown;
  return { ...shown, at: `${read.slice(0, 5)}${read.slice(8, 10)}-${read.slice(5, 7)}${shown.at.slice(10)}` };
}

/**
 * The script data's record of a date the page shows only in part: a day without its year
 * ("07-02 14:05", read in the crawl's year; `newsTime = "2019-07-02 14:05:31"`) or without its
 * time ("2021-06-14"; `"publish_time": 1623672665`). Only the date shown is completed: script
 * data on another day may be another story's.
 */
function completedByScript(found: string | null, visible: Shown | null, scripted: () => string | null): string | null {
  if (!found || !visible || found !== visible.at) return found;
  const yearless = !/(?:19|20)\d\d/.test(visible.line);
  if (!yearless && found.length > 10) return found;
  const s = scripted();
  // Midnight is how a content system stores a day without its time.
  if (!s || s.length <= 10 || /^T00:00(?::00)?(?:\.0+)?(?:Z|[+-]|$)/.test(s.slice(10))) return found;
  if (!yearless) return s.slice(0, 10) === found ? s : found;
  return s.slice(5, 10) === found.slice(5, 10) && (found.length <= 10 || s.slice(11, 16) === found.slice(11, 16)) ? s : found;
}

/**
 * A UTC instant ("2022-01-10T20:15:33Z" in the data) on a page whose region's zone is known
 * (language, host, script), written in that zone ("2022-01-11T04:15:33+08:00"): the same
 * instant, on the day its readers see. Where the date shown under the headline is the data's
 * own day and not the converted one, the "+00:00" labels a local clock (content systems that
 * store local time as UTC): that clock, in the page's zone. The region's zone is used only
 * where an offset the page's data states elsewhere (`zone`) agrees with it: that offset may be
 * another clock's (a modified time's, a server's). The region is read only for a UTC value.
 */
function inPageZone(at: string | null, regionOf: () => string | null, zone: string | null, visible: Shown | null): string | null {
  // Midnight is a day stored without its time: no instant to move.
  if (!at || at.length <= 10 || !/(Z|[+-]00:?00)$/.test(at) || /T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/.test(at)) return at;
  const t = Date.parse(at);
  const region = Number.isNaN(t) ? null : regionOf();
  if (!region) return at;
  const local = instantIn(new Date(t), region);
  if (zone && /^[+-]\d{2}:\d{2}$/.test(zone) && !local.endsWith(zone)) return at;
  const [day, localDay] = [at.slice(0, 10), local.slice(0, 10)];
  if (visible && day !== localDay && visible.at.slice(0, 10) === day) return at.slice(0, 19) + local.slice(19);
  return local;
}

/**
 * A UTC instant ("2023-05-12T00:20:00Z" in the data) written as the page shows it when the page
 * shows that very instant in its own zone ("2023-05-12 08:20" on a +08:00 page): the same
 * time, with the offset and the day its readers see.
 */
function asShown(at: string | null, visible: Shown | null): string | null {
  if (!at || !visible || at.length <= 10 || !/(Z|[+-]00:?00)$/.test(at)) return at;
  const shown = visible.at;
  if (shown.length <= 19 || /(Z|[+-]00:?00)$/.test(shown)) return at;
  return Math.abs(Date.parse(shown) - Date.parse(at)) < 60_000 ? shown : at;
}

/**
 * When the page's schema data and its meta tags declare different publish days, the one the
 * page shows: sites keep the first publication's day in one and re-stamp the other with the
 * day the page now shows ("datePublished": 2018 in JSON-LD, article:published_time and the
 * byline of 2025). Null when they agree or the page shows neither or both.
 */
function declaredShown(doc: Document, article: JsonObject | null, visible: Shown | null, now: Date, zone: string | null): string | null {
  if (!visible) return null;
  const ld = schemaPublished(article);
  const values = [ld, ...publishedMetas(doc)].flatMap((v) => (v ? [parseDateValue(v, now, zone)] : [])).filter((d): d is string => d !== null);
  const shown = values.filter((d) => visible.days.has(d.slice(0, 10)));
  if (shown.length === 0 || shown.length === values.length) return null;
  return shown[0]!;
}

function chosen(structured: string | null, visible: Shown | null, doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  if (!structured) return visible?.at ?? null;
  const earlier = shownEarlier(structured, visible) ?? onlyUpdateShown(structured, visible, doc, article, now, zone);
  if (earlier) return earlier;
  if (structured.length <= 10 && visible) {
    const timed = visible.at.length > 10 && visible.at.slice(0, 10) === structured ? visible.at : timeShownOn(structured, visible, now, zone);
    if (timed) return timed;
    // Under a first <h1> the <title> does not name (a side box's heading), only a line that is
    // a date alone: "・ Ten years of late wages 2010-12-31 10:08" is another story's.
    if (visible.kind === 'first-heading' && !dateAlone(visible.line, now)) return structured;
  }
  return onlyOtherDayShown(structured, visible, doc, article, now, zone) ?? structured;
}

/**
 * The first time of `day` a short line of the page shows ("作者：王攀 来源：新华网 2011-12-09
 * 19:55:00"), for a structured date without a time: the date line may stand away from the headline.
 */
function timeShownOn(day: string, shown: Shown, now: Date, zone: string | null): string | null {
  for (const line of shown.lines) {
    if (!line.includes(day.slice(0, 4))) continue;
    const at = publishedInLine(line, now, zone);
    if (at && at.length > 10 && at.slice(0, 10) === day && !isRelativeDate(line)) return at;
  }
  return null;
}

/** A line that holds its date and little else (a separator, a weekday, a clock), no other words. */
function dateAlone(line: string, now: Date): boolean {
  return (withoutDates(line, now).match(/\p{L}/gu) ?? []).length <= 3;
}

/**
 * The URL's day (see urlDay) settles the day: a candidate of that day is taken, the structured
 * UTC instant written in the page's zone when that puts it on the URL's day ("2025-12-19T02:41Z"
 * under /2025/12/18/ on a New York blog); with none, the URL's day itself.
 */
function agreeWithUrl(found: string | null, structured: string | null, visible: Shown | null, day: string | null, zone: string | null, scripted: () => string | null): string | null {
  if (!day || found?.slice(0, 10) === day) return found;
  const local = structured && zone && structured.length > 10 && /(Z|[+-]00:?00)$/.test(structured) ? instantIn(new Date(structured), zone) : null;
  for (const c of [local, structured, visible?.at]) if (c?.slice(0, 10) === day) return c;
  // The script data's publish time on the URL's day ("pubtime": "2020-08-15 14:22:07") where the
  // page shows its time only in parts ("2020" / "08/15" / "14:22") and a listed story's whole.
  const script = scripted();
  if (script && script.length > 10 && script.slice(0, 10) === day) return script;
  // A time shown without its year ("1月12日 08:20", read as this year's) on the URL's month and
  // day: that time, in the URL's year.
  const shown = visible?.relative ? visible.at : null;
  if (shown && shown.length > 10 && shown.slice(5, 10) === day.slice(5, 10)) return day + shown.slice(10);
  return day;
}

/**
 * The date shown under the headline (or in an element marked as a date) when it is days
 * earlier than the structured one (a day apart is most often one instant in two zones): a page's first publication cannot come after a date
 * it shows, and sites re-stamp datePublished when they republish a story. An update line
 * ("Updated …") or a time counted from the crawl ("3 days ago") says nothing of that.
 */
function shownEarlier(structured: string, shown: Shown | null): string | null {
  if (!shown || shown.kind === 'text' || shown.kind === 'first-heading' || shown.relative || !isDateLine(shown.line) || REVISION_WORD.test(shown.line)) return null;
  const gap = Date.parse(structured.slice(0, 10)) - Date.parse(shown.at.slice(0, 10));
  return gap >= 2 * 86_400_000 ? shown.at : null;
}

/** A date line (short, or opening with its date), not a sentence that mentions a date ("… the first since January 10, 2001"). */
function isDateLine(line: string): boolean {
  return line.length <= 60 || parseDateText(line.slice(0, 24), new Date(0)) !== null;
}

/**
 * The date the reader sees, when the page's unlabelled date line under its headline shows
 * another day and the page nowhere shows the structured date's day: sites re-date an
 * article in the page while datePublished keeps the first version's day. The structured value
 * of that day (dateModified) gives the instant when there is one. A labelled line ("Updated",
 * "Published", "Reviewed") leaves the structured date alone, and so does a page without a
 * datePublished in schema data whose meta tags declare the publish time: that tag is the
 * site's only statement of it, kept from the first publication (see declaresPublishedTime),
 * and the other day under the headline is most often the revision's.
 * Null: keep the structured date.
 */
function onlyOtherDayShown(structured: string, shown: Shown | null, doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  if (!shown || shown.kind === 'text' || shown.relative || shown.line.length > 60 || DATE_LABEL.test(shown.line)) return null;
  if (!schemaPublished(article) && declaresPublishedTime(doc)) return null;
  const day = shown.at.slice(0, 10);
  // An element marked as a date away from the headline may be another story's: it counts
  // when the schema data says the article was modified that day and the meta tags declare
  // no publish time (which sites keep from the first publication: see declaresPublishedTime).
  if (shown.kind === 'marked' && (modifiedDay(doc, article, now, zone) !== day || declaresPublishedTime(doc))) return null;
  // A day apart is most often one instant seen in two zones (UTC in the data, local on the
  // page): the structured instant is the more exact of the two.
  if (sameInstantMaybe(structured, day) || shown.days.has(structured.slice(0, 10))) return null;
  return modifiedOn(day, doc, article, now, zone) ?? shown.at;
}

/**
 * The update date, when it is the only date the page shows by its headline ("Updated Sep 17,
 * 2025", "Last updated: Dec 4, 2025") and the structured publish day is shown nowhere: the
 * reader dates the article by it (the first publication is kept from view, often years
 * before a rewrite). The structured dateModified of that day gives the instant when there is one.
 * A line that labels a publication date as well leaves the structured date alone, and so does
 * the publish day written for display in the page's script data (see scriptShownDays): the
 * page shows it once its scripts run.
 */
function onlyUpdateShown(structured: string, shown: Shown | null, doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  if (!shown || shown.kind === 'text' || shown.relative || !REVISION_WORD.test(shown.line) || PUBLISHED_WORD.test(shown.line)) return null;
  const day = shown.at.slice(0, 10);
  if (day === structured.slice(0, 10) || shown.days.has(structured.slice(0, 10))) return null;
  if (declaresPublishedTime(doc) || scriptShownDays(doc, now).has(structured.slice(0, 10))) return null;
  return modifiedOn(day, doc, article, now, zone) ?? shown.at;
}

/**
 * Days a page's inline script data holds as display text ("publishedDisplay":"April 3, 2017",
 * \"date\":\"February 27, 2024\" in a framework's serialized props): what its scripts write into
 * the page, so a reader sees them though the HTML does not. A machine form (ISO, numbers
 * alone) is data, not text for display; JSON-LD is for search engines.
 */
function scriptShownDays(doc: Document, now: Date): Set<string> {
  const days = new Set<string>();
  let budget = SCRIPT_DISPLAY_CHARS;
  for (const s of Array.from(doc.querySelectorAll('script:not([src])'))) {
    if (budget <= 0) break;
    if (/ld\+json/i.test(s.getAttribute('type') ?? '')) continue;
    const text = (s.textContent ?? '').slice(0, budget);
    budget -= text.length;
    for (const m of text.matchAll(/\\?"([^"\\]{6,40})\\?"/g)) {
      const value = m[1]!;
      if (!/\p{L}{3}/u.test(value) || !/\d{4}/.test(value)) continue;
      const d = parseDateText(value, now);
      if (d) days.add(d.slice(0, 10));
    }
  }
  return days;
}

/** Characters of inline script read for display dates (frameworks split their props over many scripts). */
const SCRIPT_DISPLAY_CHARS = 4_000_000;

/**
 * A publish time in the page's own meta tags (article:published_time, pubdate, …, named by
 * property or name): what the site hands to link previews and feeds, kept by the first
 * publication. Schema data (JSON-LD, itemprop microdata) is often re-stamped by SEO plugins.
 */
function declaresPublishedTime(doc: Document): boolean {
  for (const m of Array.from(doc.querySelectorAll('meta[content]')).slice(0, 300)) {
    const name = (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase();
    if (name && (META_NAMES.has(name) || (PUBLISHED_NAME.test(name) && !NOT_PUBLISHED_NAME.test(name))) && /\d/.test(m.getAttribute('content') ?? '')) return true;
  }
  return false;
}

const META_NAMES = new Set(META_KEYS.map((k) => k.toLowerCase()));

/** The structured dateModified when it falls on `day`. */
function modifiedOn(day: string, doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  const modified = structuredModified(doc, article, now, zone);
  return modified && modified.length > 10 && modified.slice(0, 10) === day ? modified : null;
}

/** The day of the structured dateModified (JSON-LD, else meta). */
function modifiedDay(doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  return structuredModified(doc, article, now, zone)?.slice(0, 10) ?? null;
}

function structuredModified(doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  const raw = jsonText(article?.dateModified) ?? metaContent(doc, MODIFIED_KEYS);
  return raw ? parseDateValue(raw, now, zone) : null;
}

/**
 * Whether `day` may be the structured time's own day in some zone: an instant is written on
 * the days its local time falls on from UTC-12 to UTC+14 (22:02Z is the 19th everywhere west
 * of UTC+2, never the 18th); a date without a time, within a day.
 */
function sameInstantMaybe(structured: string, day: string): boolean {
  const t = Date.parse(structured);
  if (structured.length <= 10 || !/(Z|[+-]\d\d:?\d\d)$/.test(structured) || Number.isNaN(t)) {
    return Math.abs(Date.parse(day) - Date.parse(structured.slice(0, 10))) <= 86_400_000;
  }
  const earliest = new Date(t - 12 * 3_600_000).toISOString().slice(0, 10);
  const latest = new Date(t + 14 * 3_600_000).toISOString().slice(0, 10);
  return day >= earliest && day <= latest;
}

const MODIFIED_KEYS = ['article:modified_time', 'og:updated_time', 'dateModified', 'last-modified'];

/** The article's own publish time as its schema data writes it (datePublished, else dateCreated). */
function schemaPublished(article: JsonObject | null): string | null {
  return jsonText(article?.datePublished ?? article?.dateCreated);
}

export function fromStructured(doc: Document, article: JsonObject | null, now: Date, zone: string | null): string | null {
  const fromLd = schemaPublished(article);
  if (fromLd) {
    const d = parseDateValue(fromLd, now, zone);
    if (d) return d;
  }
  // Of several publish times in the meta tags, the earliest: a story is not first published
  // after a date its page declares ("published-date" 2021, "published-time" stamped at render).
  const metas = publishedMetas(doc).map((v) => parseDateValue(v, now, zone)).filter((d): d is string => d !== null);
  if (metas.length) return metas.reduce((a, b) => (b.slice(0, 10) < a.slice(0, 10) ? b : a));
  // JSON-LD whose article object was not recognised (a WebPage or BlogPosting in an @graph)
  // still dates the page.
  for (const s of Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, 10)) {
    const m = /"datePublished"\s*:\s*"([^"]{8,40})"/.exec(s.textContent ?? '');
    const d = m ? parseDateValue(m[1]!, now, zone) : null;
    if (d) return d;
  }
  const itemprop = doc.querySelector('[itemprop="datePublished"]');
  if (itemprop) {
    const d = parseDateValue(itemprop.getAttribute('content') ?? itemprop.getAttribute('datetime') ?? textOf(itemprop), now, zone);
    if (d) return d;
  }
  // A machine-readable datetime first: a <time> without one may only wrap it, its text the same
  // moment printed in another zone ("<time><time datetime="…14:57:13Z">07/03/24 02:57 PM</time></time>").
  for (const t of Array.from(doc.querySelectorAll('time[datetime]')).slice(0, 5)) {
    const d = parseDateValue(t.getAttribute('datetime')!, now, zone);
    if (d) return d;
  }
  for (const t of Array.from(doc.querySelectorAll('time:not([datetime])')).slice(0, 5)) {
    const d = parseDateValue(textOf(t), now, zone);
    if (d) return d;
  }
  return null;
}

/**
 * The publish time in a page's inline script data, for pages that render their date with
 * JavaScript and print none in the HTML ("publishTime": "2024-05-12 10:30:00",
 * publish_date = '…', "firstPublishedAt": 1715481000000): the first key that says publish or
 * release, else one that says created. A day without a time gives way to a time of that day
 * under another such key (publish_time = "2024-05-12" beside create_time = "1715481000").
 * Read only when nothing else dates the page: script data lists related stories too.
 */
function fromScriptData(doc: Document, now: Date, zone: string | null): string | null {
  const found: string[] = [];
  for (const key of [SCRIPT_DATE_KEY, SCRIPT_CREATED_KEY]) {
    for (const s of Array.from(doc.querySelectorAll('script:not([src])')).slice(0, 40)) {
      const text = (s.textContent ?? '').slice(0, 200_000);
      for (const m of text.matchAll(key)) {
        const d = parseDateValue(m[2]!, now, zone);
        if (d) found.push(d);
        if (found.length >= SCRIPT_DATES) break;
      }
    }
  }
  const first = found[0];
  if (!first || first.length > 10) return first ?? null;
  return found.find((d) => d.length > 10 && d.slice(0, 10) === first) ?? first;
}

/** Script dates read per key family. */
const SCRIPT_DATES = 20;

// The key may stand in brackets ("$CONFIG['pubtime'] = '…'"), name the story ("newsTime",
// "post_date") and follow a word ("contentPublishTime"), not a later post's or edit's ("lastPostTime").
const SCRIPT_DATE_KEY = /["']?\b((?:(?!last|update|modif|edit|reply|comment)[a-z]+_?)?(?:first)?_?(?:publish(?:ed)?|pub|release|news|post|article)_?(?:time|date|at|on|datetime)|datePublished|dateReleased)["']?\]?\s*[:=]\s*["']?([0-9][0-9T:.+\-\/ Z年月日]{7,30})["',;}]/gi;
const SCRIPT_CREATED_KEY = /["']?\b(create[ds]?_?(?:time|date|at|on|datetime)|dateCreated)["']?\]?\s*[:=]\s*["']?([0-9][0-9T:.+\-\/ Z年月日]{7,30})["',;}]/gi;

/** Blocks read after the headline when looking for its date line. */
const AFTER_HEADLINE_BLOCKS = 8;
const AFTER_HEADLINE_CHARS = 600;
const DATE_LINE_CHARS = 120;

/** A date shown in the page, where it was found, and every day written around it. */
export interface Shown {
  at: string;
  /**
   * 'headline': the date line under the headline the <title> names; 'first-heading': under the
   * page's first <h1> (which may head a side box); 'marked': an element marked as a date, or a
   * date set above the headline (often the update's);
   * 'text': the first date in the text.
   */
  kind: 'headline' | 'first-heading' | 'marked' | 'text';
  /** Counted from the crawl time ("3 hours ago"). */
  relative: boolean;
  /** The text the date was read from. */
  line: string;
  /** Days written in the headline's date lines, the marked date elements and the page's short lines. */
  days: Set<string>;
  /** The short lines (up to DATE_LINE_CHARS) holding a digit in the first half of the page's text, in reading order. */
  lines: string[];
}

/** Elements marked as dates read for the days a page shows. */
const MARKED_MAX = 40;

export function fromVisible(doc: Document, now: Date, zone: string | null, limit: number): Shown | null {
  const shown = shownDate(doc, now, zone, limit);
  if (!shown || !doc.body) return shown;
  const first = REVISION_WORD.test(shown.line) && !PUBLISHED_WORD.test(shown.line) ? publishedBehind(doc.body, shown.line, now, zone) : null;
  if (first) return { ...shown, ...first, relative: false };
  const at = shown.relative ? absoluteBehind(doc.body, now, zone) : shown.at.length === 10 ? timeBehind(doc.body, shown.at, now, zone) : null;
  if (at) return { ...shown, at, relative: false };
  // A count back from the reading ("8小时前", "3 hours ago") found only in the page's text, with no
  // time behind it, is a comment's or a listed story's: the article's own is shown by its headline.
  return shown.kind === 'text' && shown.relative && COUNTED_BACK.test(shown.line) ? null : shown;
}

/**
 * The publication a revision line keeps in its tooltip: "<span data-tooltip="发布于 2021-06-21
 * 22:05">编辑于 2021-07-02 10:11</span>" shows the last edit and names the first publication
 * on hover.
 */
function publishedBehind(body: Element, line: string, now: Date, zone: string | null): { at: string; line: string } | null {
  for (const el of Array.from(body.querySelectorAll('[title], [data-tooltip], [aria-label]')).slice(0, 2000)) {
    const text = textOf(el);
    if (!text || text.length > 60 || !line.includes(text) || !REVISION_WORD.test(text)) continue;
    for (const value of ['title', 'data-tooltip', 'aria-label'].map((a) => el.getAttribute(a) ?? '')) {
      const at = PUBLISHED_WORD.test(value) ? parseDateText(value, now, zone) : null;
      if (at) return { at, line: value };
    }
  }
  return null;
}

/**
 * The time a page keeps behind a day it shows without one: "<span title="2010-06-12 15:33">发表于:
 * 2010-06-12</span>", a forum's or blog's post date with the minute in its tooltip. Not from
 * <time datetime>: the structured dates read it already, as the publication's instant.
 */
function timeBehind(body: Element, day: string, now: Date, zone: string | null): string | null {
  return timeInAttributes(body, ['title', 'data-time'], ':not(time)', now, zone, {
    shows: (text) => writtenDays(text, now).has(day),
    // Midnight is how a content system stores a day without its time.
    keeps: (at) => at.length > 10 && at.slice(0, 10) === day && !/^T00:00(?::00)?/.test(at.slice(10)),
  });
}

/**
 * The absolute time a page keeps behind the first relative one it shows: forums and feeds print
 * "3 天前" or "2 hours ago" and put the time itself in the element's title or datetime
 * (<span title="2024-5-12 10:30">3&nbsp;天前</span>); read later than the crawl, the relative
 * text would date the page by the reading.
 */
function absoluteBehind(body: Element, now: Date, zone: string | null): string | null {
  return timeInAttributes(body, ['datetime', 'title', 'data-time'], '', now, zone, {
    shows: isRelativeDate,
    keeps: (_at, value) => !isRelativeDate(value),
  });
}

/**
 * The first time held in one of `attributes` (in that order) of a short element whose text
 * `shows` what it stands behind, and that `keeps` accepts; a user's profile box is not read.
 */
function timeInAttributes(
  body: Element,
  attributes: string[],
  narrow: string,
  now: Date,
  zone: string | null,
  is: { shows: (text: string) => boolean; keeps: (at: string, value: string) => boolean },
): string | null {
  const selector = attributes.map((a) => `[${a}]${narrow}`).join(', ');
  for (const el of Array.from(body.querySelectorAll(selector)).slice(0, 2000)) {
    const text = textOf(el);
    if (text.length === 0 || text.length > 40 || !is.shows(text) || inAccountBox(el)) continue;
    for (const value of attributes.map((a) => el.getAttribute(a))) {
      const at = value ? parseDateValue(value, now, zone) : null;
      if (at && is.keeps(at, value!)) return at;
    }
  }
  return null;
}

function shownDate(doc: Document, now: Date, zone: string | null, limit: number): Shown | null {
  const body = doc.body;
  if (!body) return null;
  // Visible text only: script bodies carry unrelated dates.
  const blocks = toBlocks(body).map((b) => ({ ...b, text: withoutAccountDates(b.text) }));
  const days = new Set<string>();
  const near = afterHeadline(blocks, doc.querySelector('title')?.textContent ?? '', now, zone, days);
  const marked: string[] = [];
  for (const el of Array.from(body.querySelectorAll('[class], [id]')).slice(0, 3000)) {
    const hint = `${el.getAttribute('class') ?? ''} ${el.id}`;
    // A comment's time ("cmt-time" in a comment list) dates the comment, not the article; a
    // user's profile box dates their account.
    if (!DATE_HINT.test(hint) || inCommentList(el) || inAccountBox(el)) continue;
    const text = withoutAccountDates(textOf(el));
    if (text.length === 0 || text.length > 200) continue;
    marked.push(text);
    if (marked.length >= MARKED_MAX) break;
  }
  for (const t of marked) for (const d of writtenDays(t, now)) days.add(d);
  // Lines in the first half of the page's text: comments and related stories come last.
  const half = blocks.reduce((n, b) => n + b.text.length, 0) / 2;
  const lines: string[] = [];
  let read = 0;
  for (const b of blocks) {
    read += b.text.length;
    if (b.text.length > DATE_LINE_CHARS || !/\d/.test(b.text)) continue;
    for (const d of writtenDays(b.text, now)) days.add(d);
    if (read <= half) lines.push(b.text);
  }
  if (near) return { at: near.at, kind: near.above ? 'marked' : near.named ? 'headline' : 'first-heading', relative: isRelativeDate(near.line), line: near.line, days, lines };
  for (const text of marked) {
    const d = publishedInLine(text, now, zone);
    if (d) return { at: d, kind: 'marked', relative: isRelativeDate(text), line: text, days, lines };
  }
  const byline = dateByByline(blocks, now, zone);
  if (byline) return { ...byline, kind: 'text', relative: false, days, lines };
  let text = '';
  const scanned: TextBlock[] = [];
  for (const b of blocks) {
    // A sentence that mentions a date midway is prose; one that opens with it may be a
    // dateline ("【本报2012年1月11日讯】…。").
    if (isSentence(b.text) && !opensWithDate(b.text, now)) continue;
    text += b.text + '\n';
    scanned.push(b);
    if (text.length >= limit) break;
  }
  // In that text, a line labelled as the publication comes before the first date: a forum
  // post's user column shows "注册时间 2010-3-4" above the post's "发表于 …".
  const labelled = labelledLine(scanned, now, zone, PUBLISHED_WORD);
  if (labelled) return { ...labelled, kind: 'text', days, lines };
  const scan = text.slice(0, limit);
  const d = parseDateText(scan, now, zone);
  const relative = !!d && isRelativeDate(scan);
  // A count back ("8小时前") is kept as the line: see fromVisible.
  if (d) return { at: d, kind: 'text', relative, line: relative ? (COUNTED_BACK.exec(scan)?.[0] ?? '') : '', days, lines };
  const anywhere = labelledLine(blocks, now, zone, PUBLISHED_WORD) ?? labelledLine(blocks, now, zone, REVISION_WORD);
  return anywhere ? { ...anywhere, kind: 'text', days, lines } : null;
}

/**
 * A user's account dates in the profile box a forum or blog sets beside each post ("注册：2005-3-1",
 * "注册时间 2010-3-4", "最后登录 2012-4-20", "Joined 2011-05-02", "Joined Apr 2, 2021"): when the user signed up or
 * last came, never when the post was written. They are cut from the lines read for the date.
 */
const ACCOUNT_WORD = '(?:注册|註冊|加入|入站|登录|登錄|登入|上线|上線|Joined|Registered|Member since|Last (?:login|seen|active|visit))';
const ACCOUNT_DATE = new RegExp(
  `${ACCOUNT_WORD}\\s*(?:时间|時間|日期|于|於|on)?\\s*[:：]?\\s*(?:\\d{4}\\s*[-/.年]\\s*\\d{1,2}\\s*[-/.月]\\s*\\d{1,2}\\s*日?(?:\\s*\\d{1,2}:\\d{2}(?::\\d{2})?)?` +
    // "Joined Apr 2, 2021", "Member since 3 March 2019".
    `|${MONTH_NAME}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_NAME},?\\s+\\d{4})`,
  'giu',
);
const ACCOUNT_LABEL = /注册|註冊|登录|登錄|登入|上线|上線|加入(?:时间|時間|日期|于|於)|Joined|Registered|Member since|Last (?:login|seen|active|visit)/iu;

/** A time element in a user's profile box ("最后登录 <span title="…">3 小时前</span>"): the box is short and names an account event. */
function inAccountBox(el: Element): boolean {
  const box = el.parentElement?.parentElement;
  const text = box ? textOf(box) : '';
  return text.length <= 200 && ACCOUNT_LABEL.test(text);
}

function withoutAccountDates(text: string): string {
  return /\d{4}/.test(text) ? text.replace(ACCOUNT_DATE, '') : text;
}

/** A byline line: "Written by Jane Doe", "By Jane Doe", "Posted by jdoe" (a reviewer's is not the writer's). */
const BYLINE = /^(?:(?:written|posted|authored)\s+)?by\s+\S/i;

/**
 * The date set alone on the line right before or after the byline ("Written by Moses Kim" /
 * "April 8, 2024"), for pages whose byline block stands away from the headline: the writer and
 * the day they published go together.
 */
function dateByByline(blocks: TextBlock[], now: Date, zone: string | null): { at: string; line: string } | null {
  for (const [i, b] of blocks.entries()) {
    if (b.text.length > 80 || !BYLINE.test(b.text)) continue;
    for (const near of [blocks[i + 1], blocks[i - 1]]) {
      if (!near || near.text.length > 60 || near.linkChars > 0 || !dateAlone(near.text, now) || isRelativeDate(near.text)) continue;
      const at = publishedInLine(near.text, now, zone);
      if (at) return { at, line: near.text };
    }
  }
  return null;
}

/**
 * A short line anywhere on the page that labels its date ("Posted on the 15/12/2025 by …",
 * "Last updated: November 13, 2025", "发布时间：…"), for pages that print it under the text or
 * in the footer: one labelled as published first, else one labelled as updated.
 */
function labelledLine(blocks: TextBlock[], now: Date, zone: string | null, label: RegExp): { at: string; relative: boolean; line: string } | null {
  for (const b of blocks) {
    if (b.text.length > LABELLED_LINE_CHARS || b.linkChars > b.text.length / 2 || !label.test(b.text)) continue;
    const at = publishedInLine(b.text, now, zone);
    if (at) return { at, relative: isRelativeDate(b.text), line: b.text };
  }
  return null;
}

const LABELLED_LINE_CHARS = 100;

/**
 * The date line right under the article's headline (the <h1> the <title> names, else the first
 * real one): pages show today's date in the header and related stories' dates in side boxes,
 * both before the article's own date in reading order.
 */
function afterHeadline(blocks: TextBlock[], title: string, now: Date, zone: string | null, days: Set<string>): { at: string; line: string; named: boolean; above: boolean } | null {
  const h1s = blocks.map((b, i) => [b, i] as const).filter(([b]) => b.tag === 'h1' && b.text.length >= 4 && b.linkChars < b.text.length / 2);
  const names = ([b]: readonly [TextBlock, number]) => title.includes(b.text) || b.text.includes(title.trim());
  const parts = new Set(title.replace(/\s+/g, ' ').split(/\s*[_|｜]\s*|\s+[-–—]\s+/).map((p) => p.trim()));
  const tried = new Set<number>();
  const named = [h1s.find(names) ?? h1s.find(([b]) => sharesTitle(b.text, title)), h1s.length ? undefined : titleBlock(blocks, parts)];
  for (const head of [...named, h1s[0]]) {
    if (!head || tried.has(head[1])) continue;
    tried.add(head[1]);
    const after = dateLineAfter(blocks, head[1], now, zone, days);
    // A day written without its year under the headline ("新华社武汉6月14日电") is taken in the
    // crawl's year: the header above it may say the year ("2023 06/14 09:12:30").
    const yearless = after && !/(?:19|20)\d\d/.test(after.line);
    const dated = yearless ? dateLineBefore(blocks, head[1], now, zone, days) : null;
    if (dated && dated.at.slice(5, 10) === after!.at.slice(5, 10)) return { ...dated, named: named.includes(head), above: true };
    if (after) return { ...after, named: named.includes(head), above: false };
    const above = dateLineBefore(blocks, head[1], now, zone, days);
    if (above) return { ...above, named: named.includes(head), above: true };
  }
  return null;
}

/**
 * Pages without an <h1> (older portals set the headline in a styled <div> or table cell, blogs
 * head an entry with an <h2>): the first block that is the <title>'s headline part, not a link
 * or a list item.
 */
function titleBlock(blocks: TextBlock[], parts: Set<string>): readonly [TextBlock, number] | undefined {
  const i = blocks.findIndex((b) => b.text.length >= 6 && b.linkChars === 0 && !LIST_ITEM.test(b.tag) && parts.has(b.text));
  return i >= 0 ? [blocks[i]!, i] : undefined;
}

/** Items of lists and menus, which name pages and links, not a headline. */
const LIST_ITEM = /^(li|dd|dt|option)$/;

/** Most of the heading's words (CJK: character pairs) are in the <title>: case, spacing and punctuation aside. */
function sharesTitle(heading: string, title: string): boolean {
  const own = tokens(heading);
  if (own.length === 0) return false;
  const inTitle = new Set(tokens(title));
  return own.filter((t) => inTitle.has(t)).length >= own.length * 0.6;
}

function tokens(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (!/\p{Script=Han}/u.test(w)) out.push(w);
    else for (let i = 0; i + 1 < w.length; i++) out.push(w.slice(i, i + 2));
  }
  return out;
}

/** Blocks read back from the headline for a date set above it. */
const BEFORE_HEADLINE_BLOCKS = 2;

/**
 * A date set right above the headline ("Last updated:" / "Dec 12, 2025" / <h1>), for headlines
 * with no date line under them: a short block that is its date and nothing else, not a link.
 */
function dateLineBefore(blocks: TextBlock[], at: number, now: Date, zone: string | null, days: Set<string>): { at: string; line: string } | null {
  for (const b of blocks.slice(Math.max(0, at - BEFORE_HEADLINE_BLOCKS), at).reverse()) {
    if (b.text.length > 60 || b.linkChars > 0 || !dateAlone(b.text, now)) continue;
    const d = publishedInLine(b.text, now, zone);
    if (!d) continue;
    for (const day of writtenDays(b.text, now)) days.add(day);
    return { at: d, line: b.text };
  }
  return null;
}

function dateLineAfter(blocks: TextBlock[], at: number, now: Date, zone: string | null, days: Set<string>): { at: string; line: string } | null {
  let chars = 0;
  let found: { at: string; line: string } | null = null;
  for (const b of blocks.slice(at + 1, at + 1 + AFTER_HEADLINE_BLOCKS)) {
    chars += b.text.length;
    if (chars > AFTER_HEADLINE_CHARS) break;
    // A date line is short; a paragraph of prose mentions other dates.
    if (b.text.length > DATE_LINE_CHARS || isSentence(b.text) || teasesStory(b, now)) continue;
    const d = publishedInLine(b.text, now, zone);
    if (!d) continue;
    for (const day of writtenDays(b.text, now)) days.add(day);
    if (!editNotice(b.text, now)) found ??= { at: d, line: b.text };
  }
  return labelledInHeader(blocks, at, now, zone) ?? found;
}

/**
 * An item of a list that is mostly its link, the link a headline with its date beside it
 * ("<li><a>新修订的…今起施行</a> 2022-05-01</li>"): it teases another story. A thread header
 * whose link is the date itself ("<li>Start date <a href=/threads/…><time>Mar 27, 2025</time></a>",
 * "… Yesterday at 4:25 AM") is not.
 */
function teasesStory(b: TextBlock, now: Date): boolean {
  if (!LIST_ITEM.test(b.tag) || b.linkChars <= b.text.length / 2) return false;
  const rest = withoutDates(b.text, now);
  return readsAsHeadline(rest) && !isRelativeDate(rest);
}

/**
 * A post's edit notice: one date, a Chinese revision verb right after it ("本帖最后由 X 于
 * 2010-11-4 08:15 编辑", "此帖被 X 在 … 重新编辑"). Forums print it atop the post's text, under
 * the headline, while the post's own time stands in its header.
 */
function editNotice(line: string, now: Date): boolean {
  const spans = dateSpans(line, now);
  return spans.length === 1 && REVISION_AFTER.test(line.slice(spans[0]!.end, spans[0]!.end + 24));
}

/**
 * A line of Chinese or Japanese prose, closed by a full stop ("2022年10月1日那天我们第一次来这里。"):
 * short in characters, yet a sentence that mentions a date, not a date line.
 */
function isSentence(line: string): boolean {
  return /[。！？]["”’」』）)]?$/.test(line.trim());
}

/** Whether `line` opens with a date, or with a dateline ("【本台2012年1月11日讯】", "新华社北京2023年5月12日电"). */
function opensWithDate(line: string, now: Date): boolean {
  const first = dateSpans(line, now)[0];
  return first !== undefined && (first.index <= 4 || /^\s*[讯訊电電]/.test(line.slice(first.end)));
}

/** Blocks read between a headline and its text for a line labelled as the publication. */
const HEADER_BLOCKS = 30;
/** A line this long without a date is text (a Chinese sentence is short in characters). */
const TEXT_LINE_CHARS = 40;

/**
 * A line labelled as the publication ("发表于 …", "发布时间：…", "Posted …") between the
 * headline and the first paragraph of text: it outranks an unlabelled date above it, as a
 * forum's first post shows its user's join date ("注册时间" / "2010-3-4") before its own time.
 * Comments and replies come after the text and are not read, nor links (another story's teaser).
 */
function labelledInHeader(blocks: TextBlock[], at: number, now: Date, zone: string | null): { at: string; line: string } | null {
  for (const b of blocks.slice(at + 1, at + 1 + HEADER_BLOCKS)) {
    if (b.text.length > DATE_LINE_CHARS) return null;
    const d = publishedInLine(b.text, now, zone);
    // A sentence without a date: the text has begun.
    if (!d && b.text.length >= TEXT_LINE_CHARS) return null;
    if (d && PUBLISHED_WORD.test(b.text) && b.linkChars <= b.text.length / 2) return { at: d, line: b.text };
  }
  return null;
}
