import type { PageResult } from '../extractors/types';
import { PAGE_TABLES, type PageTable } from '../schemas/index';
import type { TxReader, WriteBackend, WriteOp } from './backend';
import { pageRecords, shopKeyByName } from './page-records';
import { commodityFingerprint, mergeRecord, unchangedSince, validateRecordSync, validateWithModel, type Validated } from './record-builder';
import type { SaveReport, StoredDoc } from './repository';

const zero = (): Record<PageTable, number> => Object.fromEntries(PAGE_TABLES.map((t) => [t, 0])) as Record<PageTable, number>;

export function emptyReport(): SaveReport {
  return { inserted: zero(), updated: zero(), unchanged: zero(), rejected: [] };
}

/** Collects the ops of one page and the report that goes with them. */
class PageBatch {
  readonly ops: WriteOp[] = [];
  readonly report = emptyReport();
  private readonly touches = new Map<PageTable, string[]>();

  constructor(readonly now: Date, readonly newId: () => string) {}

  reject(table: PageTable, url: string, field: string, message: string): void {
    this.report.rejected.push({ table, url, field, message });
  }

  /** Merges one validated record with what is stored; returns its id. */
  apply(table: PageTable, content: Record<string, unknown>, existing: StoredDoc | undefined, ownPage = true): string {
    const m = mergeRecord(table, content, existing, this.now, this.newId, ownPage);
    if (m.kind === 'unchanged') return this.unchanged(table, m.id);
    this.ops.push({ kind: m.kind, coll: table, doc: m.doc });
    (m.kind === 'insert' ? this.report.inserted : this.report.updated)[table]++;
    return m.doc._id;
  }

  /** A stored record seen again unchanged: only its lastSeenAt moves. */
  unchanged(table: PageTable, id: string): string {
    this.report.unchanged[table]++;
    const list = this.touches.get(table) ?? [];
    list.push(id);
    this.touches.set(table, list);
    return id;
  }

  finish(): WriteOp[] {
    for (const [coll, ids] of this.touches) this.ops.push({ kind: 'touch', coll, ids, at: this.now });
    return this.ops;
  }
}

/**
 * savePage, shared by both backends: reads the page's records, validates each with its schema,
 * links them (category → parent by path, commodity → shop by URL or name, review → the page's
 * first commodity), merges with stored records and returns one batch of writes.
 */
