/** Han, kana and hangul: the scripts written without spaces between words. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_GLOBAL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER_GLOBAL = /\p{L}/gu;

/** Share of letters that are CJK (0 when there are no letters). */
export function cjkRatio(text: string): number {
  const letters = text.match(LETTER_GLOBAL)?.length ?? 0;
  if (letters === 0) return 0;
  return (text.match(CJK_GLOBAL)?.length ?? 0) / letters;
}

/**
 * Text length in "word units": a CJK character carries about as much as a Latin word's
 * worth of letters, so CJK characters count 3 each. Keeps length thresholds language-neutral.
 */
export function textWeight(text: string): number {
  const cjk = text.match(CJK_GLOBAL)?.length ?? 0;
  return text.length + 2 * cjk;
}
