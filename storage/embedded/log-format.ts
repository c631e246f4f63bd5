import { crc32 } from 'node:zlib';
import type { CollectionName } from '../../schemas/index';
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

export function encodeBatch(batch: LogBatch): Buffer {
  const body = Buffer.from(JSON.stringify(batch), 'utf8');
  const head = Buffer.from(`${crc32(body).toString(16).padStart(8, '0')} `, 'latin1');
  return Buffer.concat([head, body, Buffer.from('\n')]);
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
