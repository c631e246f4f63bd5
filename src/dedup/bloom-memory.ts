/**
 * In-process Bloom filter for the embedded mode (no REDIS_URL): same sizing and bit positions as
 * the Redis filter. Saved with the task (data/tasks/<task>/bloom.bin) so `--resume` does not
 * refetch pages it already saw.
 *
 * File format: "SNBLOOM1\n" + one JSON line (sizing + inserted count) + the raw block bytes
 * (bit i of a block = byte i>>3, bit 7 − (i&7), i.e. the same bit order as Redis' SETBIT, so a
 * file could be loaded into Redis keys unchanged).
 */
import { open, readFile, rename, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  bloomPositionsInto, estimateItems, falsePositiveRate, fpFromFill, sizeBloom,
  type BloomSizing, type BloomSizingOptions,
} from './bloom-math';

const MAGIC = 'SNBLOOM1\n';

/** Where a task's in-process filter is saved (the `bloom-info` CLI reads it from here). */
export function taskBloomPath(task: string, dataDir = 'data'): string {
  return join(dataDir, 'tasks', task, 'bloom.bin');
}

export interface BloomInfo {
  sizing: BloomSizing;
  /** Bits set over all blocks. */
  bitsSet: number;
  fillRatio: number;
  estimatedItems: number;
  /** FP rate now, from the fill ratio. */
  currentFp: number;
  /** FP rate the design promises at n. */
  designFp: number;
  /** Bytes the bitmaps take. */
  bytes: number;
}

function popcount8(): Uint8Array {
  const t = new Uint8Array(256);
  for (let i = 0; i < 256; i++) t[i] = (i & 1) + t[i >> 1]!;
  return t;
}
const POP = popcount8();

export class MemoryBloom {
  readonly sizing: BloomSizing;
  private readonly blocks: Uint8Array[];

  constructor(sizing: BloomSizing | BloomSizingOptions = {}, blocks?: Uint8Array[]) {
    this.sizing = 'blockBits' in sizing && 'k' in sizing ? (sizing as BloomSizing) : sizeBloom(sizing);
    const bytes = Math.ceil(this.sizing.blockBits / 8);
    this.blocks = blocks ?? Array.from({ length: this.sizing.blocks }, () => new Uint8Array(bytes));
    this.scratch = new Uint32Array(this.sizing.k);
  }

  /** The k offsets of the key being tested (reused: no allocation per key). */
  private readonly scratch: Uint32Array;

  /** Sets the key's bits; true when it was (probably) seen before, false when new. */
  testAndSet(key: string): boolean {
    const offsets = this.scratch;
    const bits = this.blocks[bloomPositionsInto(key, this.sizing, offsets, 0)]!;
    let seen = true;
    for (let i = 0; i < offsets.length; i++) {
      const o = offsets[i]!;
      const byte = o >>> 3;
      const mask = 0x80 >>> (o & 7);
      if ((bits[byte]! & mask) === 0) {
        seen = false;
        bits[byte] = bits[byte]! | mask;
      }
    }
    return seen;
  }

  /** Test-and-set of many keys; result[i] is true when keys[i] was seen (earlier keys of the same batch count). */
  testAndSetMany(keys: readonly string[]): boolean[] {
    return keys.map((k) => this.testAndSet(k));
  }

  /** True when the key was (probably) added before; sets nothing. */
  has(key: string): boolean {
    const offsets = this.scratch;
    const bits = this.blocks[bloomPositionsInto(key, this.sizing, offsets, 0)]!;
    for (let i = 0; i < offsets.length; i++) {
      const o = offsets[i]!;
      if ((bits[o >>> 3]! & (0x80 >>> (o & 7))) === 0) return false;
    }
    return true;
  }

  info(): BloomInfo {
    const { m, k, n, blockBits } = this.sizing;
    let bitsSet = 0;
    let est = 0;
    let fp = 0;
    for (const b of this.blocks) {
      let c = 0;
      for (let i = 0; i < b.length; i++) c += POP[b[i]!]!;
      bitsSet += c;
      est += estimateItems(blockBits, k, c);
      fp += fpFromFill(c / blockBits, k) / this.blocks.length;
    }
    return {
      sizing: this.sizing,
      bitsSet,
      fillRatio: bitsSet / m,
      estimatedItems: est,
      currentFp: fp,
      designFp: falsePositiveRate(m, k, n),
      bytes: this.blocks.reduce((s, b) => s + b.length, 0),
    };
  }

  /** Writes the filter atomically (temp file + rename): a crash mid-save keeps the old file. */
  async save(path: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.write(MAGIC + JSON.stringify({ sizing: this.sizing }) + '\n');
      for (const b of this.blocks) await fh.write(b);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  }

  /** Loads a saved filter; throws a one-line error when the file is not one. */
  static async load(path: string): Promise<MemoryBloom> {
    const buf = await readFile(path);
    const head = buf.subarray(0, MAGIC.length).toString('latin1');
    const nl = buf.indexOf(0x0a, MAGIC.length);
    if (head !== MAGIC || nl < 0) throw new Error(`${path} is not a saved Bloom filter (bad header)`);
    const { sizing } = JSON.parse(buf.subarray(MAGIC.length, nl).toString('utf8')) as { sizing: BloomSizing };
    const bytes = Math.ceil(sizing.blockBits / 8);
    const body = buf.subarray(nl + 1);
    if (body.length !== bytes * sizing.blocks) {
      throw new Error(`${path} is truncated: ${body.length} bytes of bitmap, expected ${bytes * sizing.blocks}`);
    }
    const blocks = Array.from({ length: sizing.blocks }, (_, i) =>
      new Uint8Array(body.buffer, body.byteOffset + i * bytes, bytes).slice(),
    );
    return new MemoryBloom(sizing, blocks);
  }

  /** Loads the file when it exists, else a fresh filter with these options. */
  static async loadOrCreate(path: string, opts: BloomSizingOptions = {}): Promise<MemoryBloom> {
    try {
      return await MemoryBloom.load(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new MemoryBloom(opts);
      throw err;
    }
  }
}
