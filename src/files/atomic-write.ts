import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces `file` with `text` whole: written to a temp file named after this process (two
 * processes never share one), flushed to disk unless `durable: false`, then renamed over the
 * old file. A crash at any point leaves the old file or the new one, never half of either.
 * `text` may come in pieces, for contents too big for one string (V8 strings stop near 512 MB).
 */
export function writeFileAtomic(file: string, text: string | Iterable<string>, opts: { durable?: boolean } = {}): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    for (const piece of typeof text === 'string' ? [text] : text) writeSync(fd, piece);
    if (opts.durable !== false) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
