import type { PageIndex } from '../commerce/dom/page-index';
import { textWeight } from '../text/script';

/** A link this heavy reads as a headline (≈ 5 English words, 8 CJK characters). */
const HEADLINE_WEIGHT = 24;
/** Text beside a headline this heavy, outside links, is a teaser (≈ 10 words, 17 CJK characters). */
const TEASER_WEIGHT = 50;
/** A paragraph this heavy is body text, not a caption or a label. */
const PARAGRAPH_WEIGHT = 40;

/**
 * How many times the largest paragraph block the teaser items must weigh. On WCXB dev pages, hash
 * half 0: at 2 seven articles with big "more stories" rails were lost, from 6 on none (article
 * ratios 2.4-5.3, index pages mostly 8-110); half 1 at 6: 1 of ~350 articles lost (a short story
 * under 33 teasers), six listing pages caught.
 */
const LIST_OVER_BODY = 6;

/** What a page of many stories is made of, against what one story is made of. */
export interface StoryList {
  /** Items of the largest list whose headline links carry a teaser text. */
  teaserItems: number;
  /** Text weight of all items with a headline and a teaser. */
  teaserWeight: number;
  /** Text weight of the largest block of paragraphs under one parent (an article's body). */
  bodyBlock: number;
  /** Paragraphs heavy enough to be body text, anywhere on the page. */
  paragraphs: number;
}

const clean = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The repeated unit a headline link sits in: the nearest ancestor with two or more same-tag siblings. */
function itemOf(a: Element): Element | null {
  let e: Element | null = a;
  for (let i = 0; e && i < 5; i++, e = e.parentElement) {
    const parent: Element | null = e.parentElement;
    if (!parent) return null;
    let same = 0;
    for (const c of Array.from(parent.children)) if (c.tagName === e.tagName && ++same >= 3) return e;
  }
  return null;
}

/** Whether an element's own children include a headline link (bare, or as a heading's link). */
function headsALink(el: Element): boolean {
  for (const c of Array.from(el.children)) {
    const links = c.tagName === 'A' ? [c] : /^H[1-6]$/.test(c.tagName) ? Array.from(c.getElementsByTagName('a')) : [];
    if (links.some((a) => textWeight(clean(a.textContent)) >= HEADLINE_WEIGHT)) return true;
  }
  return false;
}

/**
 * Lists of headlines with teasers (a news centre, a section front, a tag page, search results)
 * and the page's largest paragraph block. An article's "related" box is a few such items beside
 * one heavy body; an index is many of them and no body outweighing them.
 */
export function storyList(idx: PageIndex): StoryList {
  const items = new Map<Element, Element>();
  for (const a of idx.byTag.get('A') ?? []) {
    if (textWeight(clean(a.textContent)) < HEADLINE_WEIGHT) continue;
    const item = itemOf(a);
    if (item?.parentElement && !items.has(item)) items.set(item, item.parentElement);
  }
  const perList = new Map<Element, number>();
  let teaserWeight = 0;
  for (const [item, list] of items) {
    const all = textWeight(clean(item.textContent));
    let linked = 0;
    for (const a of Array.from(item.getElementsByTagName('a'))) linked += textWeight(clean(a.textContent));
    if (all - linked < TEASER_WEIGHT) continue;
    perList.set(list, (perList.get(list) ?? 0) + 1);
    teaserWeight += all;
  }
  const byParent = new Map<Element, [weight: number, count: number]>();
  let paragraphs = 0;
  for (const p of idx.byTag.get('P') ?? []) {
    const w = textWeight(clean(p.textContent));
    if (w < PARAGRAPH_WEIGHT) continue;
    paragraphs++;
    if (!p.parentElement) continue;
    const [weight, count] = byParent.get(p.parentElement) ?? [0, 0];
    byParent.set(p.parentElement, [weight + w, count + 1]);
  }
  let bodyBlock = 0;
  // One or two paragraphs beside their own headline link (a lead story with its first paragraph)
  // are a teaser, not a body; an article's body is more paragraphs than that.
  for (const [parent, [w, count]] of byParent) if (w > bodyBlock && !(count <= 2 && headsALink(parent))) bodyBlock = w;
  return { teaserItems: Math.max(0, ...perList.values()), teaserWeight, bodyBlock, paragraphs };
}

/**
 * Whether a page is a list of stories rather than one: five or more headlines with teasers in one
 * list, weighing six times the largest paragraph block or more (a lead story's paragraph beside its
 * headline link is no body). A page without paragraphs (a body written in divs or line breaks) is
 * not judged: nothing says which is larger.
 */
export function isStoryList(s: StoryList): boolean {
  return s.teaserItems >= 5 && s.paragraphs > 0 && s.teaserWeight >= LIST_OVER_BODY * s.bodyBlock;
}
