/**
 * Readability removes any block whose class or id matches its "negative" words (`hidden`,
 * `widget`, `promo`, `media`, `meta`…) while it cleans the article, however much of the story
 * the block holds. Those words are substrings of the class names page builders and CSS
 * frameworks give to ordinary content: `elementor-widget-container`, `so-widget-sow-editor`,
 * `ck-widget`, `overflow-hidden`, `node--promoted`. Whole sections of a story went with them
 * (a recipe's method, a plant guide's entries, a price guide's body).
 *
 * During that cleaning only, a block holding at least MIN_PROSE characters of paragraph text
 * with few links (link density under MAX_LINK_DENSITY) is weighed without its name; Readability's
 * own content tests (commas, images, lists, link density) still judge it. Candidate scoring keeps
 * the name's weight. Readability's internals are those of 0.6.x: when they are not as expected,
 * nothing is changed.
 */
/** Characters of <p> text that make a block prose: about three sentences. */
const MIN_PROSE = 500;
/** Link density under which that prose counts: link lists and teaser grids stay judged by name. */
const MAX_LINK_DENSITY = 0.1;

interface ReadabilityInternals {
  _getClassWeight(e: Element): number;
  _cleanConditionally(e: Element, tag: string): void;
  _getInnerText(e: Element, normalizeSpaces?: boolean): string;
  _getLinkDensity(e: Element): number;
}

function internals(reader: object): ReadabilityInternals | null {
  const r = reader as Record<string, unknown>;
  const names = ['_getClassWeight', '_cleanConditionally', '_getInnerText', '_getLinkDensity'];
  return names.every((n) => typeof r[n] === 'function') ? (reader as unknown as ReadabilityInternals) : null;
}

/** Installs the rule on one Readability instance (own properties shadowing its prototype's methods). */
export function proseOutweighsClassName(reader: object): void {
  const r = internals(reader);
  if (!r) return;
  const weigh = r._getClassWeight.bind(r);
  const clean = r._cleanConditionally.bind(r);
  let cleaning = false;
  const prose = (e: Element): number => {
    let n = 0;
    for (const p of Array.from(e.getElementsByTagName('p'))) n += r._getInnerText(p).length;
    return n;
  };
  r._cleanConditionally = (e: Element, tag: string) => {
    cleaning = true;
    try {
      clean(e, tag);
    } finally {
      cleaning = false;
    }
  };
  r._getClassWeight = (e: Element) => {
    const w = weigh(e);
    if (!cleaning || w >= 0) return w;
    return prose(e) >= MIN_PROSE && r._getLinkDensity(e) < MAX_LINK_DENSITY ? 0 : w;
  };
}
