import type { ExtractKind, NewsFacet, PageType } from './types';
import type { CommerceFacets } from './commerce/index';
import { FEATURE_NAMES } from './classify/features';
import { isStoryList } from './classify/story-list';

const LD_ARTICLE = FEATURE_NAMES.indexOf('ldArticle');
const OG_ARTICLE = FEATURE_NAMES.indexOf('ogArticle');
const DATE_NEAR_HEADING = FEATURE_NAMES.indexOf('dateNearHeading');
const HEADING_IN_TITLE = FEATURE_NAMES.indexOf('headingInTitle');

/**
 * Below this probability of news, by the page-type model, a page Readability found text on is
 * not typed news: news index and channel pages (headlines with teasers), forum threads, help and
 * service pages. Low on purpose: a story lost as `other` costs more than an index kept as news.
 * On WCXB dev pages held apart from training (scripts/train-page-type.ts --eval: trained on one
 * crc32 half, scored on the other), 0.25 keeps 98.9% / 97.7% of articles (the two halves) while
 * turning away 52% / 66% of index pages. In the whole auto pipeline, 0.2 would keep 3 / 2 more
 * articles (of 362 / 347) for 18 / 16 more forum, documentation, service and index pages typed news.
 */
export const NEWS_MIN_SCORE = 0.25;

/**
 * Whether an auto-typed page is a list of stories (headlines with teasers outweighing any body, see
 * isStoryList) whose own markup does not say article: an index, never stored as news.
 */
export function readsAsStoryList(commerce: CommerceFacets | null): boolean {
  const typing = commerce?.typing;
  return !!typing && isStoryList(typing.stories) && !typing.features[LD_ARTICLE] && !typing.features[OG_ARTICLE];
}

/**
 * Whether the page's main heading is its title (half its words or more are in <title>) and a
 * date is written beside it: the dateline block of a story, which lets a brief of one short
 * paragraph count as an article (see isArticle).
 */
export function datedHeadline(commerce: CommerceFacets | null): boolean {
  const f = commerce?.typing?.features;
  return !!f && f[DATE_NEAR_HEADING] === 1 && (f[HEADING_IN_TITLE] ?? 0) >= 0.5;
}

/**
 * Whether the commerce extractor found goods on the page: items, or the shop's own page. A shop
 * named on a page without goods (a blog's footer or "sold by" box read as a shop) is no sign of a
 * shop page, and must not keep an article from being news.
 */
export function foundGoods(commerce: CommerceFacets | null): boolean {
  return commerce !== null && commerce.pageType !== 'other' && (commerce.commodities.length > 0 || commerce.pageType === 'shop');
}

/**
 * The page type from what each facet extractor found. A forced kind wins; otherwise a
 * commerce page type other than "other" wins over an article only when it found goods,
 * since news pages often carry a category menu too; and an article the page-type model
 * does not take for news (an index of stories, a forum, a help page) keeps its commerce type, and
 * so does a page made of headlines with teasers (see isStoryList).
 */
export function choosePageType(kind: ExtractKind, commerce: CommerceFacets | null, news: NewsFacet | null): PageType {
  if (kind === 'news') return 'news';
  if (kind === 'product' || kind === 'listing' || kind === 'category') return kind;
  const commerceType = commerce?.pageType ?? 'other';
  if (news && news.content.length > 0 && !foundGoods(commerce)) {
    const typing = commerce?.typing;
    if (typing?.type && (typing.scores.news ?? 0) < NEWS_MIN_SCORE) return commerceType;
    // A list of stories (headlines with teasers outweighing any body) is an index, whatever its
    // paragraphs read like, unless the page's own markup says it is an article.
    if (readsAsStoryList(commerce)) return commerceType;
    return 'news';
  }
  return commerceType;
}
