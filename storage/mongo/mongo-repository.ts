import mongoose, { type Connection, type Model } from 'mongoose';
import { COLLECTIONS, registerModels, type CollectionName } from '../../schemas/index';
import type { TxReader, WriteOp } from '../backend';
import { BaseRepository } from '../base-repository';
import { StorageInputError, StorageUnavailableError } from '../errors';
import { castFilterForMongo, checkFilter } from '../filter';
import { toPlain } from '../plain';
import type { FindOptions, StoredDoc } from '../repository';

export interface MongoOptions {
  uri: string;
  /** How long to look for a reachable server before failing. Default 5000 ms. */
  serverSelectionTimeoutMS?: number;
}

/** The URI without its password, for messages. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
}

/**
 * The MongoDB backend: a thin layer over Mongoose. Validation, linking and re-crawl merging are
 * the shared BaseRepository logic; this class reads and applies batches with bulkWrite.
 */
export class MongoRepository extends BaseRepository {
  readonly backend = 'mongodb' as const;
  private constructor(private readonly conn: Connection, private readonly models: Record<CollectionName, Model<any>>, private readonly uri: string) {
    super();
  }

  static async open(opts: MongoOptions): Promise<MongoRepository> {
    const timeout = opts.serverSelectionTimeoutMS ?? 5000;
    let conn: Connection;
    try {
      conn = await mongoose
        .createConnection(opts.uri, { serverSelectionTimeoutMS: timeout, connectTimeoutMS: timeout, autoIndex: false, autoCreate: false })
        .asPromise();
    } catch (err) {
      const e = err as Error & { code?: number; codeName?: string };
      const auth = e.code === 18 || /auth/i.test(e.message);
      const why = auth ? 'authentication failed (check the user and password in MONGODB_URI)' : `server not reachable within ${timeout} ms`;
      throw new StorageUnavailableError(`cannot use MongoDB at ${redactUri(opts.uri)}: ${why} (${e.message.split('\n')[0]})`);
    }
    const models = registerModels(conn);
    try {
      // Ensure the indexes the queries and the unique (task, key) upserts rely on.
      for (const c of COLLECTIONS) await models[c].createIndexes();
    } catch (err) {
      await conn.close().catch(() => undefined);
      throw new StorageUnavailableError(`MongoDB at ${redactUri(opts.uri)}: could not create indexes: ${(err as Error).message}`);
    }
    return new MongoRepository(conn, models, opts.uri);
  }

  describe(): string {
    return redactUri(this.uri);
  }

  private model(coll: CollectionName): Model<any> {
    const m = this.models[coll];
    if (!m) throw new StorageInputError(`unknown collection "${coll}"; valid collections: ${COLLECTIONS.join(', ')}`);
    return m;
  }

  async transaction<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    const reader: TxReader = {
      lookup: async (coll, taskId, keys) => {
        const out = new Map<string, StoredDoc>();
        if (!keys.length) return out;
        const field = coll === 'tasks' ? 'name' : 'key';
        const filter: Record<string, unknown> = { [field]: { $in: keys } };
        if (taskId) filter.taskId = taskId;
        const docs = await this.model(coll).find(filter).lean();
        for (const d of docs) {
          const p = toPlain(d) as StoredDoc;
          out.set(String(p[field]), p);
        }
        return out;
      },
      findEq: async (coll, filter, limit) => {
        let q = this.model(coll).find(filter).lean();
        if (limit) q = q.limit(limit);
        return (await q).map((d) => toPlain(d) as StoredDoc);
      },
    };
    const { ops, result } = await planFn(reader);
    await this.apply(ops);
    return result;
  }

  /** One bulkWrite per collection; inserts upsert on (task, key) so two workers cannot duplicate. */
  private async apply(ops: WriteOp[]): Promise<void> {
    const byColl = new Map<CollectionName, any[]>();
    for (const op of ops) {
      const list = byColl.get(op.coll) ?? [];
      if (op.kind === 'touch') {
        list.push({ updateMany: { filter: { _id: { $in: op.ids } }, update: { $set: { lastSeenAt: op.at } } } });
      } else if (op.kind === 'insert') {
        const { _id, firstSeenAt, ...rest } = op.doc;
        const identity = op.coll === 'tasks' ? { name: rest.name } : rest.taskId ? { taskId: rest.taskId, key: rest.key } : { key: rest.key };
        const setOnInsert: Record<string, unknown> = { _id };
        if (firstSeenAt !== undefined) setOnInsert.firstSeenAt = firstSeenAt;
        list.push({ updateOne: { filter: identity, update: { $setOnInsert: setOnInsert, $set: rest }, upsert: true } });
      } else {
        const { _id, ...rest } = op.doc;
        list.push({ updateOne: { filter: { _id }, update: { $set: rest } } });
      }
      byColl.set(op.coll, list);
    }
    for (const [coll, list] of byColl) await this.model(coll).bulkWrite(list, { ordered: true });
  }

  private query(coll: CollectionName, filter: Record<string, unknown>): Record<string, unknown> {
    checkFilter(filter);
    return castFilterForMongo(filter);
  }

  async find(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): Promise<StoredDoc[]> {
    let q = this.model(collection).find(this.query(collection, filter), options.projection ?? undefined).lean();
    if (options.sort) q = q.sort(options.sort);
    if (options.skip) q = q.skip(options.skip);
    if (options.limit) q = q.limit(options.limit);
    return (await q).map((d) => toPlain(d) as StoredDoc);
  }

  async count(collection: CollectionName, filter: Record<string, unknown> = {}): Promise<number> {
    return this.model(collection).countDocuments(this.query(collection, filter));
  }

  async *stream(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): AsyncIterable<StoredDoc> {
    let q = this.model(collection).find(this.query(collection, filter), options.projection ?? undefined).lean();
    if (options.sort) q = q.sort(options.sort);
    if (options.skip) q = q.skip(options.skip);
    if (options.limit) q = q.limit(options.limit);
    for await (const d of q.cursor()) yield toPlain(d) as StoredDoc;
  }

  async close(): Promise<void> {
    await this.conn.close();
  }
}
