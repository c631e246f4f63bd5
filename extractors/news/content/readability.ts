import { Readability } from '@mozilla/readability';
import { toBlocks, type TextBlock } from './blocks';

export interface ReadabilityOptions {
  /** Minimum characters Readability wants before it stops relaxing its filters (default 500). */
  charThreshold?: number;
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
  const reader = new Readability<Node>(doc, {
    charThreshold: opts.charThreshold ?? 500,
    serializer: (node: Node) => node,
    keepClasses: true,
  });
  const article = reader.parse();
  if (!article || !article.content) return null;
  return {
    blocks: toBlocks(stripCaptions(article.content)),
    title: article.title?.trim() || null,
    byline: article.byline?.trim() || null,
    excerpt: article.excerpt?.trim() || null,
  };
}

/** Figure captions are not article text (they scored worse kept than dropped on the article benchmark). */
function stripCaptions(node: Node): Node {
  (node as Element).querySelectorAll?.('figcaption').forEach((e) => e.remove());
  return node;
}
