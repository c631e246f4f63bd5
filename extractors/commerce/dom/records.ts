import type { Candidate } from '../candidate';
import { priceInText, struckHow, type LocaleHints } from '../signals/price-text';
import { labelBefore, priceLabelKind } from '../signals/price-label';
import type { PageIndex, PriceSpot } from './page-index';
import { ratingFromText, ratingFromWidget, reviewCountFromText } from '../signals/rating';
import { availabilityFromText } from '../signals/availability';
import { absUrl, childGroups, classContains, firstDescendant, spacedText, tagged, textOf } from '../util';

/**
 * Listing record mining in the spirit of MDR/DEPTA: a data region is a parent whose children
 * share a tag/class signature and each hold a link and price-like text. The best region (most
 * such records) gives one candidate per record.
 */
export interface RecordRegion {
  parent: Element;
  records: Element[];
}

const MIN_RECORDS = 3;

/** A child's class words without digits and state words ("active", "odd"): what its template gives it. */
function classWords(el: Element): string[] {
  return (el.getAttribute('class') ?? '').replace(/\d+/g, '').split(/\s+/).filter((w) => w && !/active|selected|current|first|last|odd|even|hover/i.test(w)).sort();
}

/** A child's signature: its tag, class words, and whether it has element children. */
function signature(el: Element): string {
  return `${el.tagName}|${classWords(el).join('.')}|${el.firstElementChild ? 'k' : ''}`;
}

/**
 * Children grouped by signature, then groups of one tag whose class words mostly agree merged:
 * a template adds a modifier to some cards (`item-cell is-featured`, a sponsored card's
 * `AdHolder`), and those cards are records of the same list.
 */
function recordGroups(parent: Element): Element[][] {
  const groups = childGroups(parent, signature);
  if (groups.length < 2) return groups;
  const words = groups.map((g) => new Set(classWords(g[0]!)));
  const out: Element[][] = [];
  const used = new Set<number>();
  for (let i = 0; i < groups.length; i++) {
    if (used.has(i)) continue;
    let merged = groups[i]!;
    const members = [i];
    for (let j = i + 1; j < groups.length; j++) {
      if (used.has(j) || groups[j]![0]!.tagName !== groups[i]![0]!.tagName || !members.some((m) => similar(words[m]!, words[j]!))) continue;
      merged = [...merged, ...groups[j]!];
      members.push(j);
      used.add(j);
    }
    // Back in document order: the records' order is the list's.
    if (merged !== groups[i]) merged = Array.from(parent.children).filter((c) => merged.includes(c));
    out.push(merged);
  }
  return out;
}

/** Whether two class-word sets share at least half of their union (both non-empty). */
function similar(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common * 2 >= a.size + b.size - common;
}

/** Finds the listing's data region, or null when no parent has enough item-like children. */
export function findRecordRegion(idx: PageIndex): RecordRegion | null {
  let best: RecordRegion | null = null;
  let bestScore = 0;
  for (const el of idx.elements) {
    if (el.childElementCount < MIN_RECORDS || !idx.withPrice.has(el) || !idx.withLink.has(el)) continue;
    for (const g of recordGroups(el)) {
      if (g.length < MIN_RECORDS || g.length <= bestScore) continue;
      const linked = g.filter((r) => idx.withLink.has(r));
      if (linked.length < Math.max(MIN_RECORDS, g.length * 0.6)) continue;
      const priced = linked.filter((r) => idx.withPrice.has(r)).length;
      if (priced < linked.length * 0.6) continue;
      if (linked.length > bestScore) {
        bestScore = linked.length;
        best = { parent: el, records: linked };
      }
    }
  }
  return best && { parent: best.parent, records: withoutStrays(idx, best.records) };
}

/**
 * A grid's members without a price that are not goods: a promo tile whose own card template has
 * no price anywhere in the grid, or a bare link (a "Next" cell) with no picture where the priced
 * cards have one. An unpriced card like the others (sold out, price on request) stays.
 */
function withoutStrays(idx: PageIndex, records: Element[]): Element[] {
  const priced = records.filter((r) => idx.withPrice.has(r));
  if (priced.length === records.length) return records;
  const pricedSigs = new Set(priced.map(signature));
  const hasImg = (r: Element) => r.tagName === 'IMG' || firstDescendant(r, (e) => e.tagName === 'IMG') !== null;
  const pictured = priced.filter(hasImg).length >= priced.length * 0.8;
  const kept = records.filter((r) => idx.withPrice.has(r) || (pricedSigs.has(signature(r)) && (!pictured || hasImg(r))));
  return kept.length >= MIN_RECORDS ? kept : records;
}

/** The price spots of each record, by walking up from each spot to its record. */
export function spotsByRecord(idx: PageIndex, region: RecordRegion): Map<Element, PriceSpot[]> {
  const recs = new Set(region.records);
  const out = new Map<Element, PriceSpot[]>();
  for (const s of idx.spots) {
    for (let e: Element | null = s.el; e && e !== region.parent; e = e.parentElement) {
      if (recs.has(e)) {
        const l = out.get(e);
        if (l) l.push(s);
        else out.set(e, [s]);
        break;
      }
    }
  }
  return out;
}

/** What the words just before a price call it: the regular price, or the one paid now. */
function labelKind(before: string): 'old' | 'now' | null {
  const kind = priceLabelKind(before);
  return kind === 'list' ? 'old' : kind === 'sale' || kind === 'current' ? 'now' : null;
}

