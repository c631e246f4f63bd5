import iconv from 'iconv-lite';
import chardet from 'chardet';

/**
 * Turns the raw bytes of an HTML page into text, whatever its encoding.
 * Order of evidence: byte-order mark, the HTTP Content-Type charset, a `<meta>` charset
 * in the first 4 kB, then statistical detection (chardet) when nothing is declared.
 * GBK and GB2312 decode as GB18030 (a superset) so characters outside GB2312 survive.
 */
export interface DecodedHtml {
  text: string;
  /** The encoding used, as iconv-lite names it. */
  encoding: string;
  /** Where the encoding came from. */
  source: 'bom' | 'header' | 'meta' | 'detected' | 'default';
}

const SUPERSETS: Record<string, string> = {
  gbk: 'gb18030',
  gb2312: 'gb18030',
  'x-gbk': 'gb18030',
  'iso-8859-1': 'windows-1252',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'big5-hkscs': 'big5',
  'x-sjis': 'shift_jis',
  sjis: 'shift_jis',
};

export function normaliseEncoding(name: string | null | undefined): string | null {
  if (!name) return null;
  const n = name.trim().toLowerCase().replace(/^["']|["']$/g, '');
  const mapped = SUPERSETS[n] ?? n;
  return iconv.encodingExists(mapped) ? mapped : null;
}

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return m ? normaliseEncoding(m[1]) : null;
}

/** `<meta charset=…>` or `<meta http-equiv="Content-Type" content="…; charset=…">`. */
export function charsetFromMeta(head: string): string | null {
  const m =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset\s*=\s*([\w.:-]+)/i.exec(head);
  return m ? normaliseEncoding(m[1]) : null;
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Valid UTF-8 is by far the most common case and chardet can mistake short UTF-8 for others. */
function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function detect(bytes: Uint8Array): string | null {
  if (isValidUtf8(bytes)) return 'utf-8';
  const sample = bytes.length > 65536 ? bytes.subarray(0, 65536) : bytes;
  return normaliseEncoding(chardet.detect(sample));
}

const CJK_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/** Below this many Latin-1-looking characters a page is left as it is (too little evidence). */
const MIN_MOJIBAKE_CHARS = 200;

/**
 * The single-byte readings mojibake comes from. Tools that "read as Latin-1" usually read as
 * Windows-1252 (what browsers do for ISO-8859-1: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ
 * ž Ÿ at 0x80–0x9F) or as ISO-8859-15 (€ Š š Ž ž Œ œ Ÿ in place of ¤ ¦ ¨ ´ ¸ ¼ ½ ¾). On a tie
 * the first wins: a page that has Œ, Ž… but never ¤, ´, ¸… (which any long cp1252 reading of
 * CJK bytes has) was read as ISO-8859-15.
 */
const SINGLE_BYTE_READINGS = ['iso-8859-15', 'windows-1252'] as const;

/** The characters above U+00FF those readings produce, from iconv-lite's tables. */
const SINGLE_BYTE_EXTRAS: ReadonlySet<number> = (() => {
  const high = Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i));
  const set = new Set<number>();
  for (const encoding of SINGLE_BYTE_READINGS) {
    for (const ch of iconv.decode(high, encoding)) if (ch.charCodeAt(0) > 0xff && ch !== '\ufffd') set.add(ch.charCodeAt(0));
  }
  return set;
})();

/** Whether `text` can be mojibake at all: enough non-ASCII, next to all of it from a single-byte reading. */
function looksSingleByte(text: string): boolean {
  let single = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c <= 0xff || SINGLE_BYTE_EXTRAS.has(c)) single++;
    else if (++other > 1000) return false;
  }
  return single >= MIN_MOJIBAKE_CHARS && other <= single * 0.02;
}

interface ByteSource {
  bytes: Buffer;
  /** Characters the reading cannot have produced (written as "?"). */
  misses: number;
  /** Non-ASCII characters it can have produced. */
  mapped: number;
}

/**
 * The bytes a single-byte reading of `text` came from, through iconv-lite. Its tables give
 * "?" for C1 controls and for what the encoding lacks; C1 controls are put back as their own
 * byte (that is how the bytes Windows-1252 leaves undefined come out of most tools), the rest
 * count as misses (a stray real "中" or "→" added after the damage, or the wrong reading).
 */
function singleByteSource(text: string, encoding: string): ByteSource | null {
  const bytes = iconv.encode(text, encoding);
  // One byte per UTF-16 unit (a surrogate pair gives two "?"), so positions line up.
  if (bytes.length !== text.length) return null;
  let misses = 0;
  let mapped = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c <= 0x9f) bytes[i] = c;
    else if (bytes[i] === 0x3f) {
      misses++;
      continue;
    }
    mapped++;
  }
  return { bytes, misses, mapped };
}

