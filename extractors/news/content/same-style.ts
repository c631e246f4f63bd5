import type { TextBlock } from './blocks';
import { textWeight } from '../../text/script';
import { isSentence as isProse } from './gaps';

/** A line's style: its tag with each class/id token of its nearest classed element ("p.body-text"); "p." when none. */
function styleTokens(b: TextBlock): string[] {
  const tokens = b.hint.split(/\s+/).filter(Boolean);
  return tokens.length ? tokens.map((t) => `${b.tag}.${t}`) : [`${b.tag}.`];
}

/**
 * Share (0..1) of the prose in `candidate` (by weight) written in the story's own paragraph
 * style: same tag and a class/id token in common with the story's prose lines. Both are
 * read as the page's lines (`page`), where class names are as the site wrote them.
 * 0 when the candidate holds fewer than two such lines (a lone pull quote is not a part of the story).
 */
export function sameStyleShare(page: readonly TextBlock[], story: readonly TextBlock[], candidate: readonly TextBlock[]): number {
  const byText = new Map(page.map((b) => [b.text, b] as const));
  const style = new Set<string>();
  for (const b of story) {
    const line = byText.get(b.text);
    if (line && isProse(line)) for (const t of styleTokens(line)) style.add(t);
  }
  let prose = 0;
  let same = 0;
  let sameLines = 0;
  for (const b of candidate) {
    if (!isProse(b)) continue;
    const w = textWeight(b.text);
    prose += w;
    if (styleTokens(b).some((t) => style.has(t))) {
      same += w;
      sameLines++;
    }
  }
  return prose && sameLines >= 2 ? same / prose : 0;
}
