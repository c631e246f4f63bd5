/** Collapses runs of whitespace (incl. NBSP) to one space and trims; keeps the ideographic space readable as a space too. */
export function collapseSpace(s: string): string {
  return s.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

/** Joins paragraphs the way NewsFacet.content wants them. */
export function joinParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.filter((p) => p.length > 0).join('\n\n');
}

/** Splits NewsFacet.content back into paragraphs. */
export function splitParagraphs(content: string): string[] {
  return content.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
}
