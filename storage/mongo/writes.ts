import { COLLECTION_DEFS, type CollectionName } from '../../schemas/index';
import type { WriteOp } from '../backend';
import type { StoredDoc } from '../repository';

/**
 * How the shared repository logic's writes (backend.ts: insert / update / touch, planned from
 * what was read) become MongoDB operations that are each one atomic single-document update
 * (MongoDB manual: "Atomicity and Transactions": a write to one document is atomic) and that
 * cannot undo another worker's write made between the read and the write:
 *
 * - insert → `updateOne({<unique key>, _id}, {$setOnInsert: doc}, {upsert: true})`. Inserts the
 *   record with the id the plan gave it (that other records of the page already point to); if
 *   the same record (same id) is there, e.g. after a lost acknowledgement, it changes nothing; if
 *   another worker inserted the key first (another id), the upsert's insert breaks the unique
 *   (taskId, key) index: duplicate key error 11000 = a conflict (manual: "db.collection.updateOne",
 *   "Upsert with Duplicate Values").
 * - update → `updateOne({<unique key>, _id, <guard>}, {$set, $push, $max}, {upsert: true})`. The
 *   guard is what the plan's merge depended on: the fingerprint and `gone` of a crawled record
 *   (its offer, for a commodity: price and salePrice are in its fingerprint), the length of its
 *   price history; `updatedAt`, status and hosts of a task; `lastHeartbeatAt` / `lastSeenAt` of a
 *   worker / host. If
 *   another worker changed the record since it was read, nothing matches, the upsert tries to
 *   insert a second record with the same key and id, and fails with error 11000: a conflict.
 *   A price change is a `$push` of the new entry only (never the whole history rewritten), and
 *   `lastSeenAt` moves with `$max`, so an older save cannot move it back (manual: "$push", "$max").
 * - touch → `updateMany({_id: {$in: ids}}, {$max: {lastSeenAt}})`: idempotent, no guard needed.
 *
 * A conflict makes the repository redo the save from a fresh read (mongo-repository.ts): the
 * merge is then laid over the other worker's record, so neither a price-history entry nor a
 * shop is lost, and no record points at an id that was never inserted.
 */

export type MongoWrite =
  | { updateOne: { filter: Record<string, unknown>; update: Record<string, unknown>; upsert: boolean; setDefaultsOnInsert?: false } }
  | { updateMany: { filter: Record<string, unknown>; update: Record<string, unknown> } };

export interface CollectionWrites {
  coll: CollectionName;
  writes: MongoWrite[];
}

/** The unique key of a document as a filter: tasks by name, crawled records by (taskId, key), workers/hosts by key. */
export function identityOf(coll: CollectionName, doc: Record<string, unknown>): Record<string, unknown> {
  if (coll === 'tasks') return { name: doc.name };
  if (COLLECTION_DEFS[coll].crawled) return { taskId: doc.taskId, key: doc.key };
  return { key: doc.key };
}

/** The fields whose values, as read, a planned update depends on (see the file comment). */
export function guardOf(coll: CollectionName, read: StoredDoc): Record<string, unknown> {
  if (COLLECTION_DEFS[coll].crawled) {
    const guard: Record<string, unknown> = { fingerprint: read.fingerprint, gone: read.gone === true ? true : { $ne: true } };
    if (coll === 'commodities') guard.priceHistory = Array.isArray(read.priceHistory) ? { $size: read.priceHistory.length } : { $exists: false };
    return guard;
  }
  // A task's updatedAt has millisecond resolution: its status and host list are guarded as well
  // (registerWorker adds a host without moving updatedAt).
  if (coll === 'tasks') return { updatedAt: read.updatedAt ?? null, status: read.status, hosts: Array.isArray(read.hosts) ? read.hosts : { $exists: false } };
  if (coll === 'workers') return { lastHeartbeatAt: read.lastHeartbeatAt };
  return { lastSeenAt: read.lastSeenAt };
}

type Entry = Record<string, unknown>;

const sameEntry = (a: Entry | undefined, b: Entry | undefined): boolean =>
  !!a && !!b && new Date(a.at as Date).getTime() === new Date(b.at as Date).getTime() && (a.price ?? null) === (b.price ?? null) && (a.salePrice ?? null) === (b.salePrice ?? null);

/** One planned write as a MongoDB operation; `read` is the document as the plan read it (updates). */
export function toMongoWrite(op: WriteOp, read: StoredDoc | undefined): MongoWrite {
  if (op.kind === 'touch') {
    return { updateMany: { filter: { _id: { $in: op.ids } }, update: { $max: { lastSeenAt: op.at } } } };
  }
  const crawled = COLLECTION_DEFS[op.coll].crawled;
  const identity = identityOf(op.coll, op.doc);
  const { _id, ...fields } = op.doc;
  if (op.kind === 'insert') {
    for (const k of Object.keys(identity)) delete fields[k];
    return { updateOne: { filter: { ...identity, _id }, update: { $setOnInsert: fields }, upsert: true, setDefaultsOnInsert: false } };
  }
  const set: Record<string, unknown> = {};
  const update: Record<string, unknown> = { $set: set };
  for (const [k, v] of Object.entries(fields)) {
    if (k in identity || k === 'firstSeenAt') continue; // the key never changes; first seen is set once
    if (crawled && k === 'lastSeenAt') update.$max = { lastSeenAt: v };
    else if (k === 'priceHistory' && read) {
      const before = Array.isArray(read.priceHistory) ? (read.priceHistory as Entry[]) : null;
      const after = (v as Entry[] | null) ?? [];
      const unchanged = before !== null && after.length === before.length && after.every((e, i) => sameEntry(e, before[i]));
      const appended = before !== null && after.length === before.length + 1 && before.every((e, i) => sameEntry(e, after[i]));
      if (appended) update.$push = { priceHistory: after[after.length - 1] };
      else if (!unchanged) set.priceHistory = after;
    } else set[k] = v;
  }
  if (Object.keys(set).length === 0) delete update.$set;
  // Without the read document there is nothing to guard on: a plain update by id (no upsert).
  if (!read) return { updateOne: { filter: { _id }, update, upsert: false } };
  // (Mongoose's own defaults-on-insert stay off: an upsert here only ever inserts a complete document.)
  return { updateOne: { filter: { ...identity, _id, ...guardOf(op.coll, read) }, update, upsert: true, setDefaultsOnInsert: false } };
}

/**
 * A planned batch as per-collection ordered bulk writes, in the plan's order (shops before the
 * commodities pointing at them, parents before children): runs of consecutive ops on one
 * collection become one bulkWrite. `readOf` gives the document as read for an update.
 */
export function toMongoBatches(ops: WriteOp[], readOf: (coll: CollectionName, id: string) => StoredDoc | undefined): CollectionWrites[] {
  const out: CollectionWrites[] = [];
  for (const op of ops) {
    const read = op.kind === 'update' ? readOf(op.coll, op.doc._id) : undefined;
    const w = toMongoWrite(op, read);
    const last = out[out.length - 1];
    if (last && last.coll === op.coll) last.writes.push(w);
    else out.push({ coll: op.coll, writes: [w] });
  }
  return out;
}

/** Duplicate key (11000) from an ordered bulk write: another worker changed a record this save read. */
export function isWriteConflict(err: unknown): boolean {
  const e = err as { code?: unknown; writeErrors?: Array<{ code?: unknown; err?: { code?: unknown } }>; writeErrors_?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 11000) return true;
  const list = Array.isArray(e.writeErrors) ? e.writeErrors : [];
  return list.some((w) => w.code === 11000 || w.err?.code === 11000);
}
