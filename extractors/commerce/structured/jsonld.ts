import { tagged } from '../util';

/** A schema.org node as plain JSON: JSON-LD objects, and microdata/RDFa converted to the same shape. */
export type SchemaNode = Record<string, unknown>;

/** Lenient JSON.parse: JSON-LD blocks often carry trailing commas, comments or raw newlines in strings. */
function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // CDATA wrappers, HTML comments and leading/trailing JS comments around the JSON.
    const cleaned = text
      .replace(/^(?:\s|\/\*[\s\S]*?\*\/|<!--|<!\[CDATA\[|\/\/[^\n]*\n)+/, '')
      .replace(/(?:\s|\/\*[\s\S]*?\*\/|-->|\]\]>|;)+$/, '')
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1');
    try {
      return JSON.parse(cleaned);
    } catch {
      return null;
    }
  }
}

/** Every object node in the JSON-LD scripts of a page, @graph and nesting flattened, document order. */
export function jsonLdNodes(doc: Document): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const s of tagged(doc, 'script')) {
    if ((s.getAttribute('type') ?? '').trim().toLowerCase() !== 'application/ld+json') continue;
    const data = parseLoose(s.textContent ?? '');
    collect(data, out, 0);
  }
  return out;
}

function collect(v: unknown, out: SchemaNode[], depth: number): void {
  if (depth > 12 || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) collect(x, out, depth + 1);
    return;
  }
  const o = v as SchemaNode;
  if ('@type' in o) out.push(o);
  for (const [k, x] of Object.entries(o)) {
    if (k === '@graph' || (x && typeof x === 'object')) collect(x, out, depth + 1);
  }
}

/** The node's types without the schema.org prefix: "http://schema.org/Product" → "Product". */
export function typesOf(node: SchemaNode): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#:]/, ''));
}

export function isType(node: SchemaNode, ...names: string[]): boolean {
  // Case-insensitive: pages write "product" as often as "Product".
  const ts = typesOf(node).map((t) => t.toLowerCase());
  return names.some((n) => ts.includes(n.toLowerCase()));
}
