import { xxh64 } from '@node-rs/xxhash';

/**
 * 64-bit SimHash (Charikar) of a page's main text, to tell a real change from noise: a
 * rotated ad, a "3 minutes ago" timestamp or a view counter moves a few bits at most, a
 * rewritten paragraph moves many. Features are 2-shingles of tokens: words for alphabetic
 * scripts, single characters for CJK (so Chinese yields character bigrams, no segmenter
 * needed). Tokens with digits only (times, dates, counters) are left out.
 */

/**
 * Distance at or below which two texts count as the same. Measured on real news texts over
 * 1,000 characters (src/schedule/calibrate-simhash.ts): a timestamp line plus an ad line went
 * over 6 bits in 1–3% of articles; replacing the last 15% of the text stayed at or under 6 in 3–8%.
 */
export const DEFAULT_MAX_DISTANCE = 6;

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)*/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const DIGITS_ONLY = /^\p{N}+$/u;

/** Words and single CJK characters, lower-cased, numbers-only tokens dropped. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const t = m[0];
    if (!DIGITS_ONLY.test(t)) out.push(t);
  }
  return out;
}

/** The features hashed: consecutive token pairs (joined without a space between CJK characters). */
export function shingles(tokens: string[]): string[] {
  if (tokens.length === 1) return [tokens[0]!];
  const out: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    out.push(CJK.test(a) && CJK.test(b) ? a + b : `${a} ${b}`);
  }
  return out;
}

/** SimHash of `text` as 16 hex digits (what to store). Empty text → all zeros. */
export function simhash(text: string): string {
  const v = new Int32Array(64);
  // Each distinct shingle counts once: a phrase repeated in a footer or menu must not outweigh the rest.
  for (const f of new Set(shingles(tokenize(text)))) {
    const h = xxh64(f);
    const hi = Number(h >> 32n);
    const lo = Number(h & 0xffffffffn);
    for (let i = 0; i < 32; i++) {
      v[i] += (lo >>> i) & 1 ? 1 : -1;
      v[32 + i] += (hi >>> i) & 1 ? 1 : -1;
    }
  }
  let bits = 0n;
  for (let i = 63; i >= 0; i--) bits = (bits << 1n) | (v[i]! > 0 ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

function toBig(h: string | bigint): bigint {
  if (typeof h === 'bigint') return h;
  if (!/^[0-9a-f]{1,16}$/i.test(h)) throw new Error(`not a 64-bit simhash (16 hex digits): "${h}"`);
  return BigInt(`0x${h}`);
}

/** Number of differing bits between two SimHashes. */
export function hammingDistance(a: string | bigint, b: string | bigint): number {
  let x = toBig(a) ^ toBig(b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** True when the two texts (or stored hashes) differ by more than `maxDistance` bits. */
export function textChanged(before: string, after: string, opts: { maxDistance?: number; hashed?: boolean } = {}): boolean {
  const a = opts.hashed ? before : simhash(before);
  const b = opts.hashed ? after : simhash(after);
  return hammingDistance(a, b) > (opts.maxDistance ?? DEFAULT_MAX_DISTANCE);
}
