import { Mongoose, type Model, type Schema } from 'mongoose';
import { categoryNavSchema } from './category-nav';
import { commoditySchema } from './commodity';
import { hostSchema } from './host';
import { newsSchema } from './news';
import { reviewSchema } from './review';
import { shopSchema } from './shop';
import { taskSchema } from './task';
import { workerProcessSchema } from './worker-process';

export { TASK_STATUSES, TASK_TYPES } from './task';
export { WORKER_STATUSES, LOST_AFTER_MS, ACTIVE_WORKER_STATUSES } from './worker-process';

/** The collection names users type (`query commodities …`), in display order. */
export const COLLECTIONS = ['tasks', 'categories', 'shops', 'commodities', 'reviews', 'news', 'workers', 'hosts'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** Tables a page's records go to (the SaveReport's tables). */
export const PAGE_TABLES = ['categories', 'shops', 'commodities', 'reviews', 'news'] as const;
export type PageTable = (typeof PAGE_TABLES)[number];

export interface CollectionDef {
  name: CollectionName;
  modelName: string;
  schema: Schema;
  /** Crawled records: unique per (taskId, key), with first/last-seen bookkeeping. */
  crawled: boolean;
}

const def = (name: CollectionName, modelName: string, schema: Schema, crawled: boolean): CollectionDef => ({ name, modelName, schema, crawled });

export const COLLECTION_DEFS: Record<CollectionName, CollectionDef> = {
  tasks: def('tasks', 'Task', taskSchema, false),
  categories: def('categories', 'CategoryNav', categoryNavSchema, true),
  shops: def('shops', 'Shop', shopSchema, true),
  commodities: def('commodities', 'Commodity', commoditySchema, true),
  reviews: def('reviews', 'Review', reviewSchema, true),
  news: def('news', 'News', newsSchema, true),
  workers: def('workers', 'WorkerProcess', workerProcessSchema, false),
  hosts: def('hosts', 'Host', hostSchema, false),
};

export function isCollectionName(name: string): name is CollectionName {
  return (COLLECTIONS as readonly string[]).includes(name);
}

/** Registers every schema as a model on the given Mongoose instance (a connection or a private one). */
export function registerModels(target: { model: Mongoose['model'] }): Record<CollectionName, Model<any>> {
  const out = {} as Record<CollectionName, Model<any>>;
  for (const c of COLLECTIONS) {
    const d = COLLECTION_DEFS[c];
    out[c] = target.model(d.modelName, d.schema, c);
  }
  return out;
}

let validationModels: Record<CollectionName, Model<any>> | null = null;

/**
 * Models on a private, never-connected Mongoose instance: both backends validate and cast
 * documents with them (`new Model(doc).validate()` needs no server).
 */
export function validationModel(name: CollectionName): Model<any> {
  validationModels ??= registerModels(new Mongoose());
  return validationModels[name];
}

export interface PathKinds {
  dates: string[];
  money: string[];
  ids: string[];
  /** Array-of-subdocument paths and their date/money sub-paths (priceHistory.at, …). */
  nested: Record<string, { dates: string[]; money: string[] }>;
}

const kindsCache = new Map<CollectionName, PathKinds>();

/** Which paths hold dates, money and ids: used to revive stored JSON and to cast user filters. */
export function pathKinds(name: CollectionName): PathKinds {
  const cached = kindsCache.get(name);
  if (cached) return cached;
  const kinds: PathKinds = { dates: [], money: [], ids: [], nested: {} };
  COLLECTION_DEFS[name].schema.eachPath((path, type) => {
    const t = type as unknown as { instance: string; schema?: Schema };
    if (t.instance === 'Date') kinds.dates.push(path);
    else if (t.instance === 'Decimal128') kinds.money.push(path);
    else if (t.instance === 'ObjectId' || t.instance === 'ObjectID') kinds.ids.push(path);
    else if (t.instance === 'Array' && t.schema) {
      const sub = { dates: [] as string[], money: [] as string[] };
      t.schema.eachPath((p, st) => {
        const i = (st as unknown as { instance: string }).instance;
        if (i === 'Date') sub.dates.push(p);
        else if (i === 'Decimal128') sub.money.push(p);
      });
      kinds.nested[path] = sub;
    }
  });
  kindsCache.set(name, kinds);
  return kinds;
}
