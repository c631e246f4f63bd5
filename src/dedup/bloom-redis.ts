/**
 * Bloom filter on Redis bitmaps (Debian's Redis 7 has no RedisBloom module). Blocks are plain
 * strings `sn:{task}:bloom:b<i>` of ≤ 2^32 bits; the sizing lives in `sn:{task}:bloom:cfg` so
 * every worker of a task uses the same one, and a worker started with other settings is refused.
 *
 * Test-and-set of a batch is ONE `BITFIELD block SET u1 o 1 ...` command per block (k SETs per
 * URL; batches over BITFIELD_OPS_PER_COMMAND operations are split, and several commands are
 * wrapped in MULTI/EXEC): one round trip, atomic, and the old bit values say whether all k bits
 * were already set. Two workers adding the same URL at once see exactly one "new"; a URL twice
 * in one batch is "new" once.
 *
 * Where the time goes (measured here, 1000-URL batches, k = 10): Redis spends ~4.5 µs of CPU
 * per URL (~40 k instructions counted with callgrind: for each of the 10 operations, parsing
 * and allocating/freeing 4 argument objects ≈ 60 %, BITFIELD's own parsing incl. a zrealloc
 * per operation ≈ 35 %; the bit work itself is negligible). That is the floor of any RESP
 * encoding (4 arguments per bit); a Lua script is worse (~19 µs per URL: ~1.9 µs per
 * redis.call, ~0.16 µs per struct.unpack value). Node spends ~3.5 µs per URL: XXH3-128 via napi
 * (~0.5–0.7 µs) and taking the BigInt apart (~0.25 µs), writing the RESP bytes straight into a
 * buffer (~0.6 µs; ioredis' own argument encoding cost ~8 µs per URL at 40 args/URL, and
 * building it as a string ~6 µs), the socket write and parsing the 10 integer replies. With a
 * core each, Redis bounds the rate at ~200 k URLs/s; on a shared 2-core machine it is lower.
 * The Lua variant stays as `testAndSetLua` for the benchmark's comparison; the request queue
 * uses Lua because there the enqueue must be in the same atomic step.
 *
 * Memory reality: SETBIT/BITFIELD at offset x makes Redis allocate the string up to x at once
 * (zero-filled), URLs hit random offsets, and a growing string is reallocated greedily (up to 2x
 * below 1 MB, +1 MB above), measured 2.5 MiB for a 1.7 MiB bitmap. So each block is allocated at
 * its exact full size when the filter is opened (blockBits/8 bytes, 171.4 MiB for the 1e8 / 1e-3
 * default): size n for the task; tests and small crawls pass a small n. Run Redis with
 * `maxmemory-policy noeviction`: an evicted block silently forgets URLs.
 */
import { Command, type Redis } from 'ioredis';
import {
  bloomPositionsInto, estimateItems, falsePositiveRate, fpFromFill, sizeBloom, sizingDifferences,
  type BloomSizing, type BloomSizingOptions,
} from './bloom-math';
import { bloomKeys } from './redis-keys';
import type { BloomInfo } from './bloom-memory';

/**
 * Lua for a whole-batch test-and-set, generated for one k so the loop body has no table
 * building (measured: the per-argument cost of redis.call dominates, not the bit work).
 * KEYS = block keys in use; ARGV[1] = packed little-endian uint32s, per item: KEYS index (1-based)
 * then k offsets. Returns per item 1 (all k bits were set: seen) or 0 (new).
 */
export function bloomTasLua(k: number, readOnly = false): string {
  const op = (o: string) => (readOnly ? `redis.call('GETBIT', key, ${o}) == 0` : `redis.call('SETBIT', key, ${o}, 1) == 0`);
  const v = Array.from({ length: k }, (_, j) => `o${j + 1}`);
  return `
local blob = ARGV[1]
local n = #blob / ${4 * (k + 1)}
local out = {}
local pos = 1
for i = 1, n do
  local b, ${v.join(', ')}
  b, ${v.join(', ')}, pos = struct.unpack('<I4${'I4'.repeat(k)}', blob, pos)
  local key = KEYS[b]
  local seen = 1
  ${v.map((o) => `if ${op(o)} then seen = 0 end`).join('\n  ')}
  out[i] = seen
end
return out
`;
}

