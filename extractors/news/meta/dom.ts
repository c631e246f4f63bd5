import { collapseSpace } from '../../text/normalize';

const metasOf = new WeakMap<Document, Element[]>();

/**
 * The page's <meta> elements, listed once per document: a page's dozen lookups each walked the
 * whole tree. Everything that reads them runs before content extraction takes the page apart,
 * and that leaves <meta> elements alone anyway.
 */
function metas(doc: Document): Element[] {
  let list = metasOf.get(doc);
  if (!list) metasOf.set(doc, (list = Array.from(doc.querySelectorAll('meta'))));
  return list;
}

/** Content of the first <meta> whose name, property or itemprop is one of `keys` (case-insensitive), in key order. */
export function metaContent(doc: Document, keys: readonly string[]): string | null {
  const all = metas(doc);
  for (const key of keys) {
    const k = key.toLowerCase();
    for (const m of all) {
      const id = (m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop') ?? m.getAttribute('http-equiv') ?? '').toLowerCase();
      if (id === k) {
        const v = collapseSpace(m.getAttribute('content') ?? '');
        if (v) return v;
      }
    }
  }
  return null;
}

/** All non-empty contents of <meta> tags named `key`. */
export function metaContents(doc: Document, key: string): string[] {
  const k = key.toLowerCase();
  return metas(doc)
    .filter((m) => (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase() === k)
    .map((m) => collapseSpace(m.getAttribute('content') ?? ''))
    .filter(Boolean);
}

export function textOf(el: Element | null | undefined): string {
  return el ? collapseSpace(el.textContent ?? '') : '';
}

/** The page's headline <h1>: the first one the <title> holds (4+ characters), else the first. */
export function headlineH1(doc: Document): Element | null {
  const title = doc.title ?? '';
  const h1s = Array.from(doc.querySelectorAll('h1'));
  return h1s.find((h) => textOf(h).length >= 4 && title.includes(textOf(h))) ?? h1s[0] ?? null;
}