/**
 * How much of the non-ASCII in `bytes` comes in runs of two or more high bytes. Text in a
 * double-byte CJK encoding is almost all such runs (lead and trail byte both ≥ 0x80 for nearly
 * every common character); Western text has mostly lone accented letters between ASCII ones.
 */
function pairedHighShare(bytes: Uint8Array): number {
  let high = 0;
  let paired = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! < 0x80) continue;
    high++;
    if ((i > 0 && bytes[i - 1]! >= 0x80) || (i + 1 < bytes.length && bytes[i + 1]! >= 0x80)) paired++;
  }
  return high === 0 ? 0 : paired / high;
}

/** One layer of repair: the recovered text, or null when this does not look like mojibake. */
function repairOnce(text: string): string | null {
  if (!looksSingleByte(text)) return null;
  let best: ByteSource | null = null;
  for (const encoding of SINGLE_BYTE_READINGS) {
    const source = singleByteSource(text, encoding);
    if (source && (!best || source.misses < best.misses)) best = source;
  }
  if (!best || best.mapped < MIN_MOJIBAKE_CHARS || best.misses > best.mapped * 0.02) return null;
  const { bytes, mapped } = best;
  // UTF-8 first: a long Latin-1 text whose bytes happen to be valid UTF-8 is UTF-8 read wrongly.
  if (isValidUtf8(bytes)) return bytes.toString('utf8');
  // Then a legacy CJK encoding, accepted only when the result is clearly text in it: high bytes
  // in pairs, most of the non-ASCII decoded to CJK, next to no undecodable sequences.
  if (pairedHighShare(bytes) < 0.8) return null;
  const enc = normaliseEncoding(chardet.detect(bytes.subarray(0, 65536)));
  if (!enc || enc === 'utf-8' || /^(windows-125|iso-8859|utf-)/.test(enc)) return null;
  const fixed = iconv.decode(bytes, enc);
  let nonAscii = 0;
  let replacement = 0;
  for (let i = 0; i < fixed.length; i++) {
    const c = fixed.charCodeAt(i);
    if (c < 0x80) continue;
    nonAscii++;
    if (c === 0xfffd) replacement++;
  }
  const cjk = (fixed.match(CJK_CHAR) ?? []).length;
  if (cjk < mapped * 0.2 || cjk < nonAscii * 0.6 || replacement > cjk * 0.01) return null;
  return fixed;
}

/**
 * Pages saved by a tool that read GBK/Big5/UTF-8 bytes as Latin-1 or Windows-1252 and wrote them
 * back as UTF-8 come out as runs of "Ã¤Â½Â" or "ËÑºüÐÂÎÅ" with no CJK at all; some went through
 * that twice. When nearly every non-ASCII character is one a single-byte reading produces, the
 * bytes are recovered and decoded again (UTF-8, else the detected CJK encoding), layer by layer,
 * as long as each layer is clearly better. Returns null when nothing was repaired: real
 * Latin-1/Windows-1252 text (French, German, “quotes”, €) is never altered.
 */
export function repairLatin1Mojibake(text: string): string | null {
  let current = text;
  for (let layer = 0; layer < 3; layer++) {
    const next = repairOnce(current);
    if (next === null) break;
    current = next;
  }
  return current === text ? null : current;
}

export function decodeHtml(bytes: Uint8Array, contentType?: string | null): DecodedHtml {
  const first = decodeBytes(bytes, contentType);
  if (first.encoding !== 'utf-8') return first;
  const repaired = repairLatin1Mojibake(first.text);
  return repaired === null ? first : { ...first, text: repaired, source: 'detected' };
}

function decodeBytes(bytes: Uint8Array, contentType?: string | null): DecodedHtml {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bom = bomEncoding(buf);
  if (bom) return { text: iconv.decode(buf, bom), encoding: bom, source: 'bom' };

  // A declared charset that contradicts valid UTF-8 bytes is a common server misconfiguration;
  // trust the bytes when they are valid UTF-8 and contain non-ASCII text.
  const header = charsetFromContentType(contentType);
  const meta = charsetFromMeta(buf.subarray(0, 4096).toString('latin1'));
  const declared = header ?? meta;
  if (declared) {
    if (declared !== 'utf-8' && hasNonAscii(buf) && isValidUtf8(buf)) {
      return { text: buf.toString('utf8'), encoding: 'utf-8', source: 'detected' };
    }
    return { text: iconv.decode(buf, declared), encoding: declared, source: header ? 'header' : 'meta' };
  }
  const detected = detect(buf);
  if (detected) return { text: iconv.decode(buf, detected), encoding: detected, source: 'detected' };
  return { text: buf.toString('utf8'), encoding: 'utf-8', source: 'default' };
}

function hasNonAscii(buf: Buffer): boolean {
  for (let i = 0; i < buf.length; i++) if (buf[i]! > 0x7f) return true;
  return false;
}
