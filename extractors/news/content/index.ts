import { collapseSpace } from '../../text/normalize';
import { textWeight } from '../../text/script';
import { guard } from '../guard';
import { toBlocks, type TextBlock } from './blocks';
import { prepareForReadability, runReadability, type ReadabilityResult } from './readability';
import { densestRun, densestRunWithin } from './density';
import { growAlongPage } from './grow';
import { trimBoilerplate, dropInfoLines } from './boilerplate';
import { cloneDocument } from '../../parse';
import { dropLinkLists } from './link-lists';
import { fillGaps } from './gaps';
import { sameStyleShare } from './same-style';
import { dropCounterRuns } from './counter-runs';
import { dropRepeatedRuns } from './repeats';

export type ContentMethod = 'readability' | 'jsonld' | 'density' | 'none';

export interface ContentResult {
  paragraphs: string[];
  method: ContentMethod;
  /** What Readability reported besides the text (title, byline), when it ran. */
  readability: ReadabilityResult | null;
}

export interface ContentOptions {
  /** Text weight (see textWeight) below which Readability's answer counts as "found little" (default 250). */
  minWeight?: number;
  /** JSON-LD articleBody replaces Readability's text when this many times heavier (default 1.3): Readability then cut the article. */
  jsonLdPreference?: number;
  /** Lines with more of their characters in links than this are dropped (default 0.6). */
  maxLinkDensity?: number;
  /** Line weight below which a line at the edge of Readability's text is trimmed as chrome (default 25, see densestRun). */
  edgeWeight?: number;
  /**
   * Score (see densestRun) a part of Readability's text cut off by that edge trim must reach to be
   * joined back (default 200, about two real paragraphs): a long list inside the story is not an edge.
   */
  rejoinWeight?: number;
  /**
   * Readability's text is read further along the page (see growAlongPage) only when the page's
   * densest run of text is this many times heavier (default 2): otherwise Readability's choice
   * stands, and teasers, testimonials or FAQ boxes next to a complete story stay out.
   */
  growWhen?: number;
  /**
   * Below that, a neighbouring run is still joined when at least this share (default 0.8) of its
   * prose, in two lines or more, is written in the story's paragraph style (same tag and class, see
   * sameStyleShare): the story's other part, split off by a promotion box or a layout wrapper.
   */
  growSameStyle?: number;
  /** The article's title; a first line equal to it is dropped (NewsFacet.title carries it) unless keepHeading. */
  title?: string | null;
  /** Keep a leading headline line in the content (default false). */
  keepHeading?: boolean;
  /**
   * The caller is done with the document: Readability may take it apart in place instead of
   * working on a clone (cloning a big page costs about half of parsing it). Default false.
   */
  consume?: boolean;
}

/** A copy of the page without polls, comment boxes and "related" boxes, for the density fallback. */
function withoutOtherStories(doc: Document): Document {
  const copy = cloneDocument(doc);
  prepareForReadability(copy);
  return copy;
}

/**
 * Readability's answer and the page's own lines (null when they could not be read), which
 * the text-density fallback and the growth along the page read. Without `consume`,
 * Readability gets a clone and the lines come from another one. With it, both start from
 * the page prepared once in place: the lines are read before Readability mutates it.
 */
function readabilityAndLines(doc: Document, consume: boolean): { rd: ReadabilityResult | null; lines: TextBlock[] | null } {
  if (!consume) {
    const copy = guard(() => withoutOtherStories(doc), null);
    return { rd: guard(() => runReadability(cloneDocument(doc)), null), lines: copy?.body ? guard(() => toBlocks(copy.body), null) : null };
  }
  const prepared = guard(() => (prepareForReadability(doc), true), false);
  const lines = prepared && doc.body ? guard(() => toBlocks(doc.body), null) : null;
  const rd = prepared ? guard(() => runReadability(doc, { prepared: true }), null) : null;
  return { rd, lines };
}

function weightOf(blocks: readonly TextBlock[]): number {
  return blocks.reduce((n, b) => n + textWeight(b.text), 0);
}

/**
 * JSON-LD articleBody as blocks: its own line breaks are the paragraphs. Some sites put
 * HTML (sometimes entity-escaped once more) in it; that is parsed in an inert element of
 * the same document (scripts never run in our DOM) and flattened like page markup.
 */
