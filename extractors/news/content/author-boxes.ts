import { textWeight } from '../../text/script';

/** A class or id token with "author" as one of its parts: "post-author", "cs-entry__author-info", "authorbox", "author_detail_box". */
const AUTHOR_TOKEN = /(^|[\s_-])author(s|box|bio|info)?($|[\s_-])/i;

export interface AuthorBoxOptions {
  /** A box shorter than this (textWeight) is a byline, not a bio, and stays for the byline reader (default 100). */
  minWeight?: number;
  /** A box heavier than this holds more than a bio: the story may sit inside it (default 1200). */
  maxWeight?: number;
}

/**
 * "About the author" boxes: a short prose bio ("Jane is a staff writer who covers…") in an
 * element named for the author, which sites put under (or above) the story inside the
 * container Readability keeps. Bylines are shorter than minWeight and stay; an element heavier
 * than maxWeight, or holding half of root's text, is a wrapper of the story and stays too.
 * In place, on Readability's answer (its byline was already read from the page).
 */
export function dropAuthorBoxes(root: Element, opts: AuthorBoxOptions = {}): void {
  const minWeight = opts.minWeight ?? 100;
  const maxWeight = opts.maxWeight ?? 1200;
  let total = -1;
  for (const el of Array.from(root.querySelectorAll('[class*="uthor"], [id*="uthor"]'))) {
    if (!root.contains(el) || !AUTHOR_TOKEN.test(`${el.getAttribute('class') ?? ''} ${el.id}`)) continue;
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const w = textWeight(text);
    // A bio is prose: at least one sentence end.
    if (w < minWeight || w > maxWeight || !/[.!?。！？]/.test(text)) continue;
    if (total < 0) total = textWeight((root.textContent ?? '').replace(/\s+/g, ' ').trim());
    if (w > total / 2) continue;
    el.remove();
  }
}
