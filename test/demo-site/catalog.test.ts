import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/demo-site/catalog';

describe('demo-site catalog', () => {
  it('is deterministic: the same seed gives the same catalog, another seed a different one', () => {
    const a = buildCatalog({ seed: 7, products: 120, newsPerLanguage: 5 });
    const b = buildCatalog({ seed: 7, products: 120, newsPerLanguage: 5 });
    const c = buildCatalog({ seed: 8, products: 120, newsPerLanguage: 5 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(c.products.map((p) => p.name)).not.toEqual(a.products.map((p) => p.name));
    expect(c.news.map((n) => n.paragraphs)).not.toEqual(a.news.map((n) => n.paragraphs));
  });

  it('builds a 3-level category tree whose leaves hold every product', () => {
    const cat = buildCatalog();
    const byId = new Map(cat.categories.map((c) => [c.id, c]));
    expect(new Set(cat.categories.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    for (const c of cat.categories) {
      if (c.level === 1) expect(c.parentId).toBeNull();
      else expect(byId.get(c.parentId!)!.level).toBe(c.level - 1);
      expect(c.path).toHaveLength(c.level);
      expect(c.path[c.level - 1]).toBe(c.name);
    }
    expect(cat.products).toHaveLength(320);
    for (const p of cat.products) expect(byId.get(p.categoryId)!.level).toBe(3);
    // Some leaf must need a second listing page (20 per page).
    const perLeaf = new Map<string, number>();
    for (const p of cat.products) perLeaf.set(p.categoryId, (perLeaf.get(p.categoryId) ?? 0) + 1);
    expect(Math.max(...perLeaf.values())).toBeGreaterThan(40);
  });

  it('products carry sensible prices, sale prices below list prices, and all three markup kinds', () => {
    const cat = buildCatalog({ products: 400 });
    for (const p of cat.products) {
      expect(p.price).toBeGreaterThan(0);
      if (p.salePrice !== null) expect(p.salePrice).toBeLessThan(p.price);
      expect(p.currency).toBe('CNY');
    }
    const onSale = cat.products.filter((p) => p.salePrice !== null).length;
    expect(onSale).toBeGreaterThan(100);
    expect(onSale).toBeLessThan(300);
    expect(new Set(cat.products.map((p) => p.markup))).toEqual(new Set(['json-ld', 'microdata', 'plain']));
    expect(new Set(cat.products.map((p) => p.sku)).size).toBe(400);
  });

  it('news articles have 8-20 paragraphs with recurring planted terms and varied date formats; briefs have one', () => {
    const cat = buildCatalog({ newsPerLanguage: 12 });
    expect(cat.news.filter((n) => n.language === 'zh')).toHaveLength(12);
    expect(cat.news.filter((n) => n.language === 'en')).toHaveLength(12);
    const briefs = cat.news.filter((n) => n.brief);
    expect(briefs.map((n) => [n.language, n.paragraphs.length, n.pageTwoFrom])).toEqual([['zh', 1, null], ['zh', 1, null]]);
    for (const n of cat.news.filter((x) => !x.brief)) {
      expect(n.paragraphs.length).toBeGreaterThanOrEqual(8);
      expect(n.paragraphs.length).toBeLessThanOrEqual(20);
      const text = n.paragraphs.join('\n');
      for (const term of n.topicTerms) expect(text.split(term).length - 1).toBeGreaterThanOrEqual(2);
      expect(Number.isNaN(Date.parse(n.publishedAt))).toBe(false);
    }
    expect(new Set(cat.news.map((n) => n.dateFormat)).size).toBeGreaterThanOrEqual(5);
  });

  it('rejects invalid sizes with a clear message', () => {
    expect(() => buildCatalog({ products: -1 })).toThrow(/products must be a non-negative integer/);
  });
});
