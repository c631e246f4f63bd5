import { hasPriceClass, isNotPrice, isStruck, priceInText, type LocaleHints } from '../signals/price-text';

/** A price seen in the DOM: the smallest element around a text that reads as a price. */
export interface PriceSpot {
  el: Element;
  amount: number;
  currency: string | null;
  struck: boolean;
  /** Text-node index in document order. */
  index: number;
}

/**
 * One walk over the body that every DOM heuristic shares: elements in document order with their
 * class/id words, elements by tag, text nodes, price spots, and which elements contain a link or
 * a price. jsdom's selector engine is slow on attribute-substring selectors over big pages, so the
 * heuristics filter these arrays instead of calling querySelectorAll repeatedly.
 */
export interface PageIndex {
  elements: Element[];
  /** `class id` per element, same order as `elements`. */
  names: string[];
  byTag: Map<string, Element[]>;
  texts: Array<{ node: Text; index: number }>;
  spots: PriceSpot[];
  withLink: Set<Element>;
  withPrice: Set<Element>;
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD', 'IFRAME', 'OBJECT']);
const MAX_ELEMENTS = 80_000;

function markUp(set: Set<Element>, el: Element | null): void {
  for (let e = el; e && !set.has(e); e = e.parentElement) set.add(e);
}

export function buildPageIndex(doc: Document, hints: LocaleHints): PageIndex {
  const idx: PageIndex = { elements: [], names: [], byTag: new Map(), texts: [], spots: [], withLink: new Set(), withPrice: new Set() };
  const root = doc.body;
  if (!root) return idx;
  const stack: Node[] = [root];
  let textIndex = 0;
  const seen = new Set<Element>();
  while (stack.length && idx.elements.length < MAX_ELEMENTS) {
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      const v = n.nodeValue ?? '';
      if (!v.trim()) continue;
      const index = textIndex++;
      idx.texts.push({ node: n as Text, index });
      if (/\d/.test(v)) spotAt(n as Text, index, hints, seen, idx);
      continue;
    }
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    const tag = el.tagName.toUpperCase();
    if (SKIP.has(tag) || el.hasAttribute('hidden')) continue;
    const style = el.getAttribute('style');
    if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) continue;
    idx.elements.push(el);
    idx.names.push(`${el.getAttribute('class') ?? ''} ${el.id}`);
    const list = idx.byTag.get(tag);
    if (list) list.push(el);
    else idx.byTag.set(tag, [el]);
    if (tag === 'A' && el.hasAttribute('href')) markUp(idx.withLink, el);
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return idx;
}

function spotAt(node: Text, index: number, hints: LocaleHints, seen: Set<Element>, idx: PageIndex): void {
  let el: Element | null = node.parentElement;
  for (let up = 0; el && up < 3; up++, el = el.parentElement) {
    // Big elements are never a single price; checking first keeps textContent calls small.
    if (seen.has(el) || el.childElementCount > 6) return;
    const text = el.textContent ?? '';
    if (text.length > 48) return;
    const p = priceInText(text, hints, !hasPriceClass(el));
    if (!p || p.amount === null) continue;
    seen.add(el);
    if (isNotPrice(el)) return;
    idx.spots.push({ el, amount: p.amount, currency: p.currency, struck: isStruck(el), index });
    markUp(idx.withPrice, el);
    return;
  }
}

/** Elements whose class or id matches a pattern, in document order. */
export function byName(idx: PageIndex, re: RegExp, limit = 200): Element[] {
  const out: Element[] = [];
  for (let i = 0; i < idx.elements.length && out.length < limit; i++) if (re.test(idx.names[i])) out.push(idx.elements[i]);
  return out;
}

/** Elements of some tags, in document order per tag. */
export function byTags(idx: PageIndex, ...tags: string[]): Element[] {
  return tags.flatMap((t) => idx.byTag.get(t) ?? []);
}
