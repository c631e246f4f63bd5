import { open as openFile } from 'node:fs/promises';

/**
 * The lines of a file, read `chunkBytes` at a time: at most one chunk and one line are held at
 * once, never the whole file. Lines are split on the newline byte before decoding, so a
 * multi-byte character cut by a chunk boundary stays whole. A last line without its newline
 * (cut short by a crash) is yielded too; the caller's parse rejects it if it is torn.
 */
export async function* readLines(file: string, chunkBytes: number): AsyncGenerator<string> {
  const handle = await openFile(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkBytes);
    let carry: Buffer[] = [];
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let nl = chunk.indexOf(10, 0); nl !== -1 && nl < bytesRead; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        const line = carry.length ? Buffer.concat([...carry, piece]) : piece;
        carry = [];
        start = nl + 1;
        if (line.length) yield line.toString('utf8');
      }
      // The rest of the chunk starts a line that ends in a later chunk (copied: the buffer is reused).
      if (start < bytesRead) carry.push(Buffer.from(chunk.subarray(start, bytesRead)));
    }
    if (carry.length) yield Buffer.concat(carry).toString('utf8');
  } finally {
    await handle.close();
  }
}
