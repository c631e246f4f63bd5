import type { TextBlock } from './blocks';

/** A line that is only a small whole number: a carousel dot, a rating step. */
const NUMBER = /^\d{1,3}$/;

/** Tags whose number lines are a code listing's line numbers, which a reader copies with the code. */
const CODE_TAGS = new Set(['pre', 'code', 'td']);

/**
 * Drops the page's counters that come out as text: three or more lines in a row that are each
 * just a number counting up by one ("1", "2", "3", "4", "5": the dots of a slider or the steps of
 * a rating widget, repeated per item). A story's numbered list carries words after its numbers,
 * a lone number (a score, a year) is no run, and a code listing's line numbers stay with the code.
 */
export function dropCounterRuns(blocks: readonly TextBlock[]): TextBlock[] {
  const drop = new Set<number>();
  const isNumber = (b: TextBlock) => !CODE_TAGS.has(b.tag) && NUMBER.test(b.text.trim());
  for (let i = 0; i < blocks.length; ) {
    // One count: numbers going up by one from this line ("1 2 3 4 5", then maybe "1 2 3 4 5" again).
    let j = i;
    while (j < blocks.length && isNumber(blocks[j]) && (j === i || Number(blocks[j].text.trim()) === Number(blocks[j - 1].text.trim()) + 1)) j++;
    if (j - i >= 3) for (let k = i; k < j; k++) drop.add(k);
    i = Math.max(j, i + 1);
  }
  return drop.size ? blocks.filter((_, i) => !drop.has(i)) : [...blocks];
}
