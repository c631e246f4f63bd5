import type { CollectionName } from '../../../schemas/index';
import { StorageInputError } from '../../../storage/errors';
import { parseFilterJson } from '../../../storage/filter';
import { resolveCollection } from '../../../storage/open';
import { csvLine, UTF8_BOM } from '../../../storage/output/csv';
import { cellText, getPath, jsonLine, TABLE_COLUMNS } from '../../../storage/output/cells';
import { parseCount, parseFields, parseSort, projectionOf } from '../../../storage/output/query-args';
import { showLocalTimes, withLocalCompanions } from '../../../storage/local-time';
import type { FindOptions, StoredDoc } from '../../../storage/repository';
import { HttpError, type ApiContext } from './context';

/** Rows per page unless asked; a page never holds more than MAX_LIMIT. */
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

/** Storage input errors (bad JSON, unknown operator, bad sort) are the user's: 400 with the CLI's message. */
export async function asBadRequest<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StorageInputError) throw new HttpError(400, err.message);
    throw err;
  }
}

export interface TableQuery {
  coll: CollectionName;
  filter: Record<string, unknown>;
  fields: string[];
  options: FindOptions;
}

/**
 * The view's query from the URL, parsed by the same functions as `query` and `export`:
 * `filter` (MongoDB JSON), `sort` (-price,name), `skip`, `limit`, `fields` (the columns shown),
 * `task` (a task's id, ANDed with the filter).
 */
export function tableQuery(ctx: ApiContext, paged: boolean): Promise<TableQuery> {
  return asBadRequest(() => {
    const q = ctx.url.searchParams;
    const coll = resolveCollection(ctx.params[0]!);
    let filter = parseFilterJson(q.get('filter') ?? undefined);
    const task = q.get('task');
    if (task) filter = Object.keys(filter).length ? { $and: [filter, { taskId: task }] } : { taskId: task };
    const fields = parseFields(q.get('fields') ?? undefined) ?? TABLE_COLUMNS[coll];
    const skip = parseCount('skip', q.get('skip') ?? undefined);
    let limit = parseCount('limit', q.get('limit') ?? undefined);
    if (paged) limit = Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const projection = withLocalCompanions(coll, projectionOf(fields));
    return { coll, filter, fields, options: { sort: parseSort(q.get('sort') ?? undefined), skip, limit, projection } };
  });
}

/** GET /api/records/<collection>: one page of matching records and how many match in all. */
export async function listRecords(ctx: ApiContext) {
  const t = await tableQuery(ctx, true);
  const [docs, total] = await asBadRequest(() => Promise.all([ctx.repo.find(t.coll, t.filter, t.options), ctx.repo.count(t.coll, t.filter)]));
  return { collection: t.coll, columns: t.fields, total, skip: t.options.skip ?? 0, limit: t.options.limit, rows: docs.map((d) => showLocalTimes(t.coll, d)) };
}

/**
 * GET /api/export/<collection>?format=csv|jsonl&…: what the table shows (same filter, sort and
 * columns; the page's skip/limit when given, else every matching record), written as `export`
 * writes it: CSV in UTF-8 with BOM and formula cells defused, or JSON Lines.
 */
export async function exportRecords(ctx: ApiContext): Promise<void> {
  const t = await tableQuery(ctx, false);
  const format = ctx.url.searchParams.get('format');
  if (format !== 'csv' && format !== 'jsonl') throw new HttpError(400, `format must be csv or jsonl, got "${format ?? ''}"`);
  await asBadRequest(() => ctx.repo.count(t.coll, t.filter)); // a bad filter is a 400 before any byte is sent
  const res = ctx.res;
  res.writeHead(200, {
    'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'Content-Disposition': `attachment; filename="${t.coll}.${format}"`,
    'Cache-Control': 'no-store',
  });
  const write = async (text: string) => {
    if (!res.write(text)) await new Promise<void>((r) => res.once('drain', () => r()));
  };
  const cols = ['_id', ...t.fields.filter((f) => f !== '_id')];
  if (format === 'csv') await write(UTF8_BOM + csvLine(cols));
  for await (const stored of ctx.repo.stream(t.coll, t.filter, t.options)) {
    const d = showLocalTimes(t.coll, stored);
    await write(format === 'csv' ? csvLine(cols.map((c) => cellText(getPath(d, c)))) : `${jsonLine(d)}\n`);
  }
  res.end();
}

async function byId(ctx: ApiContext, coll: CollectionName, id: string): Promise<StoredDoc | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  const [doc] = await ctx.repo.find(coll, { _id: id }, { limit: 1 });
  return doc ? showLocalTimes(coll, doc) : null;
}

/**
 * GET /api/record/<collection>/<id>: one record with what belongs to it: a commodity's reviews
 * and shop, a shop's commodities, a category's parent and children.
 */
export async function recordDetail(ctx: ApiContext) {
  const coll = await asBadRequest(() => resolveCollection(ctx.params[0]!));
  const id = ctx.params[1]!;
  const doc = await byId(ctx, coll, id);
  if (!doc) throw new HttpError(404, `no ${coll} record with id ${id}`);
  const related: Record<string, unknown> = {};
  if (coll === 'commodities') {
    related.reviews = (await ctx.repo.find('reviews', { commodityId: id }, { sort: { date: -1 }, limit: 200 })).map((r) => showLocalTimes('reviews', r));
    related.shop = doc.shopId ? await byId(ctx, 'shops', String(doc.shopId)) : null;
  } else if (coll === 'shops') {
    related.commodities = await ctx.repo.find('commodities', { shopId: id }, { sort: { name: 1 }, limit: MAX_LIMIT, projection: { name: 1, price: 1, salePrice: 1, currency: 1, rating: 1, url: 1 } });
    related.commodityCount = await ctx.repo.count('commodities', { shopId: id });
  } else if (coll === 'categories') {
    related.parent = doc.parentId ? await byId(ctx, 'categories', String(doc.parentId)) : null;
    related.children = await ctx.repo.find('categories', { parentId: id }, { sort: { name: 1 }, limit: MAX_LIMIT });
  }
  return { collection: coll, doc, related };
}

/** GET /api/categories/tree?task=<id>: every category (name, level, parent) for the tree view. */
export async function categoryTree(ctx: ApiContext) {
  const task = ctx.url.searchParams.get('task');
  const filter = task ? { taskId: task } : {};
  const limit = 5000;
  const rows = await ctx.repo.find('categories', filter, { sort: { level: 1, name: 1 }, limit, projection: { name: 1, level: 1, parentId: 1, url: 1, site: 1, taskId: 1 } });
  return { categories: rows, truncated: rows.length === limit };
}

