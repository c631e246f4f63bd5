import type { ExtractKind, NewsFacet, PageType } from './types';
import type { CommerceFacets } from './commerce/index';

/**
 * The page type from what each facet extractor found. A forced kind wins; otherwise a
 * commerce page type other than "other" wins over an article only when it found goods,
 * since news pages often carry a category menu too.
 */
export function choosePageType(kind: ExtractKind, commerce: CommerceFacets | null, news: NewsFacet | null): PageType {
  if (kind === 'news') return 'news';
  if (kind === 'product' || kind === 'listing' || kind === 'category') return kind;
  const commerceType = commerce?.pageType ?? 'other';
  const hasGoods = (commerce?.commodities.length ?? 0) > 0 || commerce?.shop != null;
  if (news && news.content.length > 0 && !(commerceType !== 'other' && hasGoods)) return 'news';
  return commerceType;
}
