import { textWeight } from '../../text/script';

/**
 * Image captions and credits whose class says so, also inside a longer word, as component
 * frameworks name them ("InlineImage-imageEmbedCaption", "ArticleImageCredit", "photoCaption").
 * The line filter (CAPTION_HINT in index.ts) only sees the hint of a caption's own block, and
 * Readability drops a wrapper's class when it unwraps a <div> around a single <p>
 * (`<div class="caption"><p>…</p></div>` comes back as a bare <p>): these go before it runs.
 */
const CAPTION_NAME = /caption|credits?(?![a-z])(?![_-]?card)/;

export interface CaptionOptions {
  /** A caption-named element heavier than this (textWeight) holds more than a caption and stays (default 200). */
  maxWeight?: number;
}

/** Removes short elements with a caption class (see CAPTION_NAME) that are or hold no heading. In place. */
export function dropNamedCaptions(root: Element, opts: CaptionOptions = {}): void {
  const maxWeight = opts.maxWeight ?? 200;
  // Classes only: ids are often slugs of a heading's words ("the-child-tax-credit").
  for (const el of Array.from(root.querySelectorAll('[class]'))) {
    if (!el.isConnected || !CAPTION_NAME.test((el.getAttribute('class') ?? '').toLowerCase())) continue;
    if (/^h[1-6]$/.test(el.localName) || el.querySelector('h1, h2, h3, h4, h5, h6, article')) continue;
    if (textWeight((el.textContent ?? '').replace(/\s+/g, ' ').trim()) > maxWeight) continue;
    el.remove();
  }
}

/** Normalised text for comparing a line with an image's alt text. */
function altKey(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The node after n in document order, not entering n itself. */
function nextAfter(n: Node): Node | null {
  let at: Node | null = n;
  while (at && !at.nextSibling) at = at.parentNode;
  return at ? at.nextSibling : null;
}

/** The next node in document order (entering n's children first). */
function nextNode(n: Node): Node | null {
  return n.firstChild ?? nextAfter(n);
}

/**
 * Captions set as plain text right under their image: the first text after an image whose
 * alt text (at least minChars long) it repeats. The element holding that text goes when it
 * holds nothing else. Text before an image that repeats its alt is the story's own sentence
 * (a site that reuses the paragraph above a chart as the chart's alt) and stays. In place.
 */
export function dropAltCaptions(root: Element, minChars = 40, maxSteps = 40): void {
  for (const img of Array.from(root.querySelectorAll('img[alt]'))) {
    const alt = (img.getAttribute('alt') ?? '').trim();
    if (alt.length < minChars || !img.isConnected) continue;
    let text: Node | null = null;
    for (let n = nextAfter(img), i = 0; n && i < maxSteps; i++) {
      if (n.nodeType === 3 && (n.nodeValue ?? '').trim()) {
        text = n;
        break;
      }
      // Scripts and styles hold no visible text: step over them.
      n = n.nodeType === 1 && /^(script|style|noscript|template)$/.test((n as Element).localName) ? nextAfter(n) : nextNode(n);
    }
    let holder = text?.parentElement ?? null;
    const key = altKey(alt);
    // The caption's own element: grown while it adds no other text.
    while (holder && holder !== root && holder.parentElement && altKey(holder.parentElement.textContent ?? '') === key) holder = holder.parentElement;
    if (holder && holder !== root && !/^h[1-6]$/.test(holder.localName) && altKey(holder.textContent ?? '') === key) holder.remove();
  }
}
