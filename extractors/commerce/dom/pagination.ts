import { absUrl, tagged, textOf } from '../util';

const NEXT_TEXT = /^(?:next|next page|下一页|下页|后页|›|»|>|→|weiter|nächste|suivant|siguiente|próxima|successivo|volgende|следующая|次へ|다음)\s*[›»>→]?$/i;

const REL_NEXT = /(?:^|\s)next(?:\s|$)/i;

/** The next page of a listing: rel=next, else a pagination link labelled "next" / "下一页". */
export function nextPageUrl(doc: Document, base: string): string | null {
  // By tag name, not selectors: linkedom's selector engine compiles and scans per call.
  const anchors = tagged(doc, 'a').filter((a) => a.hasAttribute('href'));
  const rel = [...tagged(doc, 'link'), ...anchors].find((el) => el.hasAttribute('href') && REL_NEXT.test(el.getAttribute('rel') ?? ''));
  if (rel) return absUrl(rel.getAttribute('href'), base);
  for (const a of anchors) {
    const label = textOf(a) || a.getAttribute('aria-label') || a.getAttribute('title') || '';
    if (NEXT_TEXT.test(label.trim()) || (/\bnext\b/i.test(a.getAttribute('class') ?? '') && label.length < 20)) {
      const u = absUrl(a.getAttribute('href'), base);
      if (u && u !== base) return u;
    }
  }
  return null;
}
