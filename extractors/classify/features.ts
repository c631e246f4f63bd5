import type { PageIndex } from '../commerce/dom/page-index';
import type { SchemaNode } from '../commerce/structured/jsonld';
import { textWeight } from '../text/script';

/**
 * What the page typer reads besides the DOM: signals the commerce extractor has already
 * computed for the page (so they are not computed twice).
 */
export interface TypingSignals {
  url: string;
  /** JSON-LD and microdata nodes of the page. */
  schema: readonly SchemaNode[];
  ogType: string | null;
  /** Distinct schema.org products on the page. */
  distinctSchema: number;
  domItems: number;
  stateItems: number;
  /** The listing region found in the DOM (records with links and prices). */
  region: { parent: Element; records: readonly Element[] } | null;
  /** The page's product heading, when one was found. */
  heading: Element | null;
  /** What the DOM product heuristics found near the heading. */
  dom: { price?: number | null; availability?: string | null; buyButton?: boolean; skuLabel?: string };
  crumbs: number;
}

/**
 * Feature names, in the order typingFeatures returns them; the model is trained on this order
 * (scripts/train-page-type.ts), so adding or reordering a feature means retraining.
 */
export const FEATURE_NAMES = [
  'ldProducts', 'ldArticle', 'ldList', 'ldForum', 'ldBreadcrumb', 'ogProduct', 'ogArticle', 'metaPublished',
  'domItems', 'stateItems', 'regionRecords', 'regionPos', 'regionAfterHeading', 'regionShare',
  'spots', 'spotsStruckShare', 'spotsNearHeading', 'buyButton', 'skuStrong', 'domPrice', 'domAvailability',
  'qtyInput', 'selects', 'textWeight', 'linkDensity', 'pShare', 'longParagraphs', 'bodyBlockShare',
  'h1Count', 'headingInTitle', 'headingPos', 'linkedHeadings', 'plainHeadings', 'headlineLinks', 'links', 'shortLinkShare',
  'times', 'dateNearHeading', 'dates', 'urlDepth', 'urlProduct', 'urlNews', 'urlList', 'urlSlugWords', 'urlLongNumber',
  'textareas', 'images', 'crumbs', 'authorMarker', 'commentMarker', 'textAfterHeadingShare',
] as const;

const ARTICLE_TYPE = /^(?:\w+:)?(?:Article|NewsArticle|BlogPosting|ReportageNews|AnalysisNewsArticle|OpinionNewsArticle|ScholarlyArticle|TechArticle|LiveBlogPosting|Report|Posting)$/i;
const LIST_TYPE = /^(?:\w+:)?(?:ItemList|CollectionPage|SearchResultsPage|OfferCatalog|ProductCollection)$/i;
const FORUM_TYPE = /^(?:\w+:)?(?:DiscussionForumPosting|QAPage|Question|FAQPage|SocialMediaPosting)$/i;
const DATE_TEXT =
  /\b(?:19|20)\d\d[-/.年](?:0?[1-9]|1[0-2])[-/.月](?:0?[1-9]|[12]\d|3[01])|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? (?:19|20)\d\d|\b\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (?:19|20)\d\d|\d+ (?:hours?|days?|minutes?) ago|\d+\s*(?:小时|分钟|天)前/i;
const URL_PRODUCT = /\/(?:products?|items?|p|dp|goods|detail|sku|pd|prod)(?:\/|[-_.]|$)|[?&](?:id|sku|pid|item_?id|product_?id|goods_?id)=/i;
const URL_NEWS = /\/(?:news|article|articles|blog|blogs|story|stories|post|posts|press|20\d\d\/\d\d?)(?:\/|[-_.]|$)/i;
const URL_LIST = /\/(?:category|categories|collections?|search|list|c|shop|catalog|catalogue|browse|department|s)(?:\/|[-_.?]|$)|[?&](?:q|keyword|query|search|cat|category)=/i;
const AUTHOR = /\bauthor\b|\bbyline\b|\bbyl\b/i;
const COMMENT = /comment/i;

const log1p = (n: number) => Math.log1p(Math.max(0, n));
const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);

function inLink(el: Element | null, depth = 6): boolean {
  for (let e = el, i = 0; e && i < depth; e = e.parentElement, i++) if (e.tagName === 'A') return true;
  return false;
}

