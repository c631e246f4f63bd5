import type { SchemaNode } from './jsonld';

/**
 * Microdata (itemscope/itemtype/itemprop) and RDFa Lite (typeof/property) converted into
 * JSON-LD-shaped nodes, so one schema.org mapper reads all three. Top-level items only are
 * returned; nested items hang off their parent's property, as in JSON-LD.
 */
export function microdataNodes(elements: Iterable<Element>): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const el of elements) {
    if (el.hasAttribute('itemscope') && !el.hasAttribute('itemprop')) out.push(readItem(el, 'itemprop', 'itemtype', 0));
    else if (el.hasAttribute('typeof') && !el.hasAttribute('property')) out.push(readItem(el, 'property', 'typeof', 0));
  }
  return out;
}

function valueOf(el: Element, propAttr: string): string {
  const content = el.getAttribute('content');
  if (content !== null) return content;
  const tag = el.tagName.toLowerCase();
  if (tag === 'meta') return el.getAttribute('content') ?? '';
  if (tag === 'a' || tag === 'link' || tag === 'area') return el.getAttribute('href') ?? '';
  if (tag === 'img' || tag === 'source' || tag === 'video' || tag === 'audio' || tag === 'iframe') return el.getAttribute('src') ?? '';
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? '';
  if (tag === 'time') return el.getAttribute('datetime') ?? el.textContent ?? '';
  void propAttr;
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function readItem(root: Element, propAttr: string, typeAttr: string, depth: number): SchemaNode {
  const node: SchemaNode = { '@type': (root.getAttribute(typeAttr) ?? '').trim().split(/\s+/) };
  if (depth > 8) return node;
  const scopeAttr = propAttr === 'itemprop' ? 'itemscope' : 'typeof';
  // Walk descendants, stopping at nested items (they are read as values of their own property).
  const stack: Element[] = Array.from(root.children).reverse();
  while (stack.length) {
    const el = stack.pop()!;
    const props = el.getAttribute(propAttr);
    const nested = el.hasAttribute(scopeAttr);
    if (props) {
      const value = nested ? readItem(el, propAttr, typeAttr, depth + 1) : valueOf(el, propAttr);
      for (const raw of props.trim().split(/\s+/)) {
        const p = raw.replace(/^.*[/#:]/, '');
        const prev = node[p];
        node[p] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
    if (!nested) for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
  }
  return node;
}

/** Every node of a tree of nodes (items nested in properties included), parents first. */
export function flattenNodes(nodes: SchemaNode[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 10 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    out.push(v as SchemaNode);
    for (const x of Object.values(v)) if (x && typeof x === 'object') visit(x, depth + 1);
  };
  nodes.forEach((n) => visit(n, 0));
  return out;
}
