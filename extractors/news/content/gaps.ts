import type { TextBlock } from './blocks';
import { textWeight } from '../../text/script';
import { lineValue, type DensityOptions } from './density';
import { isSectionEnd } from './boilerplate';
import { positions } from './grow';

export interface GapOptions extends DensityOptions {
  /** Density score (see lineValue) the lines of a gap must total to be joined (default 0: more text than chrome). */
  minScore?: number;
  /**
   * Chosen text (textWeight) a gap needs on each side, at least (default 200, about two
   * paragraphs): a gap next to a lone byline, date or tag line Readability kept at the
   * story's edge is not inside the story.
   */
  minSide?: number;
  /** ...and at least this share of all the chosen text on each side (default 0.1). */
  minSideShare?: number;
}

/** A line of prose: a sentence or more (bylines, dates and credits are not). */
export function isSentence(b: TextBlock): boolean {
  return textWeight(b.text) >= 80 && /[.!?。！？…]["”’)）]?$/.test(b.text);
}

/**
 * Readability keeps its best container and the siblings it scores well, so a story whose
 * sections sit in sibling containers can come back with holes: the third and fifth sections
 * kept, the fourth (scored a little lower, or holding a figure or a price table) left out.
 * The page's own lines between two chosen lines are read back in when the gap sits inside
 * the story (enough chosen text on both sides, see minSide), holds a sentence of prose, is
 * more text than chrome (density total at least `minScore`) and holds no "Related" /
 * "Comments" marker. Lines of the chosen text not found on the page are kept where they are.
 */
export function fillGaps(page: readonly TextBlock[], chosen: readonly TextBlock[], opts: GapOptions = {}): TextBlock[] {
  const minScore = opts.minScore ?? 0;
  const total = chosen.reduce((n, b) => n + textWeight(b.text), 0);
  const side = Math.max(opts.minSide ?? 200, (opts.minSideShare ?? 0.1) * total);
  const at = positions(page, chosen);
  const out: TextBlock[] = [];
  let seen = 0;
  let prev = -1;
  chosen.forEach((b, i) => {
    const p = at[i];
    if (prev >= 0 && p > prev + 1 && seen >= side && total - seen >= side) {
      const gap = page.slice(prev + 1, p);
      const score = gap.reduce((n, g) => n + lineValue(g, opts), 0);
      if (score >= minScore && gap.some(isSentence) && !gap.some((g) => isSectionEnd(g.text))) out.push(...gap);
    }
    if (p >= 0) prev = p;
    out.push(b);
    seen += textWeight(b.text);
  });
  return out;
}
