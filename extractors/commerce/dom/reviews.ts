import type { Review } from '../../types';
import type { PageIndex } from './page-index';
import { parseDateText, parseDateValue } from '../../news/meta/date-text';
import { ratingFromText, ratingFromWidget, ratingWord } from '../signals/rating';
import { childGroups, textOf } from '../util';
import { collapseSpace } from '../../text/normalize';

/**
 * Reviews in the DOM. A review list is a run of sibling blocks built from one template, each of
 * which reads as one review: a text plus some of an author, a date and a grade. The parts are
 * told apart by what they say ("会员：", "发表于 2013-05-12", "评价：好评", "心得：", "4.0 out of
 * 5 stars", "Reviewed in … on March 5, 2024"), by class words where a site uses them (user,
 * date, star), never by one site's markup. A shop's reply, helpful-vote lines and order details
 * (颜色分类, Size) are not the buyer's words and are left out of the content.
 */

/** Class / id words of a review area; inside one a block needs fewer signs to count as a review. */
const REVIEW_AREA = /review|comment|评价|评论|feedback|opinion|testimonial|\brat(?:e|ings?)\b|[_-]rat(?:e|ing)|rat(?:e|ing)(?:[_-]|list|item|grid|box)/i;

const BLOCK = new Set(['DIV', 'P', 'LI', 'UL', 'OL', 'DL', 'DT', 'DD', 'TD', 'TH', 'TR', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER', 'ASIDE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'BR', 'HR', 'FORM', 'FIELDSET', 'FIGURE', 'FIGCAPTION', 'CENTER']);
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'BUTTON', 'SELECT', 'TEXTAREA', 'INPUT', 'SVG', 'IFRAME']);

type Hint = 'author' | 'date' | 'rating' | 'reply' | 'noise' | null;

/** Class words naming a part: the reply first (it holds its own date and name). */
function hintOf(el: Element, textLength: number): Hint {
  const names = `${el.getAttribute('class') ?? ''} ${el.id} ${el.getAttribute('itemprop') ?? ''} ${el.getAttribute('data-hook') ?? ''}`;
  if (/reply|explain|answer|response|seller-?(?:comment|note)|append-?reply/i.test(names)) return 'reply';
  if (/helpful|vote|useful|report|abuse|action|toolbar|btn|button/i.test(names)) return 'noise';
  // A part's class names a short element; a long one so named is a wrapper around the whole review.
  if (textLength > 60) return null;
  if (/author|user|nick|profile|reviewer|buyer|member|customer|uname|name/i.test(names)) return 'author';
  if (/date|time|created|posted|published/i.test(names) || el.tagName === 'TIME') return 'date';
  if (/star|rating|score|grade|stars/i.test(names)) return 'rating';
  return null;
}

