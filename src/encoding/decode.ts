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

/**
 * Pages saved by a tool that read GBK/Big5 bytes as Latin-1 and wrote them back as UTF-8 come
 * out as runs of "Ã¤Â½Â" letters with no CJK at all. When most non-ASCII characters are
 * Latin-1 letters, the Latin-1 bytes are recovered and decoded again.
 */
export function repairLatin1Mojibake(text: string): string | null {
  let latin1 = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c <= 0xff) latin1++;
    else other++;
  }
  if (latin1 < 200 || other > latin1 * 0.02) return null;
  const bytes = Buffer.from(text, 'latin1');
  if (isValidUtf8(bytes)) return bytes.toString('utf8');
  const enc = normaliseEncoding(chardet.detect(bytes.subarray(0, 65536)));
  if (!enc || enc === 'utf-8' || /^(windows-125|iso-8859)/.test(enc)) return null;
  const fixed = iconv.decode(bytes, enc);
  const cjk = (fixed.match(/[\u4e00-\u9fff\u3040-\u30ff]/g) ?? []).length;
  return cjk > latin1 * 0.2 ? fixed : null;
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
