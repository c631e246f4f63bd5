import { createRng, type Rng } from './prng';
import * as V from './vocabulary';

/**
 * Ground truth of the demo site: everything a perfect crawler + extractor should find.
 * `buildCatalog` is a pure function of its options; the server renders pages from it.
 */
export interface CatalogOptions {
  /** Default 42. */
  seed?: number;
  /** Number of products, default 320. */
  products?: number;
  /** News articles per language (zh and en), default 12. */
  newsPerLanguage?: number;
}

export interface DemoCategory {
  id: string;
  name: string;
  /** Absolute path, e.g. `/c/1-2-3` (the site prefixes its origin). */
  url: string;
  level: 1 | 2 | 3;
  parentId: string | null;
  /** Names from the top-level category down to this one. */
  path: string[];
  childIds: string[];
}

export interface DemoShop {
  id: string;
  name: string;
  url: string;
  /** Goods shown as "共 N 件商品" (kept current after mutate()). */
  goodsCount: number;
  /** The rating as a user reads it: a score like "4.8" or a percentage like "好评率 98%". */
  rating: string;
  ratingKind: 'score' | 'percent';
}

export interface DemoReview {
  author: string;
  rating: number;
  content: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface DemoProduct {
  id: string;
  url: string;
  name: string;
  /** List (original) price in yuan. */
  price: number;
  /** Promotional price when on sale, else null. */
  salePrice: number | null;
  currency: 'CNY';
  shopId: string;
  categoryId: string;
  sku: string;
  brand: string;
  availability: 'InStock' | 'OutOfStock';
  /** Absolute path of the product image. */
  image: string;
  /** Attribute table rows (颜色, 内存, ...). */
  extra: Record<string, string>;
  /** Average review score 0–5, one decimal. */
  rating: number;
  /** Percentage of good reviews, integer. */
  goodRate: number;
  reviews: DemoReview[];
  /** How the product page exposes name/sku/brand as structured data. */
  markup: 'json-ld' | 'microdata' | 'plain';
  /** Product page layout: a JD-like or a Taobao/Tmall-like template (different markup, same facts). */
  layout: 'jd' | 'tb';
  /** Epoch ms, whole seconds; bumped by mutate(). */
  lastModified: number;
}

export type NewsDateFormat = 'json-ld' | 'meta' | 'time' | 'text-cn' | 'text-dash' | 'text-en';

export interface DemoNews {
  id: string;
  url: string;
  language: 'zh' | 'en';
  title: string;
  author: string;
  /** ISO 8601 with +08:00 offset. */
  publishedAt: string;
  /** The main text, paragraph by paragraph, exactly as on the page. */
  paragraphs: string[];
  /** A brief (快讯): one short paragraph under the headline, as portals print their flashes. */
  brief: boolean;
  /** Terms planted repeatedly in the text (good keyword candidates). */
  topicTerms: string[];
  /** Where/how the date appears on the page. */
  dateFormat: NewsDateFormat;
  /** The date text visible on the page. */
  dateShown: string;
  /** Epoch ms of publishedAt. */
  lastModified: number;
  /** Credited source (来源：…) and responsible editor (责任编辑：…) of a Chinese article; null in English. */
  source: string | null;
  editor: string | null;
  /**
   * Paragraph where page 2 starts, for an article split over two pages (`<id>_2.html`, linked by
   * "1 2 下一页" as portals do); null for a one-page article.
   */
  pageTwoFrom: number | null;
}

export interface DemoCatalog {
  seed: number;
  categories: DemoCategory[];
  shops: DemoShop[];
  products: DemoProduct[];
  news: DemoNews[];
  /** Paths served GBK-encoded (shop pages incl. their ?page=N, Chinese articles). */
  gbkPages: string[];
}

export const PAGE_SIZE = 20;
export const NEWS_PAGE_SIZE = 10;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function buildCategories(): { categories: DemoCategory[]; leafSpecs: Map<string, { top: V.TopSpec; leaf: V.LeafSpec }> } {
  const categories: DemoCategory[] = [];
  const leafSpecs = new Map<string, { top: V.TopSpec; leaf: V.LeafSpec }>();
  V.CATEGORY_TREE.forEach((top, ti) => {
    const topId = String(ti + 1);
    const topCat: DemoCategory = { id: topId, name: top.name, url: `/c/${topId}`, level: 1, parentId: null, path: [top.name], childIds: [] };
    categories.push(topCat);
    top.subs.forEach((sub, si) => {
      const subId = `${topId}-${si + 1}`;
      const subCat: DemoCategory = { id: subId, name: sub.name, url: `/c/${subId}`, level: 2, parentId: topId, path: [top.name, sub.name], childIds: [] };
      topCat.childIds.push(subId);
      categories.push(subCat);
      sub.leaves.forEach((lf, li) => {
        const id = `${subId}-${li + 1}`;
        subCat.childIds.push(id);
        categories.push({ id, name: lf.name, url: `/c/${id}`, level: 3, parentId: subId, path: [top.name, sub.name, lf.name], childIds: [] });
        leafSpecs.set(id, { top, leaf: lf });
      });
    });
  });
  return { categories, leafSpecs };
}

interface ShopSeed { shop: DemoShop; brand: string | null; tops: number[] }

/** Brand stores sell their brand; generic stores sell whole top-level categories. */
function buildShops(rng: Rng): ShopSeed[] {
  const brandTop = V.CATEGORY_TREE.flatMap((t, ti) => t.brands.slice(0, 3).map((b) => ({ b, ti })));
  const brandShops = rng.sample(brandTop, 8).map(({ b, ti }) => ({ name: b + rng.pick(V.SHOP_SUFFIXES), brand: b as string | null, tops: [ti] }));
  const generic = V.SHOP_GENERIC.map((g) => ({ name: g.name, brand: null, tops: g.tops }));
  return [...brandShops, ...generic].map((x, i) => {
    const percent = i % 2 === 1;
    return {
      brand: x.brand,
      tops: x.tops,
      shop: {
        id: String(1001 + i),
        name: x.name,
        url: `/shop/${1001 + i}`,
        goodsCount: 0,
        rating: percent ? `好评率 ${rng.int(92, 100)}%` : (rng.int(42, 50) / 10).toFixed(1),
        ratingKind: percent ? 'percent' : 'score',
      },
    };
  });
}

/** A "nice" shop price: 1299, 1299.9, 99.5 ... */
function nicePrice(rng: Rng, min: number, max: number): number {
  const raw = min + rng.next() * (max - min);
  if (raw >= 100) return Math.max(min, Math.round(raw / 100) * 100 - 1) + rng.pick([0, 0, 0, 0.9]);
  return Math.floor(raw) + rng.pick([0, 0.9, 0.5, 0.8]);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const BASE_TIME = Date.UTC(2024, 0, 1, 0, 0, 0);
const DAY = 86_400_000;

function buildProducts(rng: Rng, count: number, categories: DemoCategory[], leafSpecs: Map<string, { top: V.TopSpec; leaf: V.LeafSpec }>, shops: ShopSeed[]): DemoProduct[] {
  const leaves = categories.filter((c) => c.level === 3);
  // Zipf-like weights so a few leaf categories are long enough to paginate.
  const weights = leaves.map((_, i) => 1 / (1 + (i * 7) % leaves.length));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickLeaf = (): DemoCategory => {
    let r = rng.next() * total;
    for (let i = 0; i < leaves.length; i++) { r -= weights[i]!; if (r <= 0) return leaves[i]!; }
    return leaves[leaves.length - 1]!;
  };
  const products: DemoProduct[] = [];
  for (let i = 0; i < count; i++) {
    // Every leaf gets at least one product when there are enough products.
    const cat = i < leaves.length && count >= leaves.length * 2 ? leaves[i]! : pickLeaf();
    const { top, leaf } = leafSpecs.get(cat.id)!;
    const brand = rng.pick(top.brands);
    const series = rng.pick(['X', 'K', 'Note ', 'Air ', 'S', 'M', 'G', 'V']) + rng.int(2, 90);
    const suffix = rng.pick(V.MODEL_SUFFIXES);
    const extra: Record<string, string> = {};
    for (const [k, values] of Object.entries(leaf.attributes ?? top.attributes)) extra[k] = rng.pick(values);
    const firstTwo = Object.values(extra).slice(0, 2).join(' ');
    const name = `${rng.pick(V.NAME_TAGS)}${brand} ${series}${suffix ? ' ' + suffix : ''} ${leaf.noun} ${firstTwo}`.replace(/\s+/g, ' ').trim();
    const price = nicePrice(rng, leaf.price[0], leaf.price[1]);
    const onSale = rng.chance(0.45);
    const salePrice = onSale ? Math.max(1, round2(Math.floor(price * (0.7 + rng.next() * 0.25)) + rng.pick([0, 0.9]))) : null;
    const nReviews = rng.int(0, 6);
    const reviews: DemoReview[] = [];
    for (let r = 0; r < nReviews; r++) {
      const stars = rng.chance(0.8) ? rng.int(4, 5) : rng.int(1, 3);
      const d = new Date(BASE_TIME + rng.int(0, 300) * DAY);
      reviews.push({
        author: rng.pick(V.REVIEW_AUTHORS),
        rating: stars,
        content: stars >= 4 ? rng.pick(V.REVIEW_GOOD) : rng.pick(V.REVIEW_BAD),
        date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      });
    }
    const id = String(100001 + i);
    const topIndex = V.CATEGORY_TREE.indexOf(top);
    const own = shops.find((x) => x.brand === brand);
    const generic = shops.filter((x) => x.brand === null && x.tops.includes(topIndex));
    const shop = (own && rng.chance(0.85) ? own : rng.pick(generic)).shop;
    shop.goodsCount++;
    products.push({
      id,
      url: `/p/${id}.html`,
      name,
      price,
      salePrice,
      currency: 'CNY',
      shopId: shop.id,
      categoryId: cat.id,
      sku: `${brand.length > 2 ? 'SN' : 'SK'}${(rng.int(0, 0xffffff) >>> 0).toString(16).toUpperCase().padStart(6, '0')}-${i}`,
      brand,
      availability: rng.chance(0.12) ? 'OutOfStock' : 'InStock',
      image: `/img/${id}.png`,
      extra,
      rating: round2(rng.int(38, 50) / 10),
      goodRate: rng.int(85, 100),
      reviews,
      markup: (['json-ld', 'microdata', 'plain'] as const)[i % 3]!,
      layout: i % 2 === 0 ? 'jd' : 'tb',
      lastModified: BASE_TIME + rng.int(0, 300) * DAY + rng.int(0, 86_399) * 1000,
    });
  }
  return products;
}

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? '');
}

