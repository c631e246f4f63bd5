/**
 * Outgoing in-site links of an HTML document: every `<a href>` resolved against the page URL,
 * same origin only, fragment dropped, first occurrence order, no duplicates.
 * Only for our own generated markup (double-quoted attributes), not a general HTML parser.
 */
export function extractLinks(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/gi)) {
    const raw = m[1]!.replace(/&amp;/g, '&');
    if (/^(javascript|mailto|tel):/i.test(raw)) continue;
    let u: URL;
    try { u = new URL(raw, pageUrl); } catch { continue; }
    if (u.origin !== origin) continue;
    u.hash = '';
    out.add(u.href);
  }
  return [...out];
}
