import type { TextBlock } from './blocks';
import { lineValue, type DensityOptions } from './density';
import { isSectionEnd } from './boilerplate';

const HEADING = /^h[1-6]$/;

export interface GrowOptions extends DensityOptions {
  /** Density score (see densestSpan) a neighbouring run of page lines must reach to be joined (default 200, about two paragraphs). */
  rejoin?: number;
  /** How far (in negative score) the running total may sink between the story and such a run before the search stops (default 150). */
  maxGap?: number;
}

/**
 * Where each chosen line sits among the page's lines, matched in order (each to its first
 * occurrence after the previous match); -1 for a line not found there.
 */
export function positions(page: readonly TextBlock[], chosen: readonly TextBlock[]): number[] {
  const at = new Map<string, number[]>();
  page.forEach((b, i) => {
    const list = at.get(b.text);
    if (list) list.push(i);
    else at.set(b.text, [i]);
  });
  let prev = -1;
  return chosen.map((b) => {
    const next = at.get(b.text)?.find((i) => i > prev);
    if (next === undefined) return -1;
    prev = next;
    return next;
  });
}

/**
 * Where the chosen lines sit among the page's lines (see positions): the indices of the first
 * and last of them found, or null when fewer than half of the chosen text is found there.
 */
export function locate(page: readonly TextBlock[], chosen: readonly TextBlock[]): { first: number; last: number } | null {
  const at = positions(page, chosen);
  let first = -1;
  let last = -1;
  let found = 0;
  let total = 0;
  chosen.forEach((b, i) => {
    total += b.text.length;
    if (at[i] < 0) return;
    if (first < 0) first = at[i];
    last = at[i];
    found += b.text.length;
  });
  return first >= 0 && found * 2 >= total ? { first, last } : null;
}

/**
 * How many lines of `lines` (read outward from the story) to join: the end of the longest
 * stretch whose running density total reaches `rejoin`, read until the total sinks below
 * -maxGap. 0 when no such stretch.
 */
function reach(lines: readonly TextBlock[], rejoin: number, maxGap: number, wall: (b: TextBlock) => boolean, opts: DensityOptions): number {
  let sum = 0;
  let best = 0;
  let bestAt = 0;
  for (let i = 0; i < lines.length; i++) {
    if (wall(lines[i])) break;
    sum += lineValue(lines[i], opts);
    if (sum < -maxGap) break;
    if (sum > best) {
      best = sum;
      bestAt = i + 1;
    }
  }
  return best >= rejoin ? bestAt : 0;
}

/**
 * Readability keeps one container and the siblings it scores well; a story split over
 * several sibling sections (one per sub-heading, a "key takeaways" box, a second column)
 * comes back as one of them. The page's own lines around that part are read outward: a
 * neighbouring run of dense text (at least `rejoin`), reached without crossing much
 * navigation or chrome (`maxGap`), is more of the same story and is joined, again and again.
 * Returns the lines to add before and after the chosen ones (empty when the chosen lines
 * cannot be found on the page).
 */
export function growAlongPage(page: readonly TextBlock[], chosen: readonly TextBlock[], opts: GrowOptions = {}): { before: TextBlock[]; after: TextBlock[] } {
  const rejoin = opts.rejoin ?? 200;
  const maxGap = opts.maxGap ?? 150;
  const where = locate(page, chosen);
  if (!where) return { before: [], after: [] };
  let { first, last } = where;
  const after = (b: TextBlock) => isSectionEnd(b.text) || (HEADING.test(b.tag) && b.linkChars > b.text.length / 2);
  const before = (b: TextBlock) => b.tag === 'h1' || after(b);
  for (let n = reach(page.slice(last + 1), rejoin, maxGap, after, opts); n > 0; n = reach(page.slice(last + 1), rejoin, maxGap, after, opts)) last += n;
  for (let n = reach(page.slice(0, first).reverse(), rejoin, maxGap, before, opts); n > 0; n = reach(page.slice(0, first).reverse(), rejoin, maxGap, before, opts)) first -= n;
  return { before: page.slice(first, where.first), after: page.slice(where.last + 1, last + 1) };
}
