import { textWeight } from '../../text/script';
import { isSectionEnd } from './boilerplate';
import { follows } from '../../dom-order';

/** Own class/id of a heading that titles a list of other stories ("related-title", "relatedpoststitle"). */
const RELATED_HEADING_HINT = /(^|[\s_-])(related|recommend|more-?stories|also-?read|read-?more|you-?may)/i;

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

function weight(el: Node): number {
  return textWeight((el.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** Text weight of everything inside root that comes before el in document order. */
function weightBefore(root: Element, el: Element): number {
  let n = 0;
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (follows(el, t)) break; // texts come in document order: the rest are inside el or after it
    n += textWeight((t.nodeValue ?? '').replace(/\s+/g, ' ').trim());
  }
  return n;
}

/** The first text of el is inside head (nothing readable comes before it). */
function opensWith(el: Element, head: Element): boolean {
  const walker = el.ownerDocument.createTreeWalker(el, 4);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (head.contains(t)) return true;
    if ((t.nodeValue ?? '').trim()) return false;
  }
  return false;
}

/**
 * A box of other stories that Readability kept next to the article: a heading that says
 * "Related" / "You may also like" (by its words or its own class) and opens its container.
 * The container is the box; it goes, with its teaser paragraphs, wherever it sits, as long
 * as some story precedes it (a box at the very top might share its container with the story).
 * Unlike the line-level section-end cut, this does not need the box to be in the article's
 * last part: a short story followed by long teaser excerpts is the common failure. Run on the
 * page before Readability too: Readability deletes a heading whose class says "related" but
 * keeps the teasers under it.
 */
export function dropRelatedBoxes(root: Element, minStory = 100, maxWrapperWeight = 200): void {
  for (const h of Array.from(root.querySelectorAll(HEADINGS))) {
    if (!h.isConnected) continue;
    const text = (h.textContent ?? '').replace(/\s+/g, ' ').trim();
    const own = `${h.getAttribute('class') ?? ''} ${h.id}`;
    if (!isSectionEnd(text) && !RELATED_HEADING_HINT.test(own)) continue;
    // The box is the heading's parent, grown through wrappers that add little text of their
    // own: a wrapper that also holds long text holds the story too.
    const parent = h.parentElement;
    if (!parent || parent === root || !opensWith(parent, h)) continue;
    let box: Element = parent;
    while (box.parentElement && box.parentElement !== root && opensWith(box.parentElement, h) && weight(box.parentElement) - weight(box) < maxWrapperWeight) {
      box = box.parentElement;
    }
    if (weightBefore(root, box) < minStory) continue;
    box.remove();
  }
}

/** A link to somewhere else (not an in-page anchor or a script). */
function isOutLink(a: Element): boolean {
  const href = a.getAttribute('href') ?? '';
  return href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
}

/**
 * Teaser cards: an <article> inside the story container whose headline is a link to another
 * page, with at most a short blurb. Story lists mark each card up as its own <article>; the
 * headline link line is dropped later as a link list, but the kicker and blurb would stay.
 */
export function dropTeaserCards(root: Element, maxCardWeight = 600): void {
  const page = root.ownerDocument.URL;
  const linksAway = (a: Element) => isOutLink(a) && resolve(a.getAttribute('href')!, page) !== stripHash(page);
  const articles = Array.from(root.querySelectorAll('article')).filter((a) => a !== root);
  // The heaviest <article> is the story itself, even when a blog links its headline to the permalink.
  const main = articles.reduce<Element | null>((m, a) => (!m || weight(a) > weight(m) ? a : m), null);
  const cards = articles.filter((card) => {
    const w = weight(card);
    if (card === main || card.contains(main) || w === 0 || w > maxCardWeight) return false;
    return Array.from(card.querySelectorAll(HEADINGS)).some((h) => {
      const ht = weight(h);
      const lt = Array.from(h.querySelectorAll('a')).filter(linksAway).reduce((n, a) => n + weight(a), 0);
      return ht > 0 && lt >= 0.8 * ht;
    });
  });
  // One linked headline may be a pull quote or an embed; a list of them is a teaser rail.
  if (cards.length >= 2) for (const c of cards) c.remove();
}

function stripHash(u: string): string {
  return u.replace(/#.*$/, '');
}

function resolve(href: string, base: string): string {
  try {
    return stripHash(new URL(href, base).href);
  } catch {
    return href;
  }
}
