import { readabilityPatterns } from './unlikely-main';

/**
 * Readability deletes, before scoring, every element whose class or id holds an "unlikely" word,
 * "header" among them. For a heading that word says what it is, not where it sits: blog platforms
 * name a story's own sub-headings "header-anchor-post", "section-header", "post-header" and every
 * one of them was cut out of the text. A heading whose name is unlikely only for that word has
 * the word renamed ("heading") in place; a heading named "sidebar-…" or "footer-…" still goes.
 */
export function keepHeaderNamedHeadings(body: Element): void {
  const re = readabilityPatterns();
  if (!re) return;
  for (const h of Array.from(body.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    for (const attr of ['class', 'id']) {
      const name = h.getAttribute(attr);
      if (!name || !/header/i.test(name) || !re.unlikelyCandidates.test(name) || re.okMaybeItsACandidate.test(name)) continue;
      const renamed = name.replace(/header/gi, 'heading');
      if (!re.unlikelyCandidates.test(renamed)) h.setAttribute(attr, renamed);
    }
  }
}
