import { textWeight } from '../../text/script';
import type { TextBlock } from './blocks';

/**
 * Weight a repeated run of lines must reach to be a second copy of the text: a story or an FAQ
 * again, not a refrain (a plan's "Thursday. Steady run", an event's blurb under each of its dates,
 * the pros shared by two products in a comparison, all shown to readers as often as written).
 */
const RUN_WEIGHT = 1000;
/** A paragraph printed twice in a row must weigh this much: a sentence, not a table's "Rest day". */
const TWICE_WEIGHT = 100;
/** Earlier places of a line compared with, and lines compared per place: a hostile page repeating one line thousands of times stays linear. */
const MAX_PLACES = 8;
const MAX_RUN = 500;

/**
 * Drops a second copy of text already kept: a run of lines that repeats an earlier run word for
 * word (an FAQ set once as an accordion and again for search engines; a site builder rendering
 * the story once per screen size, the other copies hidden by CSS a crawler does not apply), and a
 * paragraph printed twice in a row (the standfirst again as the first paragraph). Shorter runs
 * and a paragraph repeated further down stay: pages show those to readers as often as written.
 */
export function dropRepeatedRuns(blocks: readonly TextBlock[]): TextBlock[] {
  const firstAt = new Map<string, number[]>();
  const drop = new Set<number>();
  for (let i = 0; i < blocks.length; ) {
    let best = 0;
    for (const j of (firstAt.get(blocks[i]!.text) ?? []).slice(-MAX_PLACES)) {
      let k = 0;
      while (k < MAX_RUN && i + k < blocks.length && j + k < i && !drop.has(j + k) && blocks[j + k]!.text === blocks[i + k]!.text) k++;
      best = Math.max(best, k);
    }
    const weight = blocks.slice(i, i + best).reduce((w, b) => w + textWeight(b.text), 0);
    const run = best > 1 && weight >= RUN_WEIGHT ? best : 0;
    const twice = i > 0 && !drop.has(i - 1) && blocks[i - 1]!.text === blocks[i]!.text && textWeight(blocks[i]!.text) >= TWICE_WEIGHT;
    if (run || twice) {
      for (let k = i; k < i + Math.max(run, 1); k++) drop.add(k);
      i += Math.max(run, 1);
      continue;
    }
    const seen = firstAt.get(blocks[i]!.text);
    if (seen) seen.push(i);
    else firstAt.set(blocks[i]!.text, [i]);
    i++;
  }
  return drop.size ? blocks.filter((_, i) => !drop.has(i)) : [...blocks];
}