const AUTHOR_WORDS = '会员|用户名?|买家|网友|昵称|评论人|评价人|评论者|评价者|作者|发表人|reviewer|posted by|reviewed by|written by|customer|name|by';
const DATE_WORDS = '发表于|发布于|发表时间|发布时间|评论时间|评价时间|评价日期|评论日期|时间|日期|posted on|reviewed on|written on|date(?: posted)?|reviewed in .{2,40}? on';
const RATING_WORDS = '评价等级|评价|评分|评级|打分|星级|满意度|rating|score|overall(?: rating)?';
const CONTENT_WORDS = '使用心得|购买心得|心得体会|心得|评价内容|评论内容|内容|评论|评语|review|comments?|my review';
/** A seller's answer: not the buyer's review. */
const REPLY_WORDS = '商家回复|卖家回复|掌柜回复|店家回复|店铺回复|客服回复|官方回复|商家回应|卖家解释|掌柜解释|回复|response from .{1,40}?|seller(?:\'s)? (?:response|reply)|reply from .{1,40}?|store response';
const AUTHOR_LABEL = new RegExp(`^(?:(?:${AUTHOR_WORDS})\\s*[:：]\\s*|(?:posted|reviewed|written) by\\s+)`, 'i');
const DATE_LABEL = new RegExp(`^(?:${DATE_WORDS})\\s*[:：]?\\s*`, 'i');
const RATING_LABEL = new RegExp(`^(?:${RATING_WORDS})\\s*[:：]\\s*`, 'i');
const CONTENT_LABEL = new RegExp(`^(?:${CONTENT_WORDS})\\s*[:：]\\s*`, 'i');
const REPLY_LABEL = new RegExp(`^(?:${REPLY_WORDS})\\s*[:：]`, 'i');
/** Replies unmistakable without a colon ("商家回复 感谢支持"). */
const REPLY_START = /^(?:商家回复|卖家回复|掌柜回复|店家回复|店铺回复|客服回复|官方回复|掌柜解释|卖家解释)/;
/** A label alone in its cell, its value in the next one. */
const LABEL_ALONE = new RegExp(`^(?:(?:${[AUTHOR_WORDS, DATE_WORDS, RATING_WORDS, CONTENT_WORDS, REPLY_WORDS].join('|')})\\s*[:：]|(?:posted|reviewed|written) by|发表于|发布于|商家回复|卖家回复|掌柜回复|店家回复|客服回复|官方回复|使用心得|心得)$`, 'i');
/** Order details a review shows beside the text. */
const META_LABEL = /^(?:颜色分类|颜色|尺码|尺寸|规格|型号|版本|套餐类型|套餐|购买日期|购买时间|下单时间|下单日期|机身颜色|存储容量|color|colour|size|style|pattern|model|configuration|capacity|edition|format|größe|farbe|taglia|colore|taille|couleur|tamaño|talla)\s*[:：]/i;
/** "Verified Purchase" badges, also where they run into the text. */
const BADGE = /verified purchase|verifizierter kauf|acquisto verificato|achat vérifié|compra verificada/gi;
/** A Chinese vote button's count: "有用(3)", "赞（12）", "回复 4". */
const VOTE_COUNT = '\\s*[（(]?\\d*[）)]?';
/** Vote and action lines, alone or several on one row ("Helpful Report", "有用(3) 回复"). */
const NOISE_PHRASE = `\\d[\\d,]*\\s+(?:people|persons?|customers?)\\s+found this (?:review )?helpful\\.?|one person found this helpful\\.?|helpful\\s*\\(?\\d*\\)?|report(?: abuse)?|verified purchase|read more|see more|show more|translate review to english|有用${VOTE_COUNT}|没用${VOTE_COUNT}|有帮助${VOTE_COUNT}|举报|赞${VOTE_COUNT}|回复${VOTE_COUNT}|展开|收起|查看全部|全文|\\d+\\s*人觉得有用|\\d+\\s*人赞同|\\(\\d+\\)`;
/** One vote or action phrase at `lastIndex`, with the separator after it. */
const NOISE_TOKEN = new RegExp(`(?:${NOISE_PHRASE})\\s*[|·]?\\s*`, 'iy');

/**
 * Whether a row is only vote and action phrases. Read phrase by phrase, each taken as the first
 * alternative that matches: one regex repeating the phrases (with optional spaces inside and
 * around each) had many ways to split a row and tried them all when the row was no such line
 * (18 × "有用 " before other text took 20 s, 24 hung the page).
 */
function isNoiseRow(text: string): boolean {
  let at = 0;
  while (at < text.length) {
    NOISE_TOKEN.lastIndex = at;
    const m = NOISE_TOKEN.exec(text);
    if (!m || m[0].length === 0) return false;
    at += m[0].length;
  }
  return at > 0;
}
/** "4.0 out of 5 stars Great lamp": the grade, then the title on the same row. */
const RATING_PREFIX = /^(\d(?:\.\d)?)\s*out of\s*5\s*stars?\s*/i;

interface Segment { text: string; hint: Hint }

interface ReadItem {
  review: Review | null;
  /** How many parts besides the text were recognised (author, date, grade, a labelled text). */
  signs: number;
}

/**
 * An item's text in segments: a block element or an element with a part's class word starts a
 * new segment, so "4.0 out of 5 stars" and the title on the same row stay apart. Star widgets
 * without text give their grade directly.
 */
