import type { TextBlock } from './blocks';
import { isSectionEnd } from './boilerplate';

/** class/id tokens of captions ("wp-caption", "featured-image-caption") and credits (at a token start). */
const CAPTION_HINT = /(^|\s)(credit|image-credit|photo-credit)|(^|[\s_-])(wp-)?caption/;
/** class/id tokens of teaser rails, promos, newsletter boxes and bylines that sites embed inside the story. */
const TEASER_HINT = /(^|\s)(rail|teaser|promo|related|recommend|newsletter|outbrain|taboola|most-?read|trending|sponsor|advert|byline|author|dateline|timestamp)/;

/** Long prose stays even when link-heavy (inline hover cards, every name a link). */
function isProse(b: TextBlock): boolean {
  return b.text.length >= 300 && (b.text.match(/[。！？]|[.!?](?=\s|$)/g)?.length ?? 0) >= 3;
}

/**
 * Lines whose markup says they belong to the story even when they are links: list items, table
 * rows, sub-headings, quotes and code. On the WCXB dev pages (tuning half), such link lines with
 * story text on both sides were nine times in ten part of the main text (a list of sources, the
 * named entries of a "best of" guide, a table whose first column links each row); as the page's
 * first or last lines they are menus, tables of contents and "more stories" lists.
 */
const STORY_LINE_TAG = /^(li|tr|h[2-6]|blockquote|pre|dd|dt)$/;

/** A line of story text: at least this many characters and few of them in links. */
const STORY_LINE_CHARS = 150;

/**
 * Drops link lists (lines mostly in links, unless long prose), captions and embedded teasers,
 * and a "Related" heading with the link list it introduces. Kept: list items, table rows and
 * sub-headings in links that sit between story paragraphs (see STORY_LINE_TAG), unless a
 * "Related" heading opens their run.
 */
export function dropLinkLists(blocks: TextBlock[], maxLinkDensity: number): TextBlock[] {
  const linky = (b: TextBlock | undefined) => !!b && b.linkChars / b.text.length > maxLinkDensity && !isProse(b);
  const story = (b: TextBlock) => !linky(b) && b.text.length >= STORY_LINE_CHARS;
  // Story lines before index i (exclusive) and from index i on.
  const before: boolean[] = [];
  let seen = false;
  for (const b of blocks) {
    before.push(seen);
    seen ||= story(b);
  }
  const after: boolean[] = new Array(blocks.length);
  seen = false;
  for (let i = blocks.length - 1; i >= 0; i--) {
    seen ||= story(blocks[i]);
    after[i] = seen;
  }
  // The start of the run of link lines each line belongs to, for the "Related" heading test.
  const runStart: number[] = [];
  blocks.forEach((b, i) => runStart.push(i > 0 && linky(b) && linky(blocks[i - 1]) ? runStart[i - 1] : i));
  const inStory = (b: TextBlock, i: number) => {
    // A table of contents (links to the page's own sections) repeats the sub-headings; a
    // sub-heading that links to a place on the page is the heading itself with its permalink.
    if ((b.anchorChars ?? 0) * 2 > b.linkChars && !/^h[2-6]$/.test(b.tag)) return false;
    if (!STORY_LINE_TAG.test(b.tag) || !before[i] || i + 1 >= blocks.length || !after[i + 1]) return false;
    const opener = blocks[runStart[i] - 1];
    return !(opener && isSectionEnd(opener.text));
  };
  const caption = (b: TextBlock) => CAPTION_HINT.test(b.hint) || TEASER_HINT.test(b.hint);
  const out: TextBlock[] = [];
  blocks.forEach((b, i) => {
    if (caption(b) || (b.control && b.text.length < 200) || (isSectionEnd(b.text) && linky(blocks[i + 1]))) return;
    if (!linky(b)) out.push(b);
    // Kept as story text: the density trim that follows must not count its links against it.
    else if (inStory(b, i)) out.push({ ...b, linkChars: 0 });
  });
  return out;
}
