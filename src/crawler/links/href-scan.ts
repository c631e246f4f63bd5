const A_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/**
 * `<a href>` values of an HTML string without building a DOM: the HTTP mode's fallback when
 * extraction (which returns the links from its own parse) failed on a page. Comments and
 * scripts are dropped first so their markup-like text is not taken for links.
 */
export function hrefsOf(html: string): string[] {
  const text = html.replace(/<!--[\s\S]*?-->|<script\b[\s\S]*?<\/script\s*>/gi, '');
  const out: string[] = [];
  for (const m of text.matchAll(A_HREF)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? '';
    out.push(raw.replace(/&(amp|quot|apos|lt|gt|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, dec?: string, hex?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ENTITIES[name.toLowerCase()]!,
    ).trim());
  }
  return out;
}