/** Starts with a sum and its currency ("£1.70 Clubcard Price…", "129元…"): an offer line, not the name. */
const SUM = /^\W{0,3}(?:[$€£¥￥₹₩₽]\s?\d|\d[\d.,]*\s?(?:[€₽元円]|руб))/;

/** Whether a link is (in) a heading of its record, or holds one: the card's title. */
function inHeading(a: Element, rec: Element): boolean {
  for (let e: Element | null = a; e && e !== rec; e = e.parentElement) if (/^H[1-6]$/.test(e.tagName)) return true;
  return firstDescendant(a, (e) => /^H[1-6]$/.test(e.tagName)) !== null;
}

const NAME_CLASS = /title|name|desc|product-?link/i;
const SHOP_CLASS = /shop|store|seller|merchant|vendor/i;
const TITLE_PARTS = ['title', 'name'];
const RATING_PARTS = ['star', 'rating', 'score'];
const SHOP_PARTS = ['shop', 'store', 'seller'];

/** One record as a candidate: name and URL from its main link, prices (struck = regular), image, rating. */
export function recordCandidate(rec: Element, spots: PriceSpot[], base: string, hints: LocaleHints): Candidate {
  const c: Candidate = { source: 'records', extra: {} };
  const links = rec.tagName === 'A' ? [rec] : tagged(rec, 'a').filter((a) => a.hasAttribute('href'));
  let main: Element | null = null;
  let mainLen = 0;
  // The product's own address is usually linked twice, from its picture and from its title.
  const hrefCount = new Map<string, number>();
  const target = (a: Element) => absUrl(a.getAttribute('href'), base) ?? '';
  for (const a of links) if (target(a) && firstDescendant(a, (e) => e.tagName === 'IMG')) hrefCount.set(target(a), 1);
  for (const a of links) if (hrefCount.has(target(a)) && !firstDescendant(a, (e) => e.tagName === 'IMG')) hrefCount.set(target(a), 2);
  for (const a of links) {
    if (SHOP_CLASS.test(a.getAttribute('class') ?? '') || SHOP_CLASS.test(a.parentElement?.getAttribute('class') ?? '')) continue;
    const t = (a.getAttribute('title') ?? '').trim() || textOf(a);
    const named = NAME_CLASS.test(`${a.getAttribute('class') ?? ''} ${a.parentElement?.getAttribute('class') ?? ''}`);
    const headed = inHeading(a, rec);
    const len = t.length + (named ? 200 : 0) + (headed ? 300 : 0) + ((hrefCount.get(target(a)) ?? 0) > 1 ? 100 : 0) - (priceInText(t, hints) ? 500 : 0);
    if (t && len > mainLen) {
      main = a;
      mainLen = len;
    }
  }
  const titled = firstDescendant(rec, (e) => classContains(e, TITLE_PARTS));
  const nameText = titled && !priceInText(textOf(titled), hints) && !SUM.test(textOf(titled)) ? textOf(titled) : '';
  c.name = nameText || (main ? (main.getAttribute('title') ?? '').trim() || textOf(main) : '') || firstDescendant(rec, (e) => e.tagName === 'IMG' && e.hasAttribute('alt'))?.getAttribute('alt') || null;
  c.url = absUrl((main ?? links[0])?.getAttribute('href'), base);
  // Prices: the record's price spots in order; struck ones (within the record) are regular prices.
  const live: number[] = [];
  const struck: number[] = [];
  for (const sp of spots) {
    c.currency ??= sp.currency;
    const how = struckHow(sp.el, rec);
    // A written label beats a class name: themes name their price classes loosely (a
    // "price__regular" holding the sale price), the words beside a price are what a shopper reads.
    const label = labelKind(labelBefore(sp.el));
    const isOld = label === 'old' ? true : label === 'now' && how !== 'drawn' ? false : how !== null;
    (isOld ? struck : live).push(sp.amount);
  }
  const now = live[0] ?? null;
  const old = struck.find((x) => now === null || x > now) ?? null;
  if (old !== null && now !== null) {
    c.price = old;
    c.salePrice = now;
  } else {
    c.price = now ?? old;
    c.salePrice = null;
  }
  const img = firstDescendant(rec, (e) => e.tagName === 'IMG');
  if (img) {
    const src = img.getAttribute('data-src') ?? img.getAttribute('data-original') ?? img.getAttribute('data-lazy-src') ?? img.getAttribute('src');
    c.image = absUrl(src?.startsWith('//') ? `https:${src}` : src, base);
  }
  const text = spacedText(rec);
  const widget = firstDescendant(rec, (e) => classContains(e, RATING_PARTS) || /out of/i.test(e.getAttribute('aria-label') ?? ''));
  c.rating = (widget ? ratingFromWidget(widget) : null) ?? ratingFromText(text);
  c.reviewCount = reviewCountFromText(text);
  c.availability = availabilityFromText(text);
  const shop = firstDescendant(rec, (e) => classContains(e, SHOP_PARTS));
  if (shop) {
    const a = shop.tagName === 'A' ? shop : firstDescendant(shop, (e) => e.tagName === 'A' && e.hasAttribute('href'));
    c.shopName = textOf(shop) || null;
    c.shopUrl = a ? absUrl(a.getAttribute('href'), base) : null;
  }
  return c;
}
