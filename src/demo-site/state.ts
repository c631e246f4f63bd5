import { buildCatalog, gbkPagesOf, type CatalogOptions, type DemoCatalog, type DemoCategory, type DemoNews, type DemoProduct, type DemoShop } from './catalog';
import { createRng } from './prng';

export interface MutateOptions {
  /** Share of the remaining products whose price changes (0–1). */
  priceChangeRatio: number;
  /** Share of the remaining products removed (404 afterwards, gone from listings). */
  removeRatio: number;
  /** Default: the site's seed + number of earlier mutate() calls. */
  seed?: number;
}

/**
 * The live state the server renders from: the catalog (updated in place by mutate())
 * plus lookup indexes. Removed products leave `catalog.products`.
 */
export class SiteState {
  readonly catalog: DemoCatalog;
  readonly categoryById = new Map<string, DemoCategory>();
  readonly shopById = new Map<string, DemoShop>();
  readonly newsById = new Map<string, DemoNews>();
  productById = new Map<string, DemoProduct>();
  private byCategory = new Map<string, DemoProduct[]>();
  private byShop = new Map<string, DemoProduct[]>();
  private mutations = 0;

  constructor(opts: CatalogOptions) {
    this.catalog = buildCatalog(opts);
    for (const c of this.catalog.categories) this.categoryById.set(c.id, c);
    for (const s of this.catalog.shops) this.shopById.set(s.id, s);
    for (const n of this.catalog.news) this.newsById.set(n.id, n);
    this.reindex();
  }

  private reindex(): void {
    this.productById = new Map(this.catalog.products.map((p) => [p.id, p]));
    this.byCategory = new Map();
    this.byShop = new Map();
    for (const p of this.catalog.products) {
      (this.byCategory.get(p.categoryId) ?? this.byCategory.set(p.categoryId, []).get(p.categoryId)!).push(p);
      (this.byShop.get(p.shopId) ?? this.byShop.set(p.shopId, []).get(p.shopId)!).push(p);
    }
    for (const s of this.catalog.shops) s.goodsCount = this.byShop.get(s.id)?.length ?? 0;
    this.catalog.gbkPages = gbkPagesOf(this.catalog.shops, this.catalog.news);
  }

  get topCategories(): DemoCategory[] {
    return this.catalog.categories.filter((c) => c.level === 1);
  }

  categoryPath(c: DemoCategory): DemoCategory[] {
    const out: DemoCategory[] = [];
    for (let cur: DemoCategory | undefined = c; cur; cur = cur.parentId ? this.categoryById.get(cur.parentId) : undefined) out.unshift(cur);
    return out;
  }

  productsInCategory(id: string): DemoProduct[] {
    return this.byCategory.get(id) ?? [];
  }

  productsOfShop(id: string): DemoProduct[] {
    return this.byShop.get(id) ?? [];
  }

  mutate(opts: MutateOptions): { changed: string[]; removed: string[] } {
    for (const [k, v] of Object.entries({ priceChangeRatio: opts.priceChangeRatio, removeRatio: opts.removeRatio })) {
      if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new Error(`mutate(): ${k} must be a number between 0 and 1, got ${v}`);
    }
    if (opts.priceChangeRatio + opts.removeRatio > 1) throw new Error('mutate(): priceChangeRatio + removeRatio must not exceed 1');
    const rng = createRng(opts.seed ?? this.catalog.seed + 1 + this.mutations);
    this.mutations++;
    const all = this.catalog.products;
    const shuffled = rng.sample(all, all.length);
    const nChange = Math.round(all.length * opts.priceChangeRatio);
    const nRemove = Math.round(all.length * opts.removeRatio);
    const changedProducts = shuffled.slice(0, nChange);
    const removedProducts = shuffled.slice(nChange, nChange + nRemove);
    // A later Last-Modified than anything served before, so If-Modified-Since revalidation sees it.
    const now = changedProducts.reduce((t, p) => Math.max(t, p.lastModified + 1000), Math.ceil(Date.now() / 1000) * 1000);
    for (const p of changedProducts) {
      const factor = rng.chance(0.5) ? 0.8 + rng.next() * 0.15 : 1.05 + rng.next() * 0.2;
      const newPrice = Math.max(1, Math.round(p.price * factor)) + (p.price % 1 === 0 ? 0 : 0.9);
      p.price = newPrice === p.price ? newPrice + 10 : newPrice;
      if (p.salePrice !== null) p.salePrice = Math.max(0.9, Math.round(p.price * (0.75 + rng.next() * 0.2)) - 0.1);
      p.salePrice = p.salePrice === null ? null : Math.round(p.salePrice * 100) / 100;
      p.lastModified = now;
    }
    const removedIds = new Set(removedProducts.map((p) => p.id));
    this.catalog.products = all.filter((p) => !removedIds.has(p.id));
    this.reindex();
    return { changed: changedProducts.map((p) => p.id).sort(), removed: [...removedIds].sort() };
  }
}
