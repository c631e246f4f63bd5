import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { SHOP2_FIRST_REVIEWS } from '../../src/demo-site/shop2/catalog';
import { crawlIntoTables, type CommerceTables } from '../helpers/commerce-tables';


/**
 * The demo's second shop (/s2/: table layouts, class names that say nothing, ASP addresses,
 * labelled reviews, shop pages with 宝贝数量 and 描述/服务/物流 scores, a promotional price
 * marked only by the label 促销价, "more" buttons and hover menus) crawled from its home page
 * with default options, each table compared with the shop's own catalog.
 */
describe('second demo shop crawled into tables (real Chromium)', { timeout: 400_000 }, () => {
  let site: DemoSite;
  let rows: CommerceTables;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 20 });
    rows = await crawlIntoTables(['--task', 'tables2', '--urls', site.shop2Url, '--concurrency', '6']);
  }, 400_000);
  afterAll(async () => {
    await site?.close();
  });

  const rel = (u: unknown) => {
    const x = new URL(String(u), site.url);
    return x.pathname + x.search;
  };
  const commodityOf = (url: string) => rows.commodities.find((c) => rel(c.url) === url);

  it('has every commodity of the shop with its name, and nothing invented', () => {
    const missing = site.shop2.products.filter((p) => commodityOf(p.url)?.name !== p.name).map((p) => p.url);
    expect(missing).toEqual([]);
    const known = new Set(site.shop2.products.map((p) => p.url));
    expect(rows.commodities.map((c) => rel(c.url)).filter((u) => !known.has(u))).toEqual([]);
  });

  it('has every commodity with its regular price (商城价)', () => {
    const wrong = site.shop2.products
      .map((p) => ({ p, c: commodityOf(p.url) }))
      .filter(({ p, c }) => c?.price !== p.price)
      .map(({ p, c }) => `${p.url}: got ${JSON.stringify(c?.price)}, want ${p.price}`);
    expect(wrong, wrong.slice(0, 5).join('\n')).toEqual([]);
  });

  it('has the promotional price (促销价, marked by its label only) of every commodity on promotion', () => {
    expect(site.shop2.products.some((p) => p.salePrice !== null)).toBe(true);
    const wrong = site.shop2.products
      .map((p) => ({ p, c: commodityOf(p.url) }))
      .filter(({ p, c }) => (c?.salePrice ?? null) !== p.salePrice)
      .map(({ p, c }) => `${p.url}: got ${JSON.stringify(c?.salePrice)}, want ${p.salePrice}`);
    expect(wrong, wrong.slice(0, 5).join('\n')).toEqual([]);
  });

  it('has each shop once, with its goods count and rating, and links every commodity to its shop', () => {
    const shops = rows.shops.filter((s) => rel(s.url ?? '').startsWith('/s2/') || site.shop2.shops.some((x) => x.name === s.name));
    for (const s of site.shop2.shops) {
      const got = shops.filter((r) => r.name === s.name);
      expect(got.length, `shop ${s.name}`).toBe(1);
      expect(rel(got[0]!.url)).toBe(s.url);
      expect(got[0]!.goodsCount).toBe(s.goodsCount);
      expect(got[0]!.rating).toBe(s.rating);
    }
    expect(shops.length).toBe(site.shop2.shops.length);
    const nameById = new Map(rows.shops.map((s) => [String(s.id ?? s._id), s.name]));
    const unlinked = site.shop2.products.filter((p) => nameById.get(String(commodityOf(p.url)?.shopId)) !== site.shop2.shops.find((s) => s.id === p.shopId)!.name);
    expect(unlinked.map((p) => p.url)).toEqual([]);
  });

  it('has the reviews each product page shows, in the HTML or fetched after load, with author, grade and date, without the shop replies', () => {
    let expected = 0;
    const wrong: string[] = [];
    for (const p of site.shop2.products) {
      const cid = String(commodityOf(p.url)?.id ?? commodityOf(p.url)?._id);
      const mine = rows.reviews.filter((r) => String(r.commodityId) === cid);
      for (const r of p.reviews.slice(0, SHOP2_FIRST_REVIEWS)) {
        expected++;
        const got = mine.find((x) => x.content === r.content);
        // 好评 / 中评 / 差评 are stored on the 5-star scale (5 / 3 / 1); the date is the local time shown, at +08:00.
        if (!got || got.author !== r.author || got.rating !== r.rating || !sameLocalTime(got.date, r.time)) {
          wrong.push(`${p.url}: ${JSON.stringify(got ?? null)} for ${JSON.stringify(r)}`);
        }
      }
      const replies = new Set(p.reviews.map((r) => r.reply).filter(Boolean));
      expect(mine.filter((x) => replies.has(String(x.content))), `${p.url}: a shop reply stored as a review`).toEqual([]);
    }
    expect(expected).toBeGreaterThan(20);
    expect(wrong, wrong.slice(0, 3).join('\n')).toEqual([]);
  });

  /**
   * The stored instant is the local time shown ("2013-05-12 14:32") in the shop's zone: the page
   * names none, and a Chinese page's is +08:00 (not this machine's, not UTC).
   */
  function sameLocalTime(stored: unknown, shown: string): boolean {
    const t = stored instanceof Date ? stored.getTime() : Date.parse(String(stored));
    const [d, hm] = shown.split(' ');
    const [y, mo, da] = d!.split('-').map(Number);
    const [h, mi] = hm!.split(':').map(Number);
    const diff = t - Date.UTC(y!, mo! - 1, da!, h, mi);
    return diff === -8 * 3_600_000;
  }

  // The reviews past the first ones are behind the page's 查看更多评价 button, fetched only when
  // the crawler's expand step clicks it.
  it('has every review of every product, those behind 查看更多评价 too', () => {
    const short: string[] = [];
    for (const p of site.shop2.products) {
      const cid = String(commodityOf(p.url)?.id ?? commodityOf(p.url)?._id);
      const got = new Set(rows.reviews.filter((r) => String(r.commodityId) === cid).map((r) => r.content));
      const missing = p.reviews.filter((r) => !got.has(r.content));
      if (missing.length) short.push(`${p.url}: ${missing.length} of ${p.reviews.length} missing`);
    }
    expect(site.shop2.products.some((p) => p.reviews.length > SHOP2_FIRST_REVIEWS)).toBe(true);
    expect(short, short.slice(0, 5).join('\n')).toEqual([]);
  });

  // Waits for the category change (another helper): this shop's menus are table cells, not
  // lists, and its breadcrumb is a plain "您的位置：首页 > …" line without class words.
  it('has the level-1 and level-2 categories of its table menus and plain breadcrumbs, with their level and path', () => {
    const wrong = site.shop2.categories
      .filter((c) => c.level < 3)
      .filter((c) => {
        const got = rows.categories.find((r) => r.url && rel(r.url) === c.url);
        return !got || got.level !== c.level || JSON.stringify(got.path) !== JSON.stringify(c.path);
      })
      .map((c) => c.url);
    expect(wrong).toEqual([]);
  });

  // Level-3 categories are only in the home page's hover menus, filled in by script when a menu
  // is hovered (the crawler's expand step hovers them).
  it('has the level-3 categories of the hover menus with their level and path', () => {
    const wrong = site.shop2.categories
      .filter((c) => c.level === 3)
      .filter((c) => {
        const got = rows.categories.find((r) => r.url && rel(r.url) === c.url);
        return !got || got.level !== c.level || JSON.stringify(got.path) !== JSON.stringify(c.path);
      })
      .map((c) => c.url);
    expect(wrong).toEqual([]);
  });
});
