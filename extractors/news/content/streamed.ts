/**
 * Streamed server rendering (React 18+ `renderToPipeableStream`, used by Next.js and others)
 * sends a page's slow parts last: a `<template id="B:n">` placeholder with a fallback
 * ("Loading…") stands where the part belongs, and the part itself comes at the end of the
 * body in `<div hidden id="S:m">`, moved into place by a small inline script
 * (`$RC("B:n","S:m")`). Scripts never run here, so without this the whole article of such a
 * page is hidden and the fallback is what a reader would see.
 */

const SEGMENT_ID = /^S:[0-9a-z]+$/i;
/** `$RC("B:0","S:0")` calls of the inline reveal scripts: which placeholder gets which segment. */
const REVEAL_CALL = /\$RC\(\s*["'](B:[0-9a-z]+)["']\s*,\s*["'](S:[0-9a-z]+)["']/gi;

/**
 * Moves every hidden streamed segment to its placeholder (replacing the fallback up to the
 * boundary's closing `<!--/$-->` comment), as the page's own script would. A segment whose
 * placeholder is missing is shown where it is. In place.
 */
export function revealStreamedSegments(doc: Document): void {
  const body = doc.body;
  if (!body) return;
  const segments = Array.from(body.querySelectorAll('[hidden][id^="S:"]')).filter((s) => SEGMENT_ID.test(s.id));
  if (!segments.length) return;
  const placeholderOf = new Map<string, string>();
  for (const script of Array.from(body.querySelectorAll('script'))) {
    const code = script.textContent ?? '';
    if (!code.includes('$RC')) continue;
    for (const m of code.matchAll(REVEAL_CALL)) placeholderOf.set(m[2], m[1]);
  }
  const templates = new Map<string, Element>();
  for (const t of Array.from(body.querySelectorAll('template[id^="B:"]'))) templates.set(t.id, t);
  for (const seg of segments) {
    const target = templates.get(placeholderOf.get(seg.id) ?? `B:${seg.id.slice(2)}`);
    if (!target || !target.parentNode || seg.contains(target)) {
      seg.removeAttribute('hidden');
      continue;
    }
    // The fallback runs from the placeholder to the boundary's end marker (left alone when
    // the marker is missing: what follows may be the rest of the page).
    // Boundaries nest (`<!--$-->`, `<!--$?-->`, `<!--$!-->` open one): the end is the matching `<!--/$-->`.
    let end: Node | null = target.nextSibling;
    for (let depth = 0; end; end = end.nextSibling) {
      if (end.nodeType !== 8) continue;
      const mark = end.nodeValue ?? '';
      if (mark === '/$' && depth-- === 0) break;
      if (mark === '$' || mark === '$?' || mark === '$!') depth++;
    }
    if (end) while (target.nextSibling && target.nextSibling !== end) target.nextSibling.remove();
    while (seg.firstChild) target.parentNode.insertBefore(seg.firstChild, target);
    target.remove();
    seg.remove();
  }
}
