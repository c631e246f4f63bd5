import { Readability } from '@mozilla/readability';

/**
 * Readability deletes, before scoring, every element whose class or id holds an "unlikely"
 * word (sidebar, header, footer, comment, popup…) unless it also holds a "maybe" word
 * (article, content, main…). Layout wrappers are often named that way
 * ("full-width-template-with-sidebar", "sidebar-layout", "page-header-and-footer" spelled
 * without the "and"): the whole story goes and Readability returns a box or pop-up left
 * over. Its retry without the rule only runs when that leftover is short.
 *
 * An element that holds the page's headline (<h1>) and most of its paragraph text is the
 * story's container, whatever its name: its class and id are dropped (in place) so that
 * Readability neither deletes it nor scores it down.
 */

interface ReadabilityRegexps {
  unlikelyCandidates: RegExp;
  okMaybeItsACandidate: RegExp;
}

/** Readability's own two patterns (0.6.x keeps them on its prototype), so the rule undone is exactly its rule. */
export function readabilityPatterns(): ReadabilityRegexps | null {
  const r = (Readability.prototype as unknown as { REGEXPS?: Partial<ReadabilityRegexps> }).REGEXPS;
  return r?.unlikelyCandidates instanceof RegExp && r.okMaybeItsACandidate instanceof RegExp
    ? { unlikelyCandidates: r.unlikelyCandidates, okMaybeItsACandidate: r.okMaybeItsACandidate }
    : null;
}

function paragraphChars(el: Element): number {
  let n = 0;
  for (const p of Array.from(el.querySelectorAll('p'))) n += (p.textContent ?? '').trim().length;
  return n;
}

export interface UnlikelyMainOptions {
  /** Share of the page's <p> text an unlikely-named ancestor of the <h1> must hold to be kept (default 0.6). */
  minShare?: number;
}

/** Clears the class/id of unlikely-named containers that hold the headline and most of the text (see above). */
export function keepUnlikelyNamedMain(body: Element, opts: UnlikelyMainOptions = {}): void {
  const re = readabilityPatterns();
  if (!re) return;
  const minShare = opts.minShare ?? 0.6;
  let total = -1;
  for (const h1 of Array.from(body.querySelectorAll('h1'))) {
    for (let el = h1.parentElement; el && el !== body; el = el.parentElement) {
      const name = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
      if (!re.unlikelyCandidates.test(name) || re.okMaybeItsACandidate.test(name)) continue;
      if (total < 0) total = paragraphChars(body);
      if (total > 0 && paragraphChars(el) >= minShare * total) {
        el.removeAttribute('class');
        el.removeAttribute('id');
      }
    }
  }
}
