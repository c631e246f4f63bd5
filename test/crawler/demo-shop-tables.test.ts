import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { crawlIntoTables, type CommerceTables } from '../helpers/commerce-tables';
import { pageRequests } from '../helpers/demo-pages';


/**
 * The commerce tables a user gets from a crawl of the demo shop, compared with the site's own
 * ground truth (its catalog): the crawl runs in the default browser mode, so product prices and
 * reviews are the ones the page renders from its JSON API.
 */
describe('demo shop crawled into tables (real Chromium)', { timeout: 400_000 }, () => {
  let site: DemoSite;
  let rows: CommerceTables;
  let fetched: Set<string>;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 60 });
    rows = await crawlIntoTables(['--task', 'tables', '--urls', site.url, '--concurrency', '6']);
    fetched = new Set(pageRequests(site));
  }, 400_000);
  afterAll(async () => {
    await site?.close();
  });

  const path = (u: unknown) => new URL(String(u), site.url).pathname;

  it('has every category of the menu with its level and parent', () => {
    const byId = new Map(rows.categories.map((c) => [String(c.id ?? c._id), c]));
    const byPath = new Map(rows.categories.filter((c) => c.url).map((c) => [path(c.url), c]));
    for (const cat of site.catalog.categories) {
      const got = byPath.get(cat.url);
      expect(got, `category ${cat.url} ${cat.path.join(' > ')}`).toBeDefined();
      expect({ name: got!.name, level: got!.level, path: got!.path }).toEqual({ name: cat.name, level: cat.level, path: cat.path });
      const parent = cat.parentId ? site.catalog.categories.find((c) => c.id === cat.parentId)! : null;
      const gotParent = got!.parentId ? byId.get(String(got!.parentId)) : null;
      expect(gotParent ? path(gotParent.url) : null, `parent of ${cat.url}`).toBe(parent ? parent.url : null);
    }
  });

  it('has >= 99% of commodities with the right name, price and promotional price', () => {
    const byPath = new Map(rows.commodities.map((c) => [path(c.url), c]));
    const products = site.catalog.products;
    expect(products.length).toBe(60);
    const wrong: string[] = [];
    for (const p of products) {
      const c = byPath.get(p.url);
      if (!c) wrong.push(`${p.url}: missing`);
      else if (c.name !== p.name || c.price !== p.price || (c.salePrice ?? null) !== p.salePrice) {
        wrong.push(`${p.url}: got ${JSON.stringify([c.name, c.price, c.salePrice])}, want ${JSON.stringify([p.name, p.price, p.salePrice])}`);
      }
    }
    expect(wrong.length, wrong.slice(0, 5).join('\n')).toBeLessThanOrEqual(Math.floor(products.length * 0.01));
    // Nothing invented: every stored commodity is a product of the shop.
    const known = new Set(products.map((p) => p.url));
    expect(rows.commodities.map((c) => path(c.url)).filter((u) => !known.has(u))).toEqual([]);
  });

  it('has the shops with their goods count and rating, and links commodities to them', () => {
    const shopPages = site.catalog.shops.filter((s) => fetched.has(s.url));
    expect(shopPages.length).toBe(site.catalog.shops.length);
    const byName = new Map(rows.shops.map((s) => [s.name, s]));
    for (const s of site.catalog.shops) {
      const got = byName.get(s.name);
      expect(got, `shop ${s.name}`).toBeDefined();
      expect(got!.goodsCount).toBe(s.goodsCount);
      if (s.ratingKind === 'percent') expect(String(got!.rating)).toBe(s.rating.replace(/^好评率\s*/, ''));
      else expect(Number(got!.rating)).toBe(Number(s.rating));
    }
    // Each commodity points at its seller's shop record.
    const shopNameById = new Map(rows.shops.map((s) => [String(s.id ?? s._id), s.name]));
    const byPath = new Map(rows.commodities.map((c) => [path(c.url), c]));
    const unlinked = site.catalog.products.filter((p) => {
      const c = byPath.get(p.url);
      return !c || shopNameById.get(String(c.shopId)) !== site.catalog.shops.find((s) => s.id === p.shopId)!.name;
    });
    expect(unlinked.map((p) => p.url)).toEqual([]);
    // One record per shop: a seller box on a product page and the shop's own page are the same shop.
    expect(rows.shops.length).toBe(site.catalog.shops.length);
  });

  it('has the reviews of each product page, attached to its commodity', () => {
    const commodityByPath = new Map(rows.commodities.map((c) => [path(c.url), String(c.id ?? c._id)]));
    let expected = 0;
    let found = 0;
    for (const p of site.catalog.products) {
      const cid = commodityByPath.get(p.url);
      const mine = new Set(rows.reviews.filter((r) => String(r.commodityId) === cid).map((r) => r.content));
      for (const r of p.reviews) {
        expected++;
        if (mine.has(r.content)) found++;
      }
    }
    expect(expected).toBeGreaterThan(0);
    expect(found / expected).toBeGreaterThanOrEqual(0.99);
  });
});