function segmentsOf(item: Element): { segments: Segment[]; widgetRating: number | null; timeValue: string | null } {
  const segments: Segment[] = [];
  let widgetRating: number | null = null;
  let timeValue: string | null = null;
  let buf = '';
  let bufHint: Hint = null;
  const flush = () => {
    const t = collapseSpace(buf);
    if (t) segments.push({ text: t, hint: bufHint });
    buf = '';
    bufHint = null;
  };
  const walk = (el: Element, inherited: Hint) => {
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) {
        const v = n.nodeValue ?? '';
        if (!v.trim()) {
          buf += ' ';
          continue;
        }
        if (buf.trim() && bufHint !== inherited) flush();
        if (!buf.trim()) bufHint = inherited;
        buf += v;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const c = n as Element;
      if (SKIP.has(c.tagName.toUpperCase()) || c.hasAttribute('hidden') || /display\s*:\s*none/i.test(c.getAttribute('style') ?? '')) continue;
      const ratingAttr = /stars?|星|out of|\/\s*5/i.test(`${c.getAttribute('aria-label') ?? ''} ${c.getAttribute('title') ?? ''}`);
      const own = hintOf(c, (c.textContent ?? '').length) ?? (ratingAttr ? 'rating' : null);
      if (own === 'reply') continue;
      const hint = own ?? inherited;
      if (widgetRating === null && own === 'rating') {
        widgetRating = ratingFromWidget(c);
      }
      if (timeValue === null && c.tagName === 'TIME' && c.getAttribute('datetime')) timeValue = c.getAttribute('datetime');
      const block = BLOCK.has(c.tagName.toUpperCase());
      if (block || own) flush();
      walk(c, hint);
      if (block || own) flush();
    }
  };
  walk(item, null);
  flush();
  // A label alone ("会员：" in one cell, the name in the next) belongs to the segment after it.
  const merged: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const next = segments[i + 1];
    if (next && LABEL_ALONE.test(s.text)) {
      const sep = /\bby$/i.test(s.text) ? ' ' : '：';
      merged.push({ text: `${s.text.replace(/\s*[:：]?$/, '')}${sep}${next.text}`, hint: s.hint ?? next.hint });
      i++;
    } else merged.push(s);
  }
  return { segments: merged, widgetRating, timeValue };
}

const MAX_AUTHOR = 40;

/** A short segment that is a date and little else ("2024-03-05 14:32", "3天前"). */
function dateSegment(text: string, now: Date, zone: () => string | null): string | null {
  if (text.length > 40) return null;
  const d = parseDateText(text, now, zone());
  if (!d) return null;
  const rest = text.replace(/[\d\s:：/.\-年月日号时分秒,APMapm]|January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec/g, '');
  return rest.length <= 8 ? d : null;
}

function ratingSegment(text: string): number | null {
  if (text.length > 30) return null;
  return ratingWord(text) ?? ratingFromText(text);
}

