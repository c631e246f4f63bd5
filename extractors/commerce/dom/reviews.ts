import type { Review } from '../../types';
import { byName, type PageIndex } from './page-index';
import { ratingFromText, ratingFromWidget } from '../signals/rating';
import { textOf } from '../util';

const REVIEW_BOX = /review|comment|评价|评论|rate-?item|feedback/i;
const AUTHOR = '[class*=author i], [class*=user i], [class*=nick i], [class*=name i], [itemprop=author]';
const DATE = 'time, [class*=date i], [class*=time i]';

/** Parses "2024-05-01", "2024/5/1", "2024年5月1日" into ISO 8601, else null. */
export function isoDate(text: string): string | null {
  const m = /(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Reviews in the DOM: a container named review/comment/评价 whose children repeat, each with
 * some text, optionally an author, a date and a star rating.
 */
export function domReviews(idx: PageIndex): Review[] {
  for (const box of byName(idx, /review|comment|评价|评论/i, 60)) {
    const kids: Element[] = [];
    for (let k = box.firstElementChild; k; k = k.nextElementSibling) kids.push(k);
    const items = kids.filter((k) => REVIEW_BOX.test(k.getAttribute('class') ?? '') || k.tagName === 'LI' || k.tagName === 'ARTICLE');
    if (items.length < 2) continue;
    const out: Review[] = [];
    for (const k of items) {
      const content = textOf(k.querySelector('[class*=content i], [class*=body i], [class*=text i], p, [itemprop=reviewBody]') ?? k);
      if (content.length < 2 || content.length > 5000) continue;
      const widget = k.querySelector('[class*=star i], [class*=rating i], [class*=score i]');
      const dateEl = k.querySelector(DATE);
      out.push({
        author: textOf(k.querySelector(AUTHOR)) || null,
        rating: (widget ? ratingFromWidget(widget) ?? ratingFromText(textOf(widget)) : null),
        content,
        date: dateEl ? isoDate(dateEl.getAttribute('datetime') ?? textOf(dateEl)) : null,
      });
    }
    if (out.length >= 2) return out;
  }
  return [];
}