function buildNews(rng: Rng, perLanguage: number): DemoNews[] {
  const news: DemoNews[] = [];
  for (const language of ['zh', 'en'] as const) {
    const zh = language === 'zh';
    const topics = zh ? V.ZH_TOPICS : V.EN_TOPICS;
    for (let i = 0; i < perLanguage; i++) {
      const topic = topics[i % topics.length]!;
      const [A, B, C] = topic.terms;
      const person = () => zh ? rng.pick(V.ZH_SURNAMES) + rng.pick(V.ZH_GIVEN) : `${rng.pick(V.EN_FIRST)} ${rng.pick(V.EN_LAST)}`;
      const slots = () => ({
        A, B, C,
        CITY: rng.pick(zh ? V.ZH_CITIES : V.EN_CITIES),
        ORG: rng.pick(zh ? V.ZH_ORGS : V.EN_ORGS),
        N: String(rng.int(12, 980)),
        P: String(rng.int(3, 68)),
        Y: String(rng.int(2025, 2030)),
        NAME: person(),
      });
      const titleCase = (t: string) => (zh ? t : t.replace(/\b[a-z]/g, (c) => c.toUpperCase()));
      const tSlots = slots();
      const title = fill(rng.pick(zh ? V.ZH_TITLES : V.EN_TITLES), { ...tSlots, A: titleCase(A), B: titleCase(B), C: titleCase(C) });
      const sentences = zh ? V.ZH_SENTENCES : V.EN_SENTENCES;
      const nPara = rng.int(8, 20);
      const paragraphs: string[] = [];
      // Deal sentences from a shuffled deck so an article does not repeat itself until it must.
      let deck: string[] = [];
      for (let p = 0; p < nPara; p++) {
        const picked: string[] = [];
        for (let k = rng.int(2, 4); k > 0; k--) {
          if (deck.length === 0) deck = rng.sample(sentences, sentences.length);
          picked.push(fill(deck.pop()!, slots()));
        }
        paragraphs.push(picked.join(zh ? '' : ' '));
      }
      // Local (+08:00) publishing hours 06:00-22:59.
      const t = BASE_TIME - 400 * DAY + rng.int(0, 700) * DAY + (rng.int(6, 22) - 8) * 3_600_000 + rng.int(0, 59) * 60_000;
      // Shown in China time (+08:00).
      const local = new Date(t + 8 * 3_600_000);
      const Y = local.getUTCFullYear(), M = local.getUTCMonth() + 1, D = local.getUTCDate(), h = local.getUTCHours(), m = local.getUTCMinutes();
      const publishedAt = `${Y}-${pad(M)}-${pad(D)}T${pad(h)}:${pad(m)}:00+08:00`;
      const formats: NewsDateFormat[] = zh ? ['json-ld', 'meta', 'time', 'text-cn', 'text-dash'] : ['json-ld', 'meta', 'time', 'text-en', 'text-dash'];
      const dateFormat = formats[i % formats.length]!;
      const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
      // Chinese pages print Beijing time with no zone, as Chinese portals do; the English
      // edition says which zone it means (its readers are not all in China).
      const dateShown =
        dateFormat === 'text-cn' || (zh && dateFormat !== 'text-dash') ? `${Y}年${pad(M)}月${pad(D)}日 ${pad(h)}:${pad(m)}`
        : dateFormat === 'text-en' || (!zh && dateFormat !== 'text-dash') ? `${months[M - 1]} ${D}, ${Y} ${h % 12 || 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'} GMT+8`
        : `${Y}-${pad(M)}-${pad(D)} ${pad(h)}:${pad(m)}${zh ? '' : ' GMT+8'}`;
      const id = String((zh ? 20001 : 30001) + i);
      // Every sixth Chinese story is a brief of its first paragraph (chosen without drawing from
      // rng, so the rest of the catalog stays as it was; never a two-page one).
      const brief = zh && i % 6 === 3;
      if (brief) paragraphs.splice(1);
      news.push({
        id,
        url: `/news/${language}/${id}.html`,
        language,
        title,
        author: person(),
        publishedAt,
        paragraphs,
        brief,
        topicTerms: [A, B, C],
        dateFormat,
        dateShown,
        lastModified: Math.floor(t / 1000) * 1000,
        // Chosen without drawing from rng, so the rest of the catalog stays as it was.
        source: zh ? V.ZH_SOURCES[i % V.ZH_SOURCES.length]! : null,
        editor: zh ? V.ZH_SURNAMES[(i * 3 + 1) % V.ZH_SURNAMES.length]! + V.ZH_GIVEN[(i * 7 + 2) % V.ZH_GIVEN.length]! : null,
        pageTwoFrom: zh && i % 3 === 1 ? Math.ceil(paragraphs.length / 2) : null,
      });
    }
  }
  return news;
}

