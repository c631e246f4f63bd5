import type { CategoryEntry, Commodity, ExtractContext, Review, ShopFacet } from '../types';
import { localeCurrency } from '../price/currency';
import { mergeCandidates, toCommodity, type Candidate } from './candidate';
import { jsonLdNodes, type SchemaNode } from './structured/jsonld';
import { flattenNodes, microdataNodes } from './structured/microdata';
import { productCandidate, productNodes, schemaReviews, type SchemaContext } from './structured/schema-product';
import { metaCandidate } from './structured/meta-tags';
import { scriptJson } from './state/scripts';
import { detailObject, findItemArrays, itemCandidate, type ItemArray } from './state/find-items';
import { reviewsFromJson } from './state/review-json';
import { pageAvailability, productFromDom, productTitle } from './dom/product-dom';
import { findRecordRegion, recordCandidate, spotsByRecord } from './dom/records';
import { buildPageIndex } from './dom/page-index';
import { categoriesFromMenus } from './dom/categories';
import { crumbsToCategories, domCrumbs, schemaCrumbs } from './dom/breadcrumbs';
import { shopFromDom } from './dom/shop';
import { nextPageUrl } from './dom/pagination';
import { goodsCountFromText } from './signals/goods-count';
import { skuFromUrl } from './signals/sku';
import { preferBuyButton, preferLabelledSku, preferVisibleOutOfStock, votePrice } from './precedence';
import { domReviews, mergeReviews } from './dom/reviews';
import { pageLocale, safely, textOf } from './util';
import { PRODUCT_MIN_SCORE, buyBoxUnderHeading, declaresOneProductToBuy, typePage, type PageTyping } from '../classify/model';
import { pageZone } from '../time/page-zone';

