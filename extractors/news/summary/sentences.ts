/**
 * Splits text into sentences, verbatim (concatenating them, with the paragraph breaks,
 * gives the text back). Paragraphs always end a sentence. Chinese ends on 。！？；…
 * with any closing quotes/brackets kept; other scripts on . ! ? followed by space and a
 * capital, digit or opening quote, not after common abbreviations or initials.
 */
const CJK_END = /[。！？；!?;…]+[”’」』）)"'】]*/gu;
const ABBREV = /\b(mr|mrs|ms|dr|prof|sr|jr|st|vs|etc|inc|ltd|co|corp|gov|sen|rep|gen|col|lt|no|fig|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|u\.s|e\.g|i\.e|[a-z])\.$/i;

function splitLatin(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?]+["'”’)\]]*(?=\s+["“‘(\[]?[\p{Lu}\p{N}])/gu;
  for (const m of paragraph.matchAll(re)) {
    const end = m.index + m[0].length;
    const candidate = paragraph.slice(start, end);
    if (m[0].startsWith('.') && ABBREV.test(candidate.trimEnd().replace(/["'”’)\]]+$/, ''))) continue;
    out.push(candidate.trim());
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

function splitCjk(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of paragraph.matchAll(CJK_END)) {
    const end = m.index + m[0].length;
    const s = paragraph.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  // Latin sentences inside a CJK paragraph (quoted English) still split on their own stops.
  return out.flatMap((s) => (/[。！？；]/.test(s) ? [s] : splitLatin(s)));
}

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    const p = paragraph.trim();
    if (!p) continue;
    out.push(...(/[\p{Script=Han}]/u.test(p) ? splitCjk(p) : splitLatin(p)));
  }
  return out;
}
