import type { Review } from '../../types';
import { byName, type PageIndex } from './page-index';
import { ratingFromText, ratingFromWidget } from '../signals/rating';
import { childGroups, textOf } from '../util';

const REVIEW_BOX = /review|comment|评价|评论|rate-?item|feedback/i;
const AUTHOR = '[class*=author i], [class*=user i], [class*=nick i], [class*=name i], [itemprop=author]';
const DATE = 'time, [class*=date i], [class*=time i]';
const CONTENT = '[class*=content i], [class*=body i], [class*=text i], [class*=txt i], [class*=con i], p, [itemprop=reviewBody]';

/** Parses "2024-05-01", "2024/5/1", "2024年5月1日" into ISO 8601, else null. */
export function isoDate(text: string): string | null {
  const m = /(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const signature = (e: Element) => `${e.tagName}.${(e.getAttribute('class') ?? '').trim().split(/\s+/).sort().join('.')}`;

/**
 * The review items under one container: its largest group of children sharing tag and class
 * (the repeated item), when that group looks like reviews (named so, or list/table rows).
 * A container's differently-shaped children (a score summary beside the list) are not reviews.
 */
function repeatedItems(box: Element): Element[] {
  let best: Element[] = [];
  for (const g of childGroups(box, signature)) {
    const k = g[0]!;
    const itemLike = REVIEW_BOX.test(k.getAttribute('class') ?? '') || ['LI', 'ARTICLE', 'TR'].includes(k.tagName);
    if (itemLike && g.length > best.length) best = g;
  }
  return best;
}

function toReview(k: Element): Review | null {
  const content = textOf(k.querySelector(CONTENT) ?? k);
  if (content.length < 2 || content.length > 5000) return null;
  const widget = k.querySelector('[class*=star i], [class*=rating i], [class*=score i]');
  const dateEl = k.querySelector(DATE);
  return {
    author: textOf(k.querySelector(AUTHOR)) || null,
    rating: widget ? ratingFromWidget(widget) ?? ratingFromText(textOf(widget)) : null,
    content,
    date: dateEl ? isoDate(dateEl.getAttribute('datetime') ?? textOf(dateEl)) : null,
  };
}

/**
 * Reviews in the DOM: inside a region named review/comment/评价, the container whose
 * children repeat most (one child per review), each with text and optionally an author,
 * a date and a star rating. At least two: a lone child is as likely a "no reviews yet" notice.
 */
export function domReviews(idx: PageIndex): Review[] {
  let best: Element[] = [];
  for (const region of byName(idx, /review|comment|评价|评论/i, 60)) {
    const boxes = [region, ...Array.from(region.querySelectorAll('ul, ol, tbody, div[class], div[id]')).slice(0, 200)];
    for (const box of boxes) {
      const items = repeatedItems(box);
      if (items.length > best.length) best = items;
    }
    if (best.length >= 2) break;
  }
  if (best.length < 2) return [];
  return best.map(toReview).filter((r): r is Review => r !== null);
}
