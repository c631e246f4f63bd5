import { crc32 } from 'node:zlib';
import { closeSync, openSync, readSync } from 'node:fs';
import type { CollectionName } from '../../schemas/index';
import type { StoredDoc } from '../repository';

/**
 * The store before SQLite: one append-only log, `store.log`, one line per committed batch,
 * `<crc32 as 8 hex> <JSON>\n` (a put carries the whole document, dates as ISO strings; a touch
 * moves lastSeenAt of some ids). Kept only to import such a store on first open
 * (EmbeddedRepository.importLegacyLog); a torn last line (a writer killed mid-write) is ignored.
 */
export type LogOp =
  | { k: 'p'; c: CollectionName; d: StoredDoc }
  | { k: 't'; c: CollectionName; ids: string[]; at: string };

export interface LogBatch {
  /** Commit time (ms since epoch), for diagnostics. */
  t: number;
  ops: LogOp[];
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

/** Every whole batch of an old log, in order, read 64 MB at a time; `corrupt` counts bad complete lines. */
export function* readLegacyLog(path: string, stats: { corrupt: number }): Generator<LogBatch> {
  const fd = openSync(path, 'r');
  try {
    const CHUNK = 64 * 1024 * 1024;
    let pending = Buffer.alloc(0);
    let pos = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      pos += n;
      const data = pending.length ? Buffer.concat([pending, buf.subarray(0, n)]) : buf.subarray(0, n);
      const parsed = parseChunk(data);
      stats.corrupt += parsed.corrupt;
      yield* parsed.batches;
      pending = Buffer.from(data.subarray(parsed.consumed));
    }
  } finally {
    closeSync(fd);
  }
}