function schemaTypes(nodes: readonly SchemaNode[]): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const t = n['@type'] ?? n.type;
    if (typeof t === 'string') out.push(t);
    else if (Array.isArray(t)) for (const x of t) if (typeof x === 'string') out.push(x);
  }
  return out;
}

function urlFeatures(url: string): number[] {
  let path = '';
  let query = '';
  try {
    const u = new URL(url);
    path = decodeURIComponent(u.pathname);
    query = u.search;
  } catch {
    path = url;
  }
  const segs = path.split('/').filter(Boolean);
  const slugWords = Math.max(0, ...segs.map((s) => s.split(/[-_]+/).filter(Boolean).length));
  const pq = path + query;
  return [
    Math.min(segs.length, 8),
    URL_PRODUCT.test(pq) ? 1 : 0,
    URL_NEWS.test(pq) ? 1 : 0,
    URL_LIST.test(pq) ? 1 : 0,
    Math.min(slugWords, 15),
    /\d{5,}/.test(pq) ? 1 : 0,
  ];
}

/**
 * Numbers that tell page types apart, from one pass over the page index: what structured data
 * says, how much of the text is paragraphs vs links, repeated priced records and where they sit
 * relative to the heading, buy controls, dates and the URL's shape. Cheap (no selector queries).
 */