function jsonLdBlocks(doc: Document, articleBody: string | null): TextBlock[] {
  if (!articleBody) return [];
  let text = articleBody;
  for (let round = 0; round < 2 && /<\/?[a-z][^>]*>|&(lt|gt|amp|quot|#\d+);/i.test(text); round++) {
    const holder = doc.createElement('template');
    holder.innerHTML = text;
    if (!/<\/?[a-z][^>]*>/i.test(text)) {
      // (a fragment's own textContent is null in some DOMs: its children's text is joined instead)
      text = Array.from(holder.content.childNodes, (n) => n.textContent ?? '').join('');
      continue;
    }
    return toBlocks(holder.content).filter((b) => b.text.length > 0);
  }
  return text
    .split(/\n+/)
    .map(collapseSpace)
    .filter(Boolean)
    .map((t) => ({ text: t, linkChars: 0, tag: 'p', hint: '' }));
}

/**
 * A standfirst (dek) set as a heading above the story: a sentence-long <h2>-<h6> among the
 * first lines, before the first paragraph. It repeats or teases the story, like the title.
 * Headings further down are section titles and stay.
 */
function dropDek(blocks: TextBlock[], head = 3): TextBlock[] {
  const firstP = blocks.findIndex((b) => b.tag === 'p');
  const dek = (b: TextBlock, i: number) =>
    i < head && i < firstP && /^h[2-6]$/.test(b.tag) && textWeight(b.text) >= 80 && /[.!?。！？]["”’]?$/.test(b.text);
  return blocks.filter((b, i) => !dek(b, i));
}

/**
 * The main text: Readability first (on a clone unless opts.consume), then
 * JSON-LD articleBody and the text-density method when Readability found nothing, little,
 * or clearly less than the page's own articleBody. Boilerplate lines trimmed last.
 */
export function extractContent(doc: Document, articleBody: string | null, opts: ContentOptions = {}): ContentResult {
  const minWeight = opts.minWeight ?? 250;
  const prefer = opts.jsonLdPreference ?? 1.3;
  const maxLd = opts.maxLinkDensity ?? 0.6;
  const edgeWeight = opts.edgeWeight ?? 25;
  const rejoin = opts.rejoinWeight ?? 200;
  const growWhen = opts.growWhen ?? 2;
  const sameStyle = opts.growSameStyle ?? 0.8;

  const { rd, lines } = readabilityAndLines(doc, opts.consume ?? false);
  // Readability's container often still holds page chrome above and below the story;
  // the densest run of its lines, with a low threshold, trims those edges (but not story
  // beyond a run of short lines).
  // Its container may also have holes (a section in a sibling container it scored lower):
  // the page's lines between two of its lines are read back in first (see fillGaps).
  const rdLines = rd && lines ? guard(() => fillGaps(lines, rd.blocks), rd.blocks) : (rd?.blocks ?? []);
  let rdBlocks = rd ? densestRunWithin(dropLinkLists(rdLines, maxLd), rejoin, { minWeight: edgeWeight }) : [];
  // ...and may hold only one of the story's sections: when the page's densest run of text is
  // much heavier than what Readability kept, the page around it is read for the others.
  if (rdBlocks.length && lines && weightOf(guard(() => densestRun(lines), [])) > growWhen * weightOf(rdBlocks)) {
    const grown = guard(() => growAlongPage(lines, rdBlocks, { rejoin }), null);
    if (grown) rdBlocks = [...dropLinkLists(grown.before, maxLd), ...rdBlocks, ...dropLinkLists(grown.after, maxLd)];
  } else if (rdBlocks.length && lines) {
    // Otherwise a neighbouring run is joined only when written in the story's own paragraph style.
    const kept = rdBlocks;
    const grown = guard(() => growAlongPage(lines, kept, { rejoin }), null);
    const part = (run: TextBlock[]) => (guard(() => sameStyleShare(lines, kept, run), 0) >= sameStyle ? dropLinkLists(run, maxLd) : []);
    if (grown) rdBlocks = [...part(grown.before), ...kept, ...part(grown.after)];
  }
  const rdWeight = weightOf(rdBlocks);
  const ld = guard(() => jsonLdBlocks(doc, articleBody), []);
  const ldWeight = weightOf(ld);

  let blocks: TextBlock[] = rdBlocks;
  let method: ContentMethod = 'readability';
  if (ldWeight >= minWeight && ldWeight > prefer * rdWeight) {
    blocks = ld;
    method = 'jsonld';
  } else if (rdWeight < minWeight) {
    const dens = lines ? guard(() => dropLinkLists(densestRun(lines), maxLd), []) : [];
    const dWeight = weightOf(dens);
    if (ldWeight >= Math.max(dWeight, rdWeight) && ldWeight > 0) {
      blocks = ld;
      method = 'jsonld';
    } else if (dWeight > rdWeight) {
      blocks = dens;
      method = 'density';
    }
  }
  let paragraphs = guard(() => dropInfoLines(dropDek(trimBoilerplate(dropCounterRuns(dropRepeatedRuns(blocks))))), blocks).map((b) => b.text);
  // Readability drops a heading that repeats the title only for space-separated scripts; do it for all.
  const norm = (s: string) => s.replace(/[\s\p{P}]+/gu, '').toLowerCase();
  if (!opts.keepHeading && opts.title && paragraphs.length > 1) {
    const t = norm(opts.title);
    const at = paragraphs.slice(0, 3).findIndex((p) => norm(p) === t);
    if (at >= 0) paragraphs = paragraphs.filter((_, i) => i !== at);
  }
  return { paragraphs, method: paragraphs.length ? method : 'none', readability: rd };
}