/** Reads one block as a review: labelled parts first, then class hints, then what each segment says. */
function readItem(item: Element, now: Date, zone: () => string | null): ReadItem {
  const { segments, widgetRating, timeValue } = segmentsOf(item);
  let author: string | null = null;
  let date: string | null = timeValue ? parseDateValue(timeValue, now, zone()) : null;
  let rating: number | null = widgetRating;
  const labelled: string[] = [];
  const plain: string[] = [];
  for (const { text, hint } of segments) {
    if (hint === 'noise' || isNoiseRow(text)) continue;
    if (REPLY_LABEL.test(text) || REPLY_START.test(text)) continue;
    let m: RegExpExecArray | null;
    if ((m = CONTENT_LABEL.exec(text))) {
      const v = text.slice(m[0].length).trim();
      if (v) labelled.push(v);
      continue;
    }
    if ((m = AUTHOR_LABEL.exec(text))) {
      const v = text.slice(m[0].length).trim();
      if (v && v.length <= MAX_AUTHOR) author ??= v;
      continue;
    }
    if ((m = RATING_LABEL.exec(text))) {
      const v = text.slice(m[0].length).trim();
      const r = ratingSegment(v);
      if (r !== null) rating ??= r;
      // "评价：" followed by words is the text itself.
      else if (v.length > 4) labelled.push(v);
      continue;
    }
    if ((m = DATE_LABEL.exec(text))) {
      const d = parseDateText(text.slice(m[0].length), now, zone());
      if (d) {
        date ??= d;
        continue;
      }
    }
    if (META_LABEL.test(text)) continue;
    if ((m = RATING_PREFIX.exec(text))) {
      rating ??= Number(m[1]);
      const rest = text.slice(m[0].length).trim();
      if (rest && hint !== 'rating') plain.push(rest);
      continue;
    }
    if (hint === 'author' && text.length <= MAX_AUTHOR && !dateSegment(text, now, zone)) {
      author ??= text;
      continue;
    }
    if (hint === 'date' || hint === 'rating' || text.length <= 40) {
      const d = dateSegment(text, now, zone);
      if (d) {
        date ??= d;
        continue;
      }
      const r = ratingSegment(text);
      if (r !== null) {
        rating ??= r;
        // "4.0 out of 5 stars Great value" on one row: the rest is the title.
        continue;
      }
      if (hint === 'date' || hint === 'rating') continue;
    }
    plain.push(text);
  }
  // "Listino:" in a name-classed cell is a label of a spec table, not a reviewer.
  if (author !== null && /[:：]$/.test(author)) author = null;
  const content = collapseSpace((labelled.length ? labelled : plain).join(' ').replace(BADGE, ' '));
  // Words, not a count or a share ("2826", "84%"): a rating histogram's rows are not reviews.
  if (!/\p{L}{2}/u.test(content)) return { review: null, signs: 0 };
  const signs = (author !== null ? 1 : 0) + (date !== null ? 1 : 0) + (rating !== null ? 1 : 0) + (labelled.length ? 1 : 0);
  if (content.length < 2 || content.length > 5000 || (author !== null && content === author)) return { review: null, signs };
  return { review: { author, rating, content, date }, signs };
}

/** A child's template: tag and class words without digits or state words. */
function signature(el: Element): string {
  const cls = (el.getAttribute('class') ?? '').replace(/\d+/g, '').split(/\s+/).filter((w) => w && !/active|selected|current|first|last|odd|even|hover|on$/i.test(w)).sort().join('.');
  return `${el.tagName}|${cls}`;
}

/** Text that may be part of a review: a date, a grade, a review label. Cheap filter before reading a block. */
const REVIEWISH = /\d{4}\s*[-/.年]\s*\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|ago\b|[天小时分钟]前|out of 5|stars?\b|[1-5五四三二一]\s*星|好评|中评|差评|会员|发表|心得|reviewed|评价|评论/i;

function inReviewArea(el: Element): boolean {
  let e: Element | null = el;
  for (let up = 0; e && up < 8; up++, e = e.parentElement) {
    if (REVIEW_AREA.test(`${e.getAttribute('class') ?? ''} ${e.id}`)) return true;
  }
  return false;
}

/** Questions and answers sit beside reviews, built alike (a name, a date, a text): not reviews. */
function inQuestions(el: Element): boolean {
  let e: Element | null = el;
  for (let up = 0; e && up < 8; up++, e = e.parentElement) {
    if (/question|answer|faq|(?:^|[\s_-])qa(?:$|[\s_-])|ask|问答|提问/i.test(`${e.getAttribute('class') ?? ''} ${e.id}`)) return true;
  }
  return false;
}

function inChrome(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) if (/^(?:NAV|FOOTER|HEADER)$/.test(e.tagName)) return true;
  return false;
}

/**
 * The reviews on a page: every group of sibling blocks sharing a template in which most blocks
 * read as one review each (a text and at least two other parts, or one inside an area named
 * review / comment / 评价). Groups holding another such group are its wrappers (two columns of
 * reviews, a section around the list) and give way to it; the rest are read in page order.
 * A lone block is as likely a "no reviews yet" notice or a score summary: at least two.
 * `zone()`: the page's zone (see time/page-zone.ts), for dates shown without one.
 */
