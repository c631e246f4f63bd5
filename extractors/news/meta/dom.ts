import { collapseSpace } from '../../text/normalize';

/** Content of the first <meta> whose name, property or itemprop is one of `keys` (case-insensitive), in key order. */
export function metaContent(doc: Document, keys: readonly string[]): string | null {
  const metas = Array.from(doc.querySelectorAll('meta'));
  for (const key of keys) {
    const k = key.toLowerCase();
    for (const m of metas) {
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
  return Array.from(doc.querySelectorAll('meta'))
    .filter((m) => (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase() === k)
    .map((m) => collapseSpace(m.getAttribute('content') ?? ''))
    .filter(Boolean);
}

export function textOf(el: Element | null | undefined): string {
  return el ? collapseSpace(el.textContent ?? '') : '';
}