export function shopPageCount(goods: number): number {
  return Math.max(1, Math.ceil(goods / PAGE_SIZE));
}

/** Pure: the same options always give an identical catalog. */
export function buildCatalog(opts: CatalogOptions = {}): DemoCatalog {
  const seed = opts.seed ?? 42;
  const productCount = opts.products ?? 320;
  const perLanguage = opts.newsPerLanguage ?? 12;
  for (const [k, v] of Object.entries({ seed, products: productCount, newsPerLanguage: perLanguage })) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`demo site option ${k} must be a non-negative integer, got ${v}`);
  }
  const root = createRng(seed);
  const { categories, leafSpecs } = buildCategories();
  const shopSeeds = buildShops(root.fork('shops'));
  const shops = shopSeeds.map((x) => x.shop);
  const products = buildProducts(root.fork('products'), productCount, categories, leafSpecs, shopSeeds);
  const news = buildNews(root.fork('news'), perLanguage);
  return { seed, categories, shops, products, news, gbkPages: gbkPagesOf(shops, news) };
}

/** Paths served GBK-encoded: every shop page (with its ?page=N) and every Chinese article. */
export function gbkPagesOf(shops: DemoShop[], news: DemoNews[]): string[] {
  return [
    ...shops.flatMap((s) => Array.from({ length: shopPageCount(s.goodsCount) }, (_, p) => (p === 0 ? s.url : `${s.url}?page=${p + 1}`))),
    ...news.filter((n) => n.language === 'zh').flatMap((n) => (n.pageTwoFrom === null ? [n.url] : [n.url, pageTwoUrl(n)])),
  ];
}

/** Page 2 of a two-page article: `/news/zh/20002_2.html`. */
export function pageTwoUrl(n: DemoNews): string {
  return n.url.replace(/\.html$/, '_2.html');
}