export function domReviews(idx: PageIndex, now: Date = new Date(), zone: () => string | null = () => null): Review[] {
  const groups: Array<{ items: Element[]; reviews: Review[] }> = [];
  // Elements holding a text that may be part of a review, found in one pass over the text nodes.
  const marked = new Set<Element>();
  for (const { node } of idx.texts) {
    if (!REVIEWISH.test(node.nodeValue ?? '')) continue;
    for (let e = node.parentElement; e && !marked.has(e); e = e.parentElement) marked.add(e);
  }
  let budget = 4000; // blocks read at most: a page of thousands of repeated blocks is not a review list
  for (const parent of idx.elements) {
    if (parent.childElementCount < 2 || budget <= 0) continue;
    const area = inReviewArea(parent);
    if (!area && !marked.has(parent)) continue;
    if (inQuestions(parent)) continue;
    for (const g of childGroups(parent, signature)) {
      if (g.length < 2) continue;
      if (!area && g.filter((k) => marked.has(k)).length < g.length * 0.6) continue;
      if (g.some((k) => (k.textContent ?? '').length > 6000) || inChrome(parent)) continue;
      // Goods with prices are a product list, not reviews.
      if (g.filter((k) => idx.withPrice.has(k)).length > g.length * 0.5) continue;
      budget -= g.length;
      const read = g.map((k) => readItem(k, now, zone));
      const need = area ? 1 : 2;
      const ok = read.filter((r) => r.review && r.signs >= need);
      if (ok.length < 2 || ok.length < g.length * 0.6) continue;
      // Reviews are someone's, written some day: a list where none has an author or a date is a
      // score breakdown ("Quality 4.6", "5 stars 65%").
      if (!ok.some((r) => r.review!.author !== null || r.review!.date !== null)) continue;
      groups.push({ items: g, reviews: ok.map((r) => r.review!) });
    }
  }
  // A page with a single review: a block that reads as one beyond doubt (a text, an author, a
  // date and a grade or a labelled text), when no list was found.
  if (groups.length === 0) {
    let reads = 300;
    for (const el of idx.elements) {
      if (reads <= 0) break;
      if (!marked.has(el) || el.childElementCount < 2 || inChrome(el) || idx.withPrice.has(el)) continue;
      const len = (el.textContent ?? '').length;
      if (len < 10 || len > 1500) continue;
      reads--;
      const r = readItem(el, now, zone);
      if (r.review && r.signs >= 3 && r.review.author !== null && r.review.date !== null) groups.push({ items: [el], reviews: [r.review] });
    }
  }
  // The finest groups: a group whose blocks contain another group's blocks is a wrapper.
  const finest = groups.filter((a) => !groups.some((b) => b !== a && b.items.some((x) => a.items.some((y) => y !== x && y.contains(x)))));
  const out: Review[] = [];
  const seen = new Set<string>();
  for (const g of finest) {
    for (const r of g.reviews) {
      const key = `${r.author ?? ''}\u0001${r.content}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(r);
      }
    }
  }
  return out;
}

const same = (a: string, b: string) => {
  const x = a.replace(/\s+/g, '');
  const y = b.replace(/\s+/g, '');
  return x.length > 0 && y.length > 0 && (x === y || (Math.min(x.length, y.length) >= 8 && (x.includes(y) || y.includes(x))));
};

/**
 * The page's rendered reviews together with those in its JSON (the same reviews the page was
 * rendered from, and further pages of them fetched behind a "more" button): one review once,
 * the rendered one with the parts only the JSON had filled in.
 */
export function mergeReviews(dom: Review[], json: Review[]): Review[] {
  const out = dom.map((r) => ({ ...r }));
  // A rendered review is the twin of one JSON review at most: two buyers often write the same
  // stock phrase ("好评！", "Great product"), and both are reviews. The same author first.
  const twinned = new Set<Review>();
  for (const j of json) {
    const free = out.filter((r) => !twinned.has(r) && same(r.content, j.content));
    const twin = free.find((r) => r.author !== null && j.author !== null && sameAuthor(r.author, j.author)) ?? free[0];
    if (twin) {
      twin.author ??= j.author;
      twin.rating ??= j.rating;
      twin.date ??= j.date;
      twinned.add(twin);
    } else {
      const r = { ...j };
      out.push(r);
      twinned.add(r);
    }
  }
  return out;
}

/** Authors as shown and as stored: the rendered name may carry a label or a level around the JSON's. */
const sameAuthor = (a: string, b: string) => {
  const x = a.replace(/\s+/g, '');
  const y = b.replace(/\s+/g, '');
  return x.includes(y) || y.includes(x);
};
