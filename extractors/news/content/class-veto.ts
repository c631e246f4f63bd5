/**
 * Readability removes any block whose class or id matches its "negative" words (`hidden`,
 * `widget`, `promo`, `media`, `meta`…) while it cleans the article, however much of the story
 * the block holds. Those words are substrings of the class names page builders and CSS
 * frameworks give to ordinary content: `elementor-widget-container`, `so-widget-sow-editor`,
 * `ck-widget`, `overflow-hidden`, `node--promoted`. Whole sections of a story went with them
 * (a recipe's method, a plant guide's entries, a price guide's body).
 *
 * During that cleaning only, a block holding at least `minProse` characters of paragraph text
 * with few links (link density under `maxLinkDensity`) is weighed without its name; Readability's
 * own content tests (commas, images, lists, link density) still judge it. Candidate scoring keeps
 * the name's weight. Readability's internals are those of 0.6.x: when they are not as expected,
 * nothing is changed.
 */
export interface ClassVetoOptions {
  /** Characters of <p> text that make a block prose (default 500, about three sentences). */
  minProse?: number;
  /** Link density under which that prose counts (default 0.1): link lists and teaser grids stay judged by name. */
  maxLinkDensity?: number;
}

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
export function proseOutweighsClassName(reader: object, opts: ClassVetoOptions = {}): void {
  const r = internals(reader);
  if (!r) return;
  const minProse = opts.minProse ?? 500;
  const maxLinkDensity = opts.maxLinkDensity ?? 0.1;
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
    return prose(e) >= minProse && r._getLinkDensity(e) < maxLinkDensity ? 0 : w;
  };
}