export interface CommerceFacets {
  pageType: 'product' | 'listing' | 'category' | 'shop' | 'other';
  categories: CategoryEntry[];
  shop: ShopFacet | null;
  commodities: Commodity[];
  reviews: Review[];
  links: { next: string | null; count: number };
  /** How the page typer read an auto-mode page (null: kind forced, or the typer failed). */
  typing?: PageTyping | null;
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The schema.org product that is the page's own: named like the title, else the first with a price. */
function mainSchemaProduct(cands: Candidate[], title: string): Candidate | null {
  if (cands.length === 0) return null;
  const t = norm(title);
  const named = t ? cands.find((c) => c.name && (norm(c.name) === t || t.includes(norm(c.name)) || norm(c.name).includes(t))) : undefined;
  return named ?? cands.find((c) => c.price != null || c.salePrice != null) ?? cands[0];
}

/** The state-JSON item that is the page's product: named like the title. */
function stateProduct(arrays: ItemArray[], title: string, base: string): Candidate | null {
  const t = norm(title);
  if (t.length < 4) return null;
  for (const a of arrays) {
    for (const it of a.items) {
      const c = itemCandidate(it, base, 'state');
      if (c.name && norm(c.name) === t) return c;
    }
  }
  return null;
}

/** Variants of one product listed apart in state JSON (same product address): the first stands for it. */
function onePerProduct(items: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return items.filter((c) => {
    if (!c.url) return true;
    if (seen.has(c.url)) return false;
    seen.add(c.url);
    return true;
  });
}

/** Address without query or fragment: tracking parameters differ between the HTML and the JSON. */
const bareUrl = (u: string | null | undefined) => (u ? u.replace(/[?#].*$/, '').replace(/\/$/, '') : '');

/** Whether a larger list holds nearly all of the records of a smaller one (by address or name). */
function covers(big: Candidate[], small: Candidate[]): boolean {
  if (big.length <= small.length) return false;
  const keys = new Set<string>();
  for (const c of big) {
    if (c.url) keys.add(bareUrl(c.url));
    if (c.name) keys.add(norm(c.name));
  }
  const held = small.filter((c) => (c.url && keys.has(bareUrl(c.url))) || (c.name && keys.has(norm(c.name)))).length;
  return held >= small.length * 0.8;
}

/** Fills a listing's missing fields from another source's item with the same URL or name. */
function enrich(items: Candidate[], others: Candidate[]): Candidate[] {
  if (others.length === 0) return items;
  const byKey = new Map<string, Candidate>();
  for (const o of others) {
    if (o.url) byKey.set(o.url, o);
    if (o.name) byKey.set(norm(o.name), o);
  }
  return items.map((c) => {
    const o = (c.url && byKey.get(c.url)) || (c.name && byKey.get(norm(c.name)));
    return o ? mergeCandidates([c, o]) : c;
  });
}

/**
 * Whether a listing is the shop's own page rather than a page that shows a seller box (a search
 * result's sponsored shop, a marketplace's "sold by"): the shop's link leads to this page, or the
 * title starts with the shop's name (a shop's pages are titled "Shop name - …"; a search page
 * names the query first and the marketplace last).
 */
function isShopsOwnPage(title: string, base: string, shop: ShopFacet): boolean {
  const path = (u: string | null) => {
    try {
      if (!u) return null;
      const x = new URL(u);
      return x.host + x.pathname.replace(/\/+$/, '') + x.search;
    } catch {
      return null;
    }
  };
  const here = path(base);
  if (here && here === path(shop.url)) return true;
  const first = norm(title.split(/\s[-|–—·:_]\s|[|｜_—–·:：【\[（(]/)[0] ?? '');
  const name = norm(shop.name);
  return name.length >= 2 && first.length > 0 && first.startsWith(name);
}

/**
 * Commerce facets of a page, from all signals strongest first: schema.org (JSON-LD, microdata,
 * RDFa), meta tags, state JSON in scripts and captured XHR (found by shape), then DOM heuristics.
 * Pure: reads the document, never mutates it; each heuristic is isolated so one failing on an
 * odd page loses only its own signal.
 */
export function extractCommerce(doc: Document, ctx: ExtractContext): CommerceFacets {
  const base = ctx.url;
  const hints = pageLocale(doc, base);
  const sctx: SchemaContext = { url: base, locale: hints.locale, host: hints.host };
  const idx = safely(() => buildPageIndex(doc, hints), null) ?? buildPageIndex(doc.implementation.createHTMLDocument(''), hints);
  const jsonld = safely(() => jsonLdNodes(doc), [] as SchemaNode[]);
  const micro = safely(() => flattenNodes(microdataNodes(idx.elements)), [] as SchemaNode[]);
  const schemaProducts = [
    ...safely(() => productNodes(jsonld).map((n) => productCandidate(n, sctx, 'jsonld')), [] as Candidate[]),
    ...safely(() => productNodes(micro).map((n) => productCandidate(n, sctx, 'microdata')), [] as Candidate[]),
  ];
  const meta = safely(() => metaCandidate(doc, base), null);
  const scripts = safely(() => scriptJson(doc), [] as unknown[]);
  const itemArrays = safely(() => findItemArrays([...scripts, ...ctx.xhr.map((x) => x.body)]), [] as ItemArray[]);
  const title = safely(() => textOf(productTitle(doc, idx)), '') || meta?.name || '';
  const crumbs = safely(() => {
    const s = schemaCrumbs([...jsonld, ...micro], base);
    return s.length ? s : domCrumbs(idx, base);
  }, []);

  // Listing candidates: DOM records, state-JSON arrays, several schema products.
  const region = ctx.kind === 'product' ? null : safely(() => findRecordRegion(idx), null);
  const domItems = region
    ? safely(() => {
        const spots = spotsByRecord(idx, region);
        const items = region.records.map((r) => recordCandidate(r, spots.get(r) ?? [], base, hints));
        // The region was chosen for its price-like texts; when none of them reads as any record's
        // price it is a list of headlines or links mentioning sums, not goods.
        return items.some((c) => c.price != null || c.salePrice != null) ? items : [];
      }, [] as Candidate[])
    : [];
  const stateItems = safely(() => onePerProduct(itemArrays.filter((a) => a.items.length >= 3)[0]?.items.map((it) => itemCandidate(it, base, 'state')) ?? []), [] as Candidate[]);
  const schemaList = schemaProducts.length >= 3 ? schemaProducts : [];

  // A shop's own page (its name is the page heading) lists its goods even when it has only one or two.
  const shopOnPage = safely(() => shopFromDom(idx, base, region?.parent ?? null), null);
  const ownShopPage = !!shopOnPage?.ownPage && ctx.kind !== 'product';

  const ogProduct = /product/i.test(meta?.ogType ?? '');
  const distinctSchema = new Set(schemaProducts.map((c) => norm(c.name))).size;
  const listingSize = Math.max(domItems.length, stateItems.length, schemaList.length);
  // The DOM's product reading (buy button, price by the heading) is a typing signal as well as the product's source.
  const domProduct = ctx.kind === 'listing' || ctx.kind === 'category' ? null : safely(() => productFromDom(doc, idx), { source: 'dom' } as Candidate);
  const typing = ctx.kind === 'auto' ? safely(() => typePage(doc, idx, {
    url: base,
    schema: [...jsonld, ...micro],
    ogType: meta?.ogType ?? null,
    distinctSchema,
    domItems: domItems.length,
    stateItems: stateItems.length,
    region,
    heading: safely(() => productTitle(doc, idx), null),
    dom: domProduct ?? {},
    crumbs: crumbs.length,
  }), null) : null;
  let pageType: CommerceFacets['pageType'];
  if (ctx.kind === 'product') pageType = 'product';
  else if (ctx.kind === 'listing' || ctx.kind === 'category') pageType = ctx.kind;
  else if (ownShopPage) pageType = 'shop';
  else if (typing?.type) {
    // The model's reading: a product when that is likely enough (see PRODUCT_MIN_SCORE), or nearly
    // so with a buy box under the heading (buyBoxUnderHeading); a listing only with its items
    // found; else 'other', which still gets a product when the page offers one.
    if ((typing.scores.product ?? 0) >= PRODUCT_MIN_SCORE || buyBoxUnderHeading(typing)) pageType = 'product';
    else if (typing.type === 'listing' && listingSize >= 3) pageType = 'listing';
    else if (declaresOneProductToBuy(typing.features) && listingSize < 3) pageType = 'product';
    else pageType = 'other';
  }
  else if (distinctSchema === 1 || (ogProduct && listingSize < 3)) pageType = 'product';
  else if (listingSize >= 3) pageType = 'listing';
  else pageType = 'other';

  const commodities: Commodity[] = [];
  let product: Candidate | null = null;
  if (pageType === 'product' || pageType === 'other') {
    const dom = domProduct ?? safely(() => productFromDom(doc, idx), { source: 'dom' } as Candidate);
    const schema = mainSchemaProduct(schemaProducts, title);
    const state = safely(() => stateProduct(itemArrays, title, base), null) ?? safely(() => {
      // A detail API response (the browser fetched it to fill the page in) names no product: its price is the page's.
      const o = detailObject(ctx.xhr.map((x) => x.body));
      return o ? itemCandidate(o, base, 'xhr') : null;
    }, null);
    const parts = [schema, meta, state, dom].filter((c): c is Candidate => c !== null);
    const merged = mergeCandidates(parts);
    // Structured data often carries the regular price while the page shows a sale: when the DOM
    // found that same price struck through next to a lower one, the DOM's pair is the truth.
    // Likewise when structured data gives the price paid now and the DOM shows it next to a struck, higher one.
    if (dom.salePrice != null && dom.price != null && merged.salePrice == null) {
      if (merged.price === dom.price) merged.salePrice = dom.salePrice;
      else if (merged.price === dom.salePrice) [merged.price, merged.salePrice] = [dom.price, dom.salePrice];
    }
    votePrice(merged, schema, meta, dom);
    preferLabelledSku(merged, dom);
    preferBuyButton(merged, dom, state?.source === 'xhr' ? state : null);
    preferVisibleOutOfStock(merged, dom);
    merged.availability ??= safely(() => pageAvailability(doc, idx), null);
    // A product offered at a price with no out-of-stock sign anywhere is on sale: the page says so by offering it.
    // (A source that states a price of 0 offers the item too: a free download is available.)
    if (merged.availability == null && (merged.price != null || merged.salePrice != null || parts.some((p) => p.price === 0))) {
      merged.availability = 'InStock';
      merged.extra = { ...merged.extra, availabilityInferred: true };
    }
    merged.currency ??= localeCurrency(hints);
    merged.sku ??= skuFromUrl(base) ?? (typeof merged.extra?.mpn === 'string' ? merged.extra.mpn : null);
    merged.url ??= base;
    // A buy button by the title and a labelled SKU make a product's page even with no price in
    // the HTML (shops that write it in with script): typed product, adaptive mode renders it,
    // and plain HTTP reports the missing price instead of losing the page as 'other'.
    // A buy control there that the page marks out of stock counts too: an item sold out today
    // keeps its page (buyButton false = a button by the title next to a stock-out line).
    const ownOffer = dom.buyButton !== undefined && dom.skuLabel === 'strong';
    const looksLikeProduct = (schema !== null || ogProduct || (dom.price != null && dom.availability != null) || ownOffer) && !!(merged.name || title);
    // With the page-type model, its reading decides unless it leaves a product likely (a quarter or
    // more), or the page's own buy button and labelled SKU say so.
    const mayPromote = !typing?.type || (typing.scores.product ?? 0) >= 0.25 || ownOffer;
    // A product page names its product: a page the model leans to 'product' without any name (no
    // heading, title or structured name) that lists priced items is their list, not a product.
    if (pageType === 'product' && ctx.kind === 'auto' && !(merged.name || title)) pageType = listingSize >= 3 ? 'listing' : 'other';
    else if (pageType === 'product' || (looksLikeProduct && mayPromote)) {
      if (!merged.name) merged.name = title;
      product = merged;
      pageType = 'product';
      commodities.push(toCommodity(merged));
    }
  }
  if (pageType === 'listing' || pageType === 'category' || pageType === 'shop' || pageType === 'other') {
    // The records on screen are what a shopper sees; state JSON often holds other things (every
    // variant, a whole collection, other modules), so it replaces them only when it holds them.
    const state = domItems.length >= 3 && !covers(stateItems, domItems) ? [] : stateItems;
    const sources = [schemaList, domItems, state].filter((s) => s.length >= 3);
    sources.sort((a, b) => b.length - a.length);
    const chosen = sources[0] ?? [];
    const others = [schemaList, domItems, stateItems].filter((s) => s !== chosen && s.length >= 3).flat();
    for (const c of enrich(chosen, others)) {
      if (!c.name) continue;
      c.currency ??= localeCurrency(hints);
      commodities.push(toCommodity(c));
    }
  }

  // On a page that is neither a product nor a list of goods the plain last crumb is usually the
  // page's own title (often a product whose price the page fills in with script).
  const crumbCats = crumbsToCategories(crumbs, pageType === 'product' || pageType === 'other');
  const menuCats = safely(() => categoriesFromMenus(idx, base, crumbCats, { flatChildren: pageType !== 'product' }), [] as CategoryEntry[]);
  const seenPath = new Set(menuCats.map((c) => c.path.join('\u0001')));
  const categories = [...menuCats, ...crumbCats.filter((c) => !seenPath.has(c.path.join('\u0001')))];

  // A shop's figures come from its own page; a product's seller box names and links it (its
  // scores there may be the item category's, and would overwrite the shop page's).
  const figures = shopOnPage?.ownPage || pageType !== 'product';
  const shop: ShopFacet | null = shopOnPage ? { name: shopOnPage.name, url: shopOnPage.url, goodsCount: figures ? shopOnPage.goodsCount : null, rating: figures ? shopOnPage.rating : null } : null;
  if (product && shop && commodities[0] && !commodities[0].shopName) {
    commodities[0].shopName = shop.name;
    commodities[0].shopUrl = shop.url;
  }
  if (pageType === 'other' && categories.length >= 5 && commodities.length === 0) pageType = 'category';
  if (pageType === 'listing' && shop?.name && isShopsOwnPage(doc.title, base, shop)) pageType = 'shop';

  // Review dates shown without a zone are the page's local times (+08:00 on a Chinese shop). The
  // zone is read once, and only when a review's date is: reading it costs about a tenth of a
  // product page's extraction, and most pages have no reviews.
  let pageZoneRead: string | null | undefined;
  const zone = () => (pageZoneRead === undefined ? (pageZoneRead = safely(() => pageZone(doc, base), null)) : pageZoneRead);
  const reviews = [...safely(() => schemaReviews([...jsonld, ...micro], ctx.now, zone), [] as Review[])];
  if (reviews.length === 0 && pageType === 'product') {
    // The rendered list, and JSON the page fetched or embeds (more pages behind "查看更多评价").
    const dom = safely(() => domReviews(idx, ctx.now, zone), [] as Review[]);
    const json = safely(() => reviewsFromJson([...ctx.xhr.map((x) => x.body), ...scripts], { now: ctx.now, zone }), [] as Review[]);
    reviews.push(...mergeReviews(dom, json));
  }

  const next = pageType === 'product' ? null : safely(() => nextPageUrl(doc, base), null);
  const count = pageType === 'product' ? 0 : safely(() => goodsCountFromText(textOf(region?.parent.parentElement ?? doc.body).slice(0, 20000)) ?? 0, 0);
  return { pageType, categories, shop, commodities, reviews, links: { next, count }, typing };
}
