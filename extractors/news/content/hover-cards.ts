import { linkShare } from './link-share';

/**
 * Hover cards: a preview of a person or a term (a picture, a name, links to other stories)
 * nested inside a paragraph and shown only while the pointer is over the link that opens it.
 * Flattened, the card's teasers land in the middle of the sentence and make the whole
 * paragraph link-heavy, so the line filter drops the story's own paragraph with it.
 *
 * A card is the largest element inside a <p> that holds an image and at least two links,
 * most of its text in links, below the first element with a link before it (the link that
 * opens the card stays, with its words, in the sentence).
 */
function precededByLink(el: Element): boolean {
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === 'a' || s.querySelector('a')) return true;
  return false;
}

/** Removes hover cards (see above) from the paragraphs under root. In place. */
export function dropHoverCards(root: Element, minLinkShare = 0.5): void {
  for (const img of Array.from(root.querySelectorAll('p img'))) {
    const p = img.closest('p');
    if (!p || !img.isConnected) continue;
    let card: Element = img.parentElement?.localName === 'a' ? img.parentElement : img;
    for (let el = card.parentElement; el && el !== p; el = el.parentElement) {
      // Stop below an element with a link of its own before the card: that link opens it.
      if (precededByLink(card)) break;
      card = el;
    }
    if (card === img || card.querySelectorAll('a').length < 2 || (linkShare(card) ?? 0) < minLinkShare) continue;
    card.remove();
  }
}
