/**
 * The share of an element's visible characters (whitespace aside) that sit inside links, or
 * null when it has no text: a menu is mostly links, a paragraph mostly not.
 */
export function linkShare(el: Element): number | null {
  const text = (el.textContent ?? '').replace(/\s+/g, '').length;
  if (!text) return null;
  let inLinks = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) inLinks += (a.textContent ?? '').replace(/\s+/g, '').length;
  return inLinks / text;
}
