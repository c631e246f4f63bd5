import { crc32 } from 'node:zlib';
import { pathKinds, type CollectionName } from '../../schemas/index';
import type { StoredDoc } from '../repository';

/**
 * The embedded store is one append-only log, `store.log`: one line per committed batch,
 * `<crc32 as 8 hex> <JSON>\n`. A batch is written with a single write() on an O_APPEND fd, so
 * it is all there or (after a crash mid-write) a torn tail that fails its checksum or lacks its
 * newline, which is ignored on read and cut off by the next writer.
 */
export type LogOp =
  | { k: 'p'; c: CollectionName; d: StoredDoc }
  | { k: 't'; c: CollectionName; ids: string[]; at: string };

export interface LogBatch {
  /** Commit time (ms since epoch), for diagnostics. */
  t: number;
  ops: LogOp[];
}

/**
 * Dates in a stored record become ISO strings in the log (what JSON.stringify makes of them) and
 * Dates again on replay (MemCollection.revive). JSON.stringify calls Date#toJSON once per date,
 * which costs more than the rest of a record together; most dates of a batch are the same
 * instant (its commit time), so the strings are made once per instant and put in place before
 * stringifying. The line comes out byte for byte as JSON.stringify(batch) would make it.
 */
const isoCache = new Map<number, string>();

function isoOf(d: Date): string | null {
  const t = d.getTime();
  if (Number.isNaN(t)) return null; // what Date#toJSON gives for an invalid date
  let s = isoCache.get(t);
  if (s === undefined) {
    if (isoCache.size >= 4096) isoCache.clear();
    s = d.toISOString();
    isoCache.set(t, s);
  }
  return s;
}

/** A shallow copy of `doc` with its schema dates (and array-of-subdocument dates) as ISO strings. */
export function wireDoc(coll: CollectionName, doc: StoredDoc): StoredDoc {
  const kinds = pathKinds(coll);
  let w: StoredDoc | null = null;
  for (const p of kinds.dates) {
    const v = doc[p];
    if (v instanceof Date) (w ??= { ...doc })[p] = isoOf(v);
  }
  for (const p in kinds.nested) {
    const sub = kinds.nested[p]!.dates;
    const arr = doc[p];
    if (!sub.length || !Array.isArray(arr) || !arr.length) continue;
    (w ??= { ...doc })[p] = arr.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      let c: Record<string, unknown> | null = null;
      for (const sp of sub) {
        const v = (item as Record<string, unknown>)[sp];
        if (v instanceof Date) (c ??= { ...(item as Record<string, unknown>) })[sp] = isoOf(v);
      }
      return c ?? item;
    });
  }
  return w ?? doc;
}

export function encodeBatch(batch: LogBatch): Buffer {
  const wire: LogBatch = { t: batch.t, ops: batch.ops.map((o) => (o.k === 'p' ? { k: 'p', c: o.c, d: wireDoc(o.c, o.d) } : o)) };
  const json = JSON.stringify(wire);
  const len = Buffer.byteLength(json, 'utf8');
  // `<crc32 as 8 hex> <json>\n`, built in one buffer.
  const line = Buffer.allocUnsafe(9 + len + 1);
  line.write(json, 9, len, 'utf8');
  line.write(`${crc32(line.subarray(9, 9 + len)).toString(16).padStart(8, '0')} `, 0, 9, 'latin1');
  line[9 + len] = 0x0a;
  return line;
}

export interface ParsedChunk {
  batches: LogBatch[];
  /** Bytes consumed: up to and including the last complete line. */
  consumed: number;
  /** Complete lines whose checksum or JSON was bad (skipped). */
  corrupt: number;
}

/** Parses complete lines from `buf`; an incomplete last line is left unconsumed. */
export function parseChunk(buf: Buffer): ParsedChunk {
  const batches: LogBatch[] = [];
  let pos = 0;
  let corrupt = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) break;
    const line = buf.subarray(pos, nl);
    pos = nl + 1;
    if (line.length < 10 || line[8] !== 0x20) {
      corrupt++;
      continue;
    }
    const body = line.subarray(9);
    const want = parseInt(line.subarray(0, 8).toString('latin1'), 16);
    if (crc32(body) !== want) {
      corrupt++;
      continue;
    }
    try {
      batches.push(JSON.parse(body.toString('utf8')) as LogBatch);
    } catch {
      corrupt++;
    }
  }
  return { batches, consumed: pos, corrupt };
}
