import mongoose, { type Connection, type Model } from 'mongoose';
import { COLLECTIONS, registerModels, type CollectionName } from '../../schemas/index';
import type { TxReader, WriteOp } from '../backend';
import { BaseRepository } from '../base-repository';
import { StorageInputError, StorageUnavailableError } from '../errors';
import { castFilterForMongo, checkFilter } from '../filter';
import { toPlain } from '../plain';
import type { FindOptions, StoredDoc } from '../repository';
import { ensureIndexes } from './indexes';
import { isServerGone, whileServerGone, type OutageOptions } from './outage';
import { badUriError, checkMongoUri, redactUri, scrubMessage } from './uri';
import { isWriteConflict, toMongoBatches } from './writes';

export { redactUri } from './uri';

export interface MongoOptions {
  /** The connection string, handed to the driver as it is (auth, authSource, TLS, replicaSet, mongodb+srv://). */
  uri: string;
  /** How long to look for a reachable server before an operation fails. Default 5000 ms. */
  serverSelectionTimeoutMS?: number;
  /** How long a save waits for a server that went away mid-crawl. Default 600,000 ms (see outage.ts). */
  outageWaitMs?: number;
  /** Where waiting for the server and index changes are said. Default: lines on stderr. */
  log?: (line: string) => void;
}

/**
 * A save redone from a fresh read after this many write conflicts in a row is given up (each
 * conflict means another worker's save of the same record went through, so this is never hit
 * by honest contention on one record).
 */
const MAX_CONFLICT_RETRIES = 20;

/**
 * The MongoDB backend: Mongoose models over one connection. Validation, linking and re-crawl
 * merging are the shared BaseRepository logic; this class reads for a plan and applies the
 * plan as guarded single-document writes (writes.ts), redoing the plan when another worker
 * wrote a record in between, and waiting for a server that went away (outage.ts).
 *
 * No multi-document transaction is used (they need a replica set, and nothing here needs one):
 * the writes of one save go out in dependency order (shops, categories parents first,
 * commodities, reviews, news; host, worker, task in registerWorker), each atomic on its own, so
 * a save cut off half-way leaves records that are whole and point only at records that exist;
 * the page is then not done (StorageUnavailableError) and its next save completes it.
 */
export class MongoRepository extends BaseRepository {
  readonly backend = 'mongodb' as const;
  private readonly where: string;
  private readonly outage: OutageOptions;

  private constructor(private readonly conn: Connection, private readonly models: Record<CollectionName, Model<any>>, private readonly uri: string, private readonly opts: MongoOptions) {
    super();
    this.where = redactUri(uri);
    this.outage = { where: this.where, maxWaitMs: opts.outageWaitMs, log: opts.log, state: { down: false } };
  }

  /** Connects; creates nothing (indexes: ensureIndexes, at the start of a crawl or worker). */
  static async open(opts: MongoOptions): Promise<MongoRepository> {
    checkMongoUri(opts.uri);
    const timeout = opts.serverSelectionTimeoutMS ?? 5000;
    let conn: Connection;
    try {
      conn = await mongoose
        .createConnection(opts.uri, {
          serverSelectionTimeoutMS: timeout,
          connectTimeoutMS: timeout,
          autoIndex: false,
          autoCreate: false,
          // Operations go to the driver at once (and fail after serverSelectionTimeoutMS while the
          // server is gone, for outage.ts to wait and retry) instead of Mongoose's 10 s buffer.
          bufferCommands: false,
        })
        .asPromise();
    } catch (err) {
      const e = err as Error & { code?: number | string; codeName?: string };
      if (e.name === 'MongoParseError' || e.name === 'MongoInvalidArgumentError' || (e.name === 'MongoRuntimeError' && /parse/i.test(e.message))) throw badUriError(opts.uri, e);
      const auth = e.code === 18 || /auth/i.test(e.message);
      const why = auth
        ? 'authentication failed (check the user, password and authSource in MONGODB_URI)'
        : typeof e.code === 'string' && e.code.startsWith('E') && !isServerGone(e)
          ? 'a file MONGODB_URI names (tlsCAFile, tlsCertificateKeyFile) cannot be read'
          : `server not reachable within ${timeout} ms`;
      throw new StorageUnavailableError(`cannot use MongoDB at ${redactUri(opts.uri)}: ${why} (${scrubMessage(opts.uri, e.message)})`);
    }
    return new MongoRepository(conn, registerModels(conn), opts.uri, opts);
  }

  describe(): string {
    return this.where;
  }

