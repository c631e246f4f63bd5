import { Readability } from '@mozilla/readability';
import { toBlocks, type TextBlock } from './blocks';
import { dropControlForms } from './forms';
import { dropRelatedBoxes, dropTeaserCards } from './teasers';
import { cheaperRestores } from './readability-restore';
import { proseOutweighsClassName } from './class-veto';
import { revealStreamedSegments } from './streamed';
import { keepUnlikelyNamedMain } from './unlikely-main';
import { keepHeaderNamedHeadings } from './header-headings';
import { dropAuthorBoxes } from './author-boxes';
import { dropAltCaptions, dropNamedCaptions } from './captions';
import { dropHoverCards } from './hover-cards';
import { revealCollapsedPanels } from './collapsed-panels';

export interface ReadabilityOptions {
  /** Minimum characters Readability wants before it stops relaxing its filters (default 500). */
  charThreshold?: number;
  /** The caller already ran prepareForReadability on the document. */
  prepared?: boolean;
}

export interface ReadabilityResult {
  blocks: TextBlock[];
  title: string | null;
  byline: string | null;
  excerpt: string | null;
}

/**
 * Mozilla Readability on the document. It mutates what it reads, so the caller passes a
 * clone when it still needs the original. Returns null when Readability finds no article.
 * The serializer keeps the element itself: re-parsing an HTML string would cost a second parse.
 */
export function runReadability(doc: Document, opts: ReadabilityOptions = {}): ReadabilityResult | null {
  if (!opts.prepared) prepareForReadability(doc);
  const reader = new Readability<Node>(doc, {
    charThreshold: opts.charThreshold ?? 500,
    serializer: (node: Node) => node,
    keepClasses: true,
  });
  proseOutweighsClassName(reader);
  const undo = cheaperRestores(doc, reader);
  let article: ReturnType<typeof reader.parse>;
  try {
    article = reader.parse();
  } finally {
    undo();
  }
  if (!article || !article.content) return null;
  return {
    blocks: toBlocks(dropOtherStories(stripCaptions(article.content))),
    title: article.title?.trim() || null,
    byline: article.byline?.trim() || null,
    excerpt: article.excerpt?.trim() || null,
  };
}

/**
 * Streamed segments are put in place first (see streamed.ts), and collapsed accordion and tab
 * panels opened (see collapsed-panels.ts).
 * Readability removes form controls but keeps their labels: polls and comment boxes go first,
 * and so do "related" boxes (Readability deletes their heading but keeps the teasers); a story
 * container with an "unlikely" name is renamed so Readability keeps it (see unlikely-main.ts);
 * captions named so or repeating their image's alt text, and hover cards inside paragraphs go too (see captions.ts, hover-cards.ts).
 * In place; the text-density fallback starts from the same state.
 */
export function prepareForReadability(doc: Document): void {
  revealStreamedSegments(doc);
  revealCollapsedPanels(doc);
  dropControlForms(doc);
  if (doc.body) dropRelatedBoxes(doc.body);
  if (doc.body) dropNamedCaptions(doc.body);
  if (doc.body) dropAltCaptions(doc.body);
  if (doc.body) dropHoverCards(doc.body);
  if (doc.body) keepUnlikelyNamedMain(doc.body);
  if (doc.body) keepHeaderNamedHeadings(doc.body);
}

/** Figure captions are not article text (they scored worse kept than dropped on the article benchmark). */
function stripCaptions(node: Node): Node {
  (node as Element).querySelectorAll?.('figcaption').forEach((e) => e.remove());
  return node;
}

/** Teaser rails, "related" boxes and author bios Readability kept next to the story (see teasers.ts, author-boxes.ts). */
function dropOtherStories(node: Node): Node {
  if (node.nodeType !== 1) return node;
  dropRelatedBoxes(node as Element);
  dropTeaserCards(node as Element);
  dropAuthorBoxes(node as Element);
  return node;
}
