import { textWeight } from '../../text/script';
import { toBlocks, type TextBlock } from './blocks';

export interface DensityOptions {
  /** Weight a line must exceed to count for the body rather than against it (default 40 units ≈ 8 words or 13 CJK chars). */
  minWeight?: number;
  /** Link density above which a line is navigation (default 0.5). */
  maxLinkDensity?: number;
}

/** Class/id hints of page chrome, never article text. */
// Matched at the start of a class/id token: "sidebar-box" is chrome, "content-with-sidebar-wrp" is not.
const CHROME_HINT = /(^|\s)(nav|menu|footer|header|sidebar|breadcrumb|copyright|share|social|comment|related|recommend|advert|ads?)([\s_-]|$)/;
const CHROME_TAG = new Set(['nav', 'header', 'footer', 'aside']);

/** Per-line score: text beyond a threshold counts for, links and chrome count against. */
export function lineValue(b: TextBlock, opts: DensityOptions = {}): number {
  const minWeight = opts.minWeight ?? 40;
  const maxLinkDensity = opts.maxLinkDensity ?? 0.5;
  const w = textWeight(b.text);
  const ld = b.linkChars / Math.max(1, b.text.length);
  if (ld > maxLinkDensity || CHROME_TAG.has(b.tag) || CHROME_HINT.test(b.hint)) return -w;
  return w * (1 - ld) - minWeight;
}

/**
 * Text-density fallback (line-block distribution): the contiguous run of lines with the
 * largest total of (text − threshold), links and page chrome counting against. Finds the
 * body of pages whose markup gives Readability nothing to hold on to (table layouts,
 * text directly under <body>).
 */
export function densityBlocks(doc: Document, opts: DensityOptions = {}): TextBlock[] {
  if (!doc.body) return [];
  return densestRun(toBlocks(doc.body), opts);
}

/** The contiguous run of blocks with the largest density score (see densityBlocks). */
export function densestRun(blocks: readonly TextBlock[], opts: DensityOptions = {}): TextBlock[] {
  const { start, end } = densestSpan(blocks, opts);
  return blocks.slice(start, end);
}

/** Where the densest run is (blocks[start, end)) and its score (0 and an empty span when no line scores above 0). */
export function densestSpan(blocks: readonly TextBlock[], opts: DensityOptions = {}): { start: number; end: number; score: number } {
  let best = 0;
  let bestStart = 0;
  let bestEnd = -1;
  let sum = 0;
  let start = 0;
  for (let i = 0; i < blocks.length; i++) {
    const v = lineValue(blocks[i], opts);
    if (sum <= 0) {
      sum = v;
      start = i;
    } else sum += v;
    if (sum > best) {
      best = sum;
      bestStart = start;
      bestEnd = i;
    }
  }
  return { start: bestStart, end: bestEnd + 1, score: best };
}

/**
 * The densest run, grown over the edge parts that hold a dense run of their own scoring at
 * least `rejoin`: a long list or a run of short lines (a table, sponsors, steps) inside the
 * story must not cut off the story on its other side. Light chrome at the edges still goes.
 */
export function densestRunWithin(blocks: readonly TextBlock[], rejoin: number, opts: DensityOptions = {}): TextBlock[] {
  let { start, end } = densestSpan(blocks, opts);
  if (end <= start) return [];
  for (;;) {
    const before = densestSpan(blocks.slice(0, start), opts);
    if (before.end <= before.start || before.score < rejoin) break;
    start = before.start;
  }
  for (;;) {
    const after = densestSpan(blocks.slice(end), opts);
    if (after.end <= after.start || after.score < rejoin) break;
    end += after.end;
  }
  return blocks.slice(start, end);
}