  override async ensureIndexes(): Promise<void> {
    try {
      await ensureIndexes(this.models, this.opts.log ?? ((l) => void process.stderr.write(`${l}\n`)));
    } catch (err) {
      throw new StorageUnavailableError(`MongoDB at ${this.where}: could not create indexes (a crawl needs a user with the readWrite role): ${scrubMessage(this.uri, (err as Error).message)}`);
    }
  }

  private model(coll: CollectionName): Model<any> {
    const m = this.models[coll];
    if (!m) throw new StorageInputError(`unknown collection "${coll}"; valid collections: ${COLLECTIONS.join(', ')}`);
    return m;
  }

  /**
   * Plans from a fresh read and applies the plan's writes (writes.ts); a write conflict (another
   * worker wrote a record this plan read) redoes both, and a server gone away is waited for.
   */
  async transaction<T>(planFn: (tx: TxReader) => Promise<{ ops: WriteOp[]; result: T }>): Promise<T> {
    return whileServerGone(async () => {
      for (let attempt = 1; ; attempt++) {
        const read = new Map<string, StoredDoc>();
        const remember = (coll: CollectionName, d: StoredDoc) => read.set(`${coll}:${d._id}`, d);
        const reader: TxReader = {
          lookup: async (coll, taskId, keys) => {
            const out = new Map<string, StoredDoc>();
            if (!keys.length) return out;
            const field = coll === 'tasks' ? 'name' : 'key';
            const filter: Record<string, unknown> = { [field]: { $in: keys } };
            if (taskId) filter.taskId = taskId;
            for (const d of await this.model(coll).find(filter).lean()) {
              const p = toPlain(d) as StoredDoc;
              remember(coll, p);
              out.set(String(p[field]), p);
            }
            return out;
          },
          findEq: async (coll, filter, limit) => {
            let q = this.model(coll).find(filter).lean();
            if (limit) q = q.limit(limit);
            return (await q).map((d) => {
              const p = toPlain(d) as StoredDoc;
              remember(coll, p);
              return p;
            });
          },
        };
        const { ops, result } = await planFn(reader);
        try {
          for (const batch of toMongoBatches(ops, (coll, id) => read.get(`${coll}:${id}`))) {
            await this.model(batch.coll).bulkWrite(batch.writes as any[], { ordered: true });
          }
          return result;
        } catch (err) {
          if (!isWriteConflict(err) || isServerGone(err)) throw err;
          if (attempt >= MAX_CONFLICT_RETRIES) {
            throw new StorageUnavailableError(`MongoDB at ${this.where}: a save kept conflicting with other workers' writes (${attempt} tries): ${scrubMessage(this.uri, (err as Error).message)}`);
          }
        }
      }
    }, this.outage);
  }

  private query(coll: CollectionName, filter: Record<string, unknown>): Record<string, unknown> {
    checkFilter(filter);
    return castFilterForMongo(coll, filter);
  }

  /** Reads fail at once when the server is gone (a `query` should not hang), as a one-line StorageUnavailableError. */
  private async reading<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isServerGone(err)) throw new StorageUnavailableError(`MongoDB at ${this.where} is not answering: ${scrubMessage(this.uri, (err as Error).message)}`);
      throw err;
    }
  }

  async find(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): Promise<StoredDoc[]> {
    let q = this.model(collection).find(this.query(collection, filter), options.projection ?? undefined).lean();
    if (options.sort) q = q.sort(options.sort);
    if (options.skip) q = q.skip(options.skip);
    if (options.limit) q = q.limit(options.limit);
    return this.reading(async () => (await q).map((d) => toPlain(d) as StoredDoc));
  }

  async count(collection: CollectionName, filter: Record<string, unknown> = {}): Promise<number> {
    const q = this.query(collection, filter);
    return this.reading(() => this.model(collection).countDocuments(q));
  }

  async *stream(collection: CollectionName, filter: Record<string, unknown> = {}, options: FindOptions = {}): AsyncIterable<StoredDoc> {
    let q = this.model(collection).find(this.query(collection, filter), options.projection ?? undefined).lean();
    if (options.sort) q = q.sort(options.sort);
    if (options.skip) q = q.skip(options.skip);
    if (options.limit) q = q.limit(options.limit);
    const cursor = q.cursor();
    for (;;) {
      const d = await this.reading(() => cursor.next());
      if (d === null || d === undefined) return;
      yield toPlain(d) as StoredDoc;
    }
  }

  async close(): Promise<void> {
    await this.conn.close();
  }
}