export function typingFeatures(doc: Document, idx: PageIndex, s: TypingSignals): number[] {
  const types = schemaTypes(s.schema);
  const ogType = (s.ogType ?? '').toLowerCase();
  const metas = idx.byTag.get('META') ?? [];
  let metaPublished = 0;
  for (const m of doc.head ? Array.from(doc.head.getElementsByTagName('meta')) : metas) {
    const k = `${m.getAttribute('property') ?? ''} ${m.getAttribute('name') ?? ''} ${m.getAttribute('itemprop') ?? ''}`.toLowerCase();
    if (/published_time|datepublished|pubdate|publishdate|publish-date|article:published/.test(k)) metaPublished = 1;
  }

  // Text: total weight, weight inside links, position of the heading.
  const heading = s.heading;
  let total = 0;
  let linked = 0;
  let headingIndex = -1;
  let afterHeading = 0;
  let dates = 0;
  let dateNearHeading = 0;
  for (const { node, index } of idx.texts) {
    const v = node.nodeValue ?? '';
    const w = textWeight(v.trim());
    total += w;
    if (inLink(node.parentElement)) linked += w;
    if (headingIndex < 0 && heading && heading.contains(node)) headingIndex = index;
    if (headingIndex >= 0) afterHeading += w;
    if (v.length < 200 && DATE_TEXT.test(v)) {
      dates++;
      if (headingIndex >= 0 ? index - headingIndex <= 25 : false) dateNearHeading = 1;
    }
  }
  // A date just above the heading (kicker lines) counts as near it too.
  if (!dateNearHeading && headingIndex >= 0) {
    for (const { node, index } of idx.texts) {
      if (index >= headingIndex) break;
      if (headingIndex - index <= 6 && (node.nodeValue ?? '').length < 200 && DATE_TEXT.test(node.nodeValue ?? '')) dateNearHeading = 1;
    }
  }
  const nTexts = idx.texts.length || 1;

  // Paragraphs: their share of the text, and how much of it one container holds (an article body).
  let pWeight = 0;
  let longP = 0;
  const byParent = new Map<Element, number>();
  for (const p of idx.byTag.get('P') ?? []) {
    const w = textWeight((p.textContent ?? '').trim());
    pWeight += w;
    if (w >= 80) longP++;
    if (w >= 40 && p.parentElement) byParent.set(p.parentElement, (byParent.get(p.parentElement) ?? 0) + w);
  }
  const bodyBlock = Math.max(0, ...byParent.values());

  // Headings that are links (headline lists) vs plain ones (sections of one text).
  let linkedHeadings = 0;
  let plainHeadings = 0;
  for (const tag of ['H2', 'H3', 'H4']) {
    for (const h of idx.byTag.get(tag) ?? []) {
      if (h.getElementsByTagName('a').length > 0 || inLink(h, 3)) linkedHeadings++;
      else plainHeadings++;
    }
  }
  const anchors = idx.byTag.get('A') ?? [];
  let headlineLinks = 0;
  let shortLinks = 0;
  for (const a of anchors) {
    const w = textWeight((a.textContent ?? '').trim());
    if (w >= 40) headlineLinks++;
    else if (w > 0 && w <= 24) shortLinks++;
  }

  // Prices: how many, how many struck, how many just after the heading.
  let struck = 0;
  let nearHeading = 0;
  for (const sp of idx.spots) {
    if (sp.struck) struck++;
    else if (headingIndex >= 0 && sp.index >= headingIndex && sp.index - headingIndex <= 40) nearHeading++;
  }

  // Inputs: a quantity box and option selects belong to a buy box.
  let qty = 0;
  for (const i of idx.byTag.get('INPUT') ?? []) {
    const k = `${i.getAttribute('type') ?? ''} ${i.getAttribute('name') ?? ''} ${i.id} ${i.getAttribute('class') ?? ''}`;
    if (/qty|quantity|amount|\bnumber\b|buy-?num/i.test(k)) qty = 1;
  }

  let authorMarker = 0;
  let commentMarker = 0;
  for (let i = 0; i < idx.elements.length; i++) {
    const n = idx.names[i];
    if (n.length < 2) continue;
    if (!authorMarker && AUTHOR.test(n)) authorMarker = 1;
    if (COMMENT.test(n)) commentMarker++;
  }
  if (!authorMarker && (idx.byTag.get('A') ?? []).some((a) => /\bauthor\b/i.test(a.getAttribute('rel') ?? ''))) authorMarker = 1;

  const region = s.region;
  let regionPos = -1;
  let regionAfterHeading = 0;
  let regionShare = 0;
  if (region && region.records.length) {
    const first = region.records[0];
    const at = idx.elements.indexOf(first);
    regionPos = at >= 0 ? at / Math.max(1, idx.elements.length) : -1;
    if (heading && !region.parent.contains(heading)) {
      // DOCUMENT_POSITION_FOLLOWING (4): the records come after the heading.
      regionAfterHeading = heading.compareDocumentPosition(first) & 4 ? 1 : 0;
    }
    regionShare = Math.min(1, textWeight((region.parent.textContent ?? '').trim()) / Math.max(1, total));
  }

  const titleWords = new Set(words(`${doc.title}`));
  const hw = heading ? words(heading.textContent ?? '') : [];
  const headingInTitle = hw.length ? hw.filter((w) => titleWords.has(w)).length / hw.length : 0;

  return [
    Math.min(s.distinctSchema, 5),
    types.some((t) => ARTICLE_TYPE.test(t)) ? 1 : 0,
    types.some((t) => LIST_TYPE.test(t)) ? 1 : 0,
    types.some((t) => FORUM_TYPE.test(t)) ? 1 : 0,
    types.some((t) => /BreadcrumbList$/i.test(t)) ? 1 : 0,
    /product/.test(ogType) ? 1 : 0,
    /article/.test(ogType) ? 1 : 0,
    metaPublished,
    log1p(s.domItems),
    log1p(s.stateItems),
    log1p(region?.records.length ?? 0),
    regionPos,
    regionAfterHeading,
    regionShare,
    log1p(idx.spots.length),
    idx.spots.length ? struck / idx.spots.length : 0,
    Math.min(nearHeading, 5),
    s.dom.buyButton ? 1 : 0,
    s.dom.skuLabel === 'strong' ? 1 : 0,
    s.dom.price != null ? 1 : 0,
    s.dom.availability != null ? 1 : 0,
    qty,
    log1p((idx.byTag.get('SELECT') ?? []).length),
    log1p(total),
    total ? linked / total : 0,
    total ? Math.min(1, pWeight / total) : 0,
    log1p(longP),
    total ? Math.min(1, bodyBlock / total) : 0,
    Math.min((idx.byTag.get('H1') ?? []).length, 5),
    headingInTitle,
    headingIndex >= 0 ? headingIndex / nTexts : -1,
    log1p(linkedHeadings),
    log1p(plainHeadings),
    log1p(headlineLinks),
    log1p(anchors.length),
    anchors.length ? shortLinks / anchors.length : 0,
    log1p((idx.byTag.get('TIME') ?? []).length),
    dateNearHeading,
    log1p(dates),
    ...urlFeatures(s.url),
    log1p((idx.byTag.get('TEXTAREA') ?? []).length),
    log1p((idx.byTag.get('IMG') ?? []).length),
    Math.min(s.crumbs, 8),
    authorMarker,
    log1p(commentMarker),
    total && headingIndex >= 0 ? afterHeading / total : 0,
  ];
}