export async function savePageWith(
  backend: WriteBackend,
  newId: () => string,
  taskId: string,
  result: PageResult,
  meta: { fetchedAt?: Date } = {},
): Promise<SaveReport> {
  const now = meta.fetchedAt ?? new Date();
  const page = pageRecords(result);
  // Most records pass the synchronous schema check; the others go through Model.validate,
  // which rejects them with the field named (see validateRecord).
  const validate = (coll: PageTable, fields: Record<string, unknown>): Validated | Promise<Validated> =>
    validateRecordSync(coll, fields, now) ?? validateWithModel(coll, fields, now);
  return backend.transaction(async (tx) => {
    const batch = new PageBatch(now, newId);
    const base = { taskId, site: page.site };

    // Shop first: commodities link to it.
    let pageShop: { id: string; key: string; name: string } | null = null;
    if (page.shop) {
      const c = page.shop;
      const v = await validate('shops', { ...c.fields, ...base, key: c.key });
      if (!v.ok) batch.reject('shops', c.url ?? result.url, v.field, v.message);
      else {
        const existing = (await tx.lookup('shops', taskId, [c.key])).get(c.key);
        pageShop = { id: batch.apply('shops', v.content, existing), key: c.key, name: String(v.content.name) };
      }
    }

    // Categories, parents first; a parent not on this page is looked up in the store.
    const catIds = new Map<string, string>();
    const storedCats = await tx.lookup('categories', taskId, [
      ...new Set(page.categories.flatMap((c) => (c.parentKey ? [c.key, c.parentKey] : [c.key]))),
    ]);
    for (const c of page.categories) {
      if (catIds.has(c.key)) continue; // the same entry twice on one page
      const parentId = c.parentKey ? (catIds.get(c.parentKey) ?? storedCats.get(c.parentKey)?._id ?? null) : null;
      const v = await validate('categories', { ...c.fields, ...base, key: c.key, parentId });
      if (!v.ok) batch.reject('categories', c.url ?? result.url, v.field, v.message);
      else catIds.set(c.key, batch.apply('categories', v.content, storedCats.get(c.key)));
    }

    // Commodities, each linked to its shop.
    const goodsKeys = page.commodities.flatMap((c) => (c.key ? [c.key] : []));
    // Where the backend can tell fingerprints without reading documents, a re-crawled commodity
    // whose own fields hash to its stored fingerprint is unchanged without reading it: the
    // overlay with what is stored (mergeRecord) only fills fields the page left null, and those
    // are null in the stored record too when the fingerprints agree.
    const known = tx.fingerprints ? await tx.fingerprints('commodities', taskId, goodsKeys) : null;
    const storedGoods = known ? null : await tx.lookup('commodities', taskId, goodsKeys);
    const seen = new Set<string>();
    // A listing names the same few shops again and again: resolve each (URL, name) once per page.
    const shops = new Map<string, string | null>();
    let firstCommodityId: string | null = null;
    for (const c of page.commodities) {
      if (c.key && seen.has(c.key)) continue;
      if (c.key) seen.add(c.key);
      let shopId: string | null;
      if (!c.shopUrl && !c.shopName) shopId = pageShop?.id ?? null;
      else {
        const sk = `${c.shopUrl ?? ''}\u0001${c.shopName ?? ''}`;
        shopId = shops.get(sk) ?? null;
        if (!shops.has(sk)) shops.set(sk, (shopId = await resolveShop(tx, taskId, page.site, pageShop, c.shopUrl, c.shopName)));
      }
      // c.fields is this call's own object (pageRecords): completed in place rather than copied.
      const f = c.fields;
      f.taskId = taskId;
      f.site = page.site;
      f.key = c.key;
      f.shopId = shopId;
      const v = validateRecordSync('commodities', f, now) ?? (await validateWithModel('commodities', f, now));
      if (!v.ok) {
        batch.reject('commodities', c.url ?? result.url, v.field === 'key' ? 'url' : v.field, v.message);
        continue;
      }
      const k = known?.get(c.key!);
      let id: string;
      if (k && unchangedSince(k, commodityFingerprint(v.content))) id = batch.unchanged('commodities', k.id);
      else {
        const existing = storedGoods ? storedGoods.get(c.key!) : k ? (await tx.lookup('commodities', taskId, [c.key!])).get(c.key!) : undefined;
        id = batch.apply('commodities', v.content, existing, c.url === result.url);
      }
      firstCommodityId ??= id;
    }

    // Reviews belong to the page's (first) commodity.
    if (page.reviews.length) {
      if (!firstCommodityId) {
        for (const _ of page.reviews) batch.reject('reviews', result.url, 'commodityId', 'the page has no stored commodity to attach the review to');
      } else {
        const keyed = page.reviews.map((r) => ({ r, key: `${firstCommodityId}|${r.author}|${r.contentHash}` }));
        const stored = await tx.lookup('reviews', taskId, keyed.map((k) => k.key));
        const done = new Set<string>();
        for (const { r, key } of keyed) {
          if (done.has(key)) continue;
          done.add(key);
          const v = await validate('reviews', { ...r.fields, ...base, key, commodityId: firstCommodityId });
          if (!v.ok) batch.reject('reviews', result.url, v.field, v.message);
          else batch.apply('reviews', v.content, stored.get(key));
        }
      }
    }

    if (page.news) {
      const n = page.news;
      const v = await validate('news', { ...n.fields, ...base, key: n.key });
      if (!v.ok) batch.reject('news', result.url, v.field, v.message);
      else batch.apply('news', v.content, (await tx.lookup('news', taskId, [n.key])).get(n.key));
    }
    return { ops: batch.finish(), result: batch.report };
  });
}

/** A commodity's shop: by URL (this page's shop or a stored one), else by name. */
async function resolveShop(
  tx: TxReader,
  taskId: string,
  site: string,
  pageShop: { id: string; key: string; name: string } | null,
  shopUrl: string | null,
  shopName: string | null,
): Promise<string | null> {
  if (shopUrl) {
    if (pageShop?.key === shopUrl) return pageShop.id;
    const stored = (await tx.lookup('shops', taskId, [shopUrl])).get(shopUrl);
    if (stored) return stored._id;
  }
  if (shopName) {
    if (pageShop && pageShop.name === shopName.trim()) return pageShop.id;
    const byName = (await tx.lookup('shops', taskId, [shopKeyByName(site, shopName)])).get(shopKeyByName(site, shopName));
    if (byName) return byName._id;
    const [stored] = await tx.findEq('shops', { taskId, name: shopName.trim() }, 1);
    if (stored) return stored._id;
  }
  if (!shopUrl && !shopName) return pageShop?.id ?? null;
  return null;
}
