import type { Review } from '../../types';
import { parseDateValue } from '../../news/meta/date-text';
import { instantIn } from '../../time/page-zone';
import { toNumber } from '../util';
import { ratingWord } from '../signals/rating';

/**
 * Reviews in JSON (state blobs in scripts, bodies the page fetched by XHR after load), found by
 * the shape of their objects rather than by any site's key names: an array whose objects mostly
 * carry a text (content / comment / text / body …) and at least one of an author (nickname /
 * user …), a score (score / star / rating …) or a date (time / date / created …).
 */

/** Keys that hold the review text; the longest such string of an object is its content. */
const CONTENT_KEY = /content|comment|text|body|review|feedback|opinion|心得|评价|评论/i;
/** Keys that look like content but are not the buyer's words: counts, ids, titles, the shop's reply. */
const NOT_CONTENT_KEY = /count|num|cnt|total|_?id$|Id$|url|link|img|image|pic|type|status|code|flag|level|tag|class|style|color|lang|reply|replies|answer|response|explain|append|after|additional|seller|shop|merchant|title|subject/i;
const AUTHOR_KEY = /nick|user_?name|username|^user$|author|reviewer|buyer|member|customer|display_?name|^name$|^uname$|会员|用户|昵称/i;
const AUTHOR_OBJECT_KEY = /^(?:user|author|reviewer|buyer|member|customer|profile)(?:_?info)?$/i;
/** A score field: named rating / score / star(s) / grade, alone or as a suffix (rateStar, commentScore). */
const RATING_KEY = /(?:^|_|[a-z])(?:rating|score|stars?|grade|rate_?star|星级|评分)$|^(?:rating|score|stars?|grade)(?:_?value)?$/i;
const NOT_RATING_KEY = /count|num|cnt|total|helpful|useful|vote|like|credit|level|user|seller|shop/i;
const DATE_KEY = /date|time|created|published|posted|_at$|[a-z]At$|日期|时间/i;
const NOT_DATE_KEY = /reply|answer|response|append|update|modif|expire|deliver|ship|order|buy|purchase|pay/i;

const MAX_CONTENT = 5000;

export interface ReviewJsonOptions {
  /** The crawl time: relative dates resolve against it. */
  now: Date;
  /** The page's zone (see time/page-zone.ts), asked when a date is read: dates written without one are its local times, instants are shown in it. */
  zone?: () => string | null;
}

function dateOf(v: unknown, now: Date, zone: () => string | null): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) {
    // Epoch seconds or milliseconds.
    const ms = v > 1e12 ? v : v > 1e9 ? v * 1000 : NaN;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 ? null : instantIn(d, zone());
  }
  if (typeof v === 'string' && v.trim() && v.length < 60) return parseDateValue(v.trim(), now, zone());
  return null;
}

function ratingOf(v: unknown): number | null {
  const n = toNumber(v);
  if (n !== null) return n >= 0 && n <= 10 ? n : null;
  return typeof v === 'string' ? ratingWord(v) : null;
}

function authorIn(o: Record<string, unknown>): string | null {
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'string' && v.trim() && v.length <= 60 && AUTHOR_KEY.test(k) && !/id$|url|img|avatar|level|type/i.test(k)) return v.trim();
  }
  return null;
}

/** One object as a review, or null when it has no text or nothing besides it. */
export function reviewFromObject(o: Record<string, unknown>, now: Date, zone: () => string | null = () => null): Review | null {
  let content: string | null = null;
  let author: string | null = null;
  let rating: number | null = null;
  let date: string | null = null;
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined) continue;
    if (CONTENT_KEY.test(k) && !NOT_CONTENT_KEY.test(k) && typeof v === 'string' && !/^\s*[\d.]*\s*$/.test(v)) {
      const t = v.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
      if (t.length >= 2 && t.length <= MAX_CONTENT && (content === null || t.length > content.length)) content = t;
    } else if (author === null && typeof v === 'string' && AUTHOR_KEY.test(k) && !/id$|url|img|avatar|level|type/i.test(k)) {
      if (v.trim() && v.length <= 60) author = v.trim();
    } else if (author === null && v && typeof v === 'object' && !Array.isArray(v) && AUTHOR_OBJECT_KEY.test(k)) {
      author = authorIn(v as Record<string, unknown>);
    } else if (rating === null && RATING_KEY.test(k) && !NOT_RATING_KEY.test(k)) {
      rating = ratingOf(v);
    } else if (date === null && DATE_KEY.test(k) && !NOT_DATE_KEY.test(k)) {
      date = dateOf(v, now, zone);
    }
  }
  if (!content) return null;
  // A name beside a text is also what a menu entry or a tag looks like: with no score and no
  // date, the text must read like a sentence, not a label.
  if (rating === null && date === null && (author === null || content.length < 8 || content === author)) return null;
  return { author, rating, content, date };
}

/**
 * Every array of review-shaped objects in the values (not descending into one already taken:
 * its items' reply lists are not reviews), in order, without repeats (a "hot reviews" list often
 * repeats the first page).
 */
export function reviewsFromJson(values: unknown[], opts: ReviewJsonOptions): Review[] {
  const out: Review[] = [];
  const seen = new Set<string>();
  let budget = 50_000;
  const visit = (v: unknown, depth: number): void => {
    if (budget-- <= 0 || depth > 12 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      const objs = v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x));
      const reviews = objs.map((o) => reviewFromObject(o, opts.now, opts.zone ?? (() => null))).filter((r): r is Review => r !== null);
      if (reviews.length > 0 && reviews.length >= objs.length * 0.6) {
        for (const r of reviews) {
          const key = `${r.author ?? ''}\u0001${r.content}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(r);
        }
        return;
      }
      for (const x of v) visit(x, depth + 1);
      return;
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  for (const v of values) visit(v, 0);
  return out;
}
