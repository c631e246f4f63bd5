import { cjkRatio } from '../../text/script';
import { metaContent } from './dom';

/** A BCP 47 primary tag from "zh-CN", "en_US", "EN". */
function primary(tag: string | null | undefined): string | null {
  const m = /^\s*([a-z]{2,3})(?:[-_]|$)/i.exec(tag ?? '');
  return m ? m[1].toLowerCase() : null;
}

const EN_STOP = /\b(the|and|of|to|is|that|with|for|was|on)\b/gi;

/** From the text's script: Han → zh, kana → ja, hangul → ko; Latin text with English function words → en. */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 5000);
  if (cjkRatio(sample) > 0.3) {
    if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(sample)) return 'ja';
    if (/\p{Script=Hangul}/u.test(sample)) return 'ko';
    return 'zh';
  }
  const words = sample.match(/\p{L}+/gu)?.length ?? 0;
  const stops = sample.match(EN_STOP)?.length ?? 0;
  return words > 20 && stops / words > 0.08 ? 'en' : null;
}

/** The language the page declares: <html lang>, xml:lang, content-language / og:locale meta tags. */
export function declaredLanguage(doc: Document): string | null {
  return (
    primary(doc.documentElement?.getAttribute('lang')) ??
    primary(doc.documentElement?.getAttribute('xml:lang')) ??
    primary(metaContent(doc, ['content-language', 'language', 'og:locale', 'dc.language']))
  );
}

/**
 * Language: the page's declaration (<html lang>, content-language, og:locale) when the
 * text agrees with its script, else detection from the text (pages often keep a template's
 * lang="en" on Chinese articles).
 */
export function findLanguage(doc: Document, contentText: string): string | null {
  return languageOf(declaredLanguage(doc), contentText);
}

/** findLanguage with the declaration already read (see declaredLanguage). */
export function languageOf(declared: string | null, contentText: string): string | null {
  const detected = detectLanguage(contentText);
  const cjkTags = new Set(['zh', 'ja', 'ko']);
  if (declared && detected && cjkTags.has(detected) !== cjkTags.has(declared)) return detected;
  return declared ?? detected;
}