/** Packs [blockIndex+1, offsets...] per key for the scripts; also returns the block keys used. */
export function packPositions(
  keys: readonly string[],
  sizing: BloomSizing,
  blockName: (i: number) => string,
): { blob: Buffer; blockNames: string[] } {
  const k = sizing.k;
  const stride = k + 1;
  const words = new Uint32Array(stride * keys.length);
  const blockIdx = new Map<number, number>();
  for (let i = 0; i < keys.length; i++) {
    const block = bloomPositionsInto(keys[i]!, sizing, words, i * stride + 1);
    let idx = blockIdx.get(block);
    if (idx === undefined) blockIdx.set(block, (idx = blockIdx.size + 1));
    words[i * stride] = idx;
  }
  const blob = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
  if (!LITTLE_ENDIAN) blob.swap32();
  return { blob, blockNames: [...blockIdx.keys()].map(blockName) };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A command whose RESP encoding we built ourselves (ioredis' public Command/sendCommand API). */
class RawCommand extends Command {
  constructor(
    name: string,
    private readonly resp: Buffer,
  ) {
    super(name, []);
  }

  override toWritable(): Buffer {
    return this.resp;
  }
}

/**
 * Most operations in one BITFIELD command (1000 URLs at k = 10); a larger batch is sent as
 * several commands inside one MULTI/EXEC (still one round trip, still atomic). Measured here
 * (instructions counted with callgrind in redis-server, CPU time in Node): Redis spends about
 * the same per operation from 100 to 10 000 operations per command (~37–45 k instructions per
 * URL, mostly creating and freeing the 4 argument objects of each operation), and fewer,
 * bigger commands cost Node less (one ioredis command and reply per batch). Above ~10 000 the
 * per-operation zrealloc in BITFIELD's parser starts to show.
 */
export const BITFIELD_OPS_PER_COMMAND = 10_000;

const ascii = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
/** RESP pieces of one operation, split so each operation is one constant + its offset. */
const OPS = {
  set: { first: ascii('$3\r\nSET\r\n$2\r\nu1\r\n$'), next: ascii('\r\n$1\r\n1\r\n$3\r\nSET\r\n$2\r\nu1\r\n$'), end: ascii('\r\n$1\r\n1\r\n'), args: 4 },
  get: { first: ascii('$3\r\nGET\r\n$2\r\nu1\r\n$'), next: ascii('\r\n$3\r\nGET\r\n$2\r\nu1\r\n$'), end: ascii('\r\n'), args: 3 },
};
/** Upper bound of one operation's bytes: constant, "10\r\n", 10 digits. */
const MAX_OP_BYTES = OPS.set.next.length + 4 + 10;
/** Upper bound of a command's header and end: "*<n>\r\n$8\r\nBITFIELD\r\n$<len>\r\n<key>\r\n" + end. */
const headBytes = (keyLen: number) => 40 + keyLen + OPS.set.end.length;

/** ASCII digit pairs "00".."99". */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

/** Copies a short constant (a byte loop beats a native call at this size). */
function put(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buf[pos + i] = bytes[i]!;
  return pos + bytes.length;
}

/** Writes v (an integer, 0 ≤ v < 2^32) as the rest of a RESP bulk string: "<len>\r\n<digits>". */
export function putBulkUint(buf: Uint8Array, pos: number, v: number): number {
  const digits = v < 1e5
    ? (v < 10 ? 1 : v < 100 ? 2 : v < 1e3 ? 3 : v < 1e4 ? 4 : 5)
    : (v < 1e6 ? 6 : v < 1e7 ? 7 : v < 1e8 ? 8 : v < 1e9 ? 9 : 10);
  if (digits === 10) {
    buf[pos++] = 49; // "1"
    buf[pos++] = 48; // "0"
  } else {
    buf[pos++] = 48 + digits;
  }
  buf[pos++] = 13;
  buf[pos++] = 10;
  const stop = pos + digits;
  let end = stop;
  while (v >= 100) {
    const q = Math.floor(v / 100);
    const r = (v - q * 100) * 2;
    buf[--end] = PAIRS[r + 1]!;
    buf[--end] = PAIRS[r]!;
    v = q;
  }
  if (v >= 10) {
    buf[--end] = PAIRS[v * 2 + 1]!;
    buf[--end] = PAIRS[v * 2]!;
  } else {
    buf[--end] = 48 + v;
  }
  return stop;
}

/**
 * Writes `BITFIELD key` with the k offsets of each item of items[start..end) (item i's offsets
 * are offsets[i·k .. i·k+k)), as `SET u1 o 1` (old bit returned) or `GET u1 o`; returns the end.
 */
function putBitfield(
  buf: Uint8Array, pos: number, key: Uint8Array, set: boolean,
  offsets: Uint32Array, k: number, items: Int32Array | null, start: number, end: number,
): number {
  const op = set ? OPS.set : OPS.get;
  const head = `*${2 + (end - start) * k * op.args}\r\n$8\r\nBITFIELD\r\n$${key.length}\r\n`;
  for (let i = 0; i < head.length; i++) buf[pos++] = head.charCodeAt(i);
  pos = put(buf, pos, key);
  buf[pos++] = 13;
  buf[pos++] = 10;
  let first = true;
  for (let j = start; j < end; j++) {
    const base = (items ? items[j]! : j) * k;
    for (let t = 0; t < k; t++) {
      pos = put(buf, pos, first ? op.first : op.next);
      first = false;
      pos = putBulkUint(buf, pos, offsets[base + t]!);
    }
  }
  return put(buf, pos, op.end);
}

type TasCommand = (numKeys: number, ...args: (string | Buffer)[]) => Promise<number[]>;

export interface RedisBloomInfo extends BloomInfo {
  task: string;
  /** Redis' own accounting of the block keys (MEMORY USAGE), bytes. */
  memoryUsage: number;
}

export interface OpenRedisBloomOptions extends BloomSizingOptions {
  task: string;
}

/** Picks the stored sizing, or stores ours; refuses explicit options that differ from the stored ones. */
export async function ensureBloomConfig(redis: Redis, opts: OpenRedisBloomOptions): Promise<BloomSizing> {
  const keys = bloomKeys(opts.task);
  const explicit = opts.n !== undefined || opts.p !== undefined || opts.blocks !== undefined || opts.maxBlockBits !== undefined;
  const wanted = sizeBloom(opts);
  const created = await redis.set(keys.config, JSON.stringify(wanted), 'NX');
  if (created === 'OK') {
    await allocateBlocks(redis, opts.task, wanted);
    return wanted;
  }
  const raw = await redis.get(keys.config);
  if (!raw) return ensureBloomConfig(redis, opts); // deleted in between: try again
  const stored = JSON.parse(raw) as BloomSizing;
  const diffs = sizingDifferences(stored, { ...wanted, hash: wanted.hash });
  if (explicit && diffs.length > 0) {
    throw new Error(`task "${opts.task}" already has a Bloom filter with other settings (${diffs.join('; ')}); use the same settings or a new task`);
  }
  if (stored.hash !== wanted.hash) {
    throw new Error(`task "${opts.task}" Bloom filter uses hash ${stored.hash}, this worker ${wanted.hash}`);
  }
  // Idempotent: covers a creator that died between storing the settings and allocating.
  await allocateBlocks(redis, opts.task, stored);
  return stored;
}

/** Creates missing blocks at their full size in one go (exact allocation, no greedy regrowth). */
async function allocateBlocks(redis: Redis, task: string, sizing: BloomSizing): Promise<void> {
  const bk = bloomKeys(task);
  const lastByte = Math.ceil(sizing.blockBits / 8) - 1;
  for (let i = 0; i < sizing.blocks; i++) {
    await redis.eval(
      "if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SETRANGE', KEYS[1], ARGV[1], '\\0') end return 1",
      1, bk.block(i), lastByte,
    );
  }
}

export class RedisBloom {
  private constructor(
    readonly redis: Redis,
    readonly task: string,
    readonly sizing: BloomSizing,
  ) {
    this.tas = defineBloomTas(redis, sizing.k, false);
  }

  private readonly tas: TasCommand;

  /** Opens (creating when new) the task's filter; see ensureBloomConfig for the settings rule. */
  static async open(redis: Redis, opts: OpenRedisBloomOptions): Promise<RedisBloom> {
    return new RedisBloom(redis, opts.task, await ensureBloomConfig(redis, opts));
  }

  /** The task's filter when one exists, else null (never creates). */
  static async openExisting(redis: Redis, task: string): Promise<RedisBloom | null> {
    const raw = await redis.get(bloomKeys(task).config);
    return raw ? new RedisBloom(redis, task, JSON.parse(raw) as BloomSizing) : null;
  }

  /** Test-and-set of the whole batch in one round trip, atomically; result[i] true = seen before (or earlier in this batch). */
  testAndSet(keys: readonly string[]): Promise<boolean[]> {
    return this.bitfieldBatch(keys, true);
  }

  /** Membership test of a batch without setting anything (for measuring false positives). */
  contains(keys: readonly string[]): Promise<boolean[]> {
    return this.bitfieldBatch(keys, false);
  }

  /** Block key names as bytes, made once. */
  private blockKeyBytes: Uint8Array[] = [];
  /** Scratch for a batch's offsets and block numbers (filled and used synchronously per call). */
  private scratchOffsets = new Uint32Array(0);
  private scratchBlocks = new Int32Array(0);

  private async bitfieldBatch(keys: readonly string[], set: boolean): Promise<boolean[]> {
    const n = keys.length;
    if (n === 0) return [];
    const { k, blocks } = this.sizing;
    if (this.scratchOffsets.length < n * k) {
      this.scratchOffsets = new Uint32Array(n * k);
      this.scratchBlocks = new Int32Array(n);
    }
    const offsets = this.scratchOffsets;
    const blockOf = this.scratchBlocks;
    for (let i = 0; i < n; i++) blockOf[i] = bloomPositionsInto(keys[i]!, this.sizing, offsets, i * k);

    // Items in block order, keeping the batch order inside a block (a URL twice in one batch
    // must see its own first copy): a stable counting sort, skipped for a one-block filter.
    let order: Int32Array | null = null;
    let firstOfBlock: Int32Array | null = null;
    if (blocks > 1) {
      firstOfBlock = new Int32Array(blocks + 1);
      for (let i = 0; i < n; i++) firstOfBlock[blockOf[i]! + 1]!++;
      for (let b = 0; b < blocks; b++) firstOfBlock[b + 1]! += firstOfBlock[b]!;
      const fill = firstOfBlock.slice(0, blocks);
      order = new Int32Array(n);
      for (let i = 0; i < n; i++) order[fill[blockOf[i]!]!++] = i;
    }

    const perCmd = Math.max(1, Math.floor(BITFIELD_OPS_PER_COMMAND / k));
    if (this.blockKeyBytes.length !== blocks) {
      const bk = bloomKeys(this.task);
      this.blockKeyBytes = Array.from({ length: blocks }, (_, b) => Uint8Array.from(Buffer.from(bk.block(b), 'utf8')));
    }
    // A fresh buffer per call: ioredis may hold it (offline queue, socket buffer) after we return.
    const mem = Buffer.allocUnsafe(n * k * MAX_OP_BYTES + (Math.ceil(n / perCmd) + blocks) * headBytes(this.blockKeyBytes[0]!.length));
    const buf = new Uint8Array(mem.buffer, mem.byteOffset, mem.length);
    const cmds: RawCommand[] = [];
    /** Reply position → item: command c answers for items cmdStart[c] .. cmdStart[c+1] of `order`. */
    const cmdStart: number[] = [];
    let pos = 0;
    for (let b = 0; b < blocks; b++) {
      const lo = firstOfBlock ? firstOfBlock[b]! : 0;
      const hi = firstOfBlock ? firstOfBlock[b + 1]! : n;
      for (let start = lo; start < hi; start += perCmd) {
        const end = Math.min(hi, start + perCmd);
        const from = pos;
        pos = putBitfield(buf, pos, this.blockKeyBytes[b]!, set, offsets, k, order, start, end);
        cmds.push(new RawCommand('bitfield', mem.subarray(from, pos)));
        cmdStart.push(start);
      }
    }
    cmdStart.push(n);

    let replies: number[][];
    if (cmds.length === 1) {
      this.redis.sendCommand(cmds[0]!);
      replies = [(await cmds[0]!.promise) as number[]];
    } else {
      const tx = this.redis.multi();
      for (const c of cmds) (tx as unknown as { sendCommand(c: Command): void }).sendCommand(c);
      const res = await tx.exec();
      if (!res) throw new Error('Bloom test-and-set transaction was aborted');
      replies = res.map(([err, v]) => {
        if (err) throw err;
        return v as number[];
      });
    }
    const out = new Array<boolean>(n);
    for (let c = 0; c < cmds.length; c++) {
      const bits = replies[c]!;
      const first = cmdStart[c]!;
      for (let j = first, t = 0; j < cmdStart[c + 1]!; j++) {
        let all = true;
        for (const e = t + k; t < e; t++) if (bits[t] === 0) all = false;
        out[order ? order[j]! : j] = all;
      }
    }
    return out;
  }

  /** The same test-and-set as one Lua script (EVALSHA); kept to compare speeds in the benchmark. */
  async testAndSetLua(keys: readonly string[]): Promise<boolean[]> {
    if (keys.length === 0) return [];
    const { blob, blockNames } = packPositions(keys, this.sizing, bloomKeys(this.task).block);
    const res = await this.tas(blockNames.length, ...blockNames, blob);
    return res.map((v) => v === 1);
  }

  async info(): Promise<RedisBloomInfo> {
    const { m, k, n, blocks, blockBits } = this.sizing;
    const bk = bloomKeys(this.task);
    const pipe = this.redis.pipeline();
    for (let i = 0; i < blocks; i++) {
      pipe.bitcount(bk.block(i));
      pipe.strlen(bk.block(i));
      pipe.memory('USAGE', bk.block(i));
    }
    const res = (await pipe.exec()) ?? [];
    let bitsSet = 0;
    let bytes = 0;
    let memoryUsage = 0;
    let est = 0;
    let fp = 0;
    for (let i = 0; i < blocks; i++) {
      const [e1, c] = res[3 * i]!;
      if (e1) throw e1;
      const count = Number(c);
      bitsSet += count;
      bytes += Number(res[3 * i + 1]![1]);
      memoryUsage += Number(res[3 * i + 2]![1] ?? 0);
      est += estimateItems(blockBits, k, count);
      fp += fpFromFill(count / blockBits, k) / blocks;
    }
    return {
      task: this.task,
      sizing: this.sizing,
      bitsSet,
      fillRatio: bitsSet / m,
      estimatedItems: est,
      currentFp: fp,
      designFp: falsePositiveRate(m, k, n),
      bytes,
      memoryUsage,
    };
  }

  /** Deletes the blocks and the stored settings. */
  async drop(): Promise<void> {
    const bk = bloomKeys(this.task);
    const names = Array.from({ length: this.sizing.blocks }, (_, i) => bk.block(i));
    await this.redis.del(bk.config, ...names);
  }
}

/** Registers the script for k once per connection (ioredis sends EVALSHA, and EVAL when a restarted Redis lost it). */
function defineBloomTas(redis: Redis, k: number, readOnly: boolean): TasCommand {
  const name = `snBloom${readOnly ? 'Has' : 'Tas'}${k}`;
  const r = redis as unknown as Record<string, TasCommand | undefined>;
  if (!r[name]) redis.defineCommand(name, { lua: bloomTasLua(k, readOnly) });
  return (r[name] as TasCommand).bind(redis);
}
