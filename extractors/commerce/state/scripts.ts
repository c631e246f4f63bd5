import { tagged } from '../util';

/**
 * JSON values embedded in a page's scripts: JSON script blocks (__NEXT_DATA__, application/json)
 * and object/array literals assigned or passed in inline scripts (`window.__INITIAL_STATE__ = {...}`,
 * `var g_page_config = {...}`, `JSON.parse('...')`), whatever their names.
 */
const MAX_SCRIPT = 3_000_000;

/** From an opening brace or bracket, the index just past its matching close (strings respected), or -1. */
export function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function tryJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** JS object literals that are JSON but for unquoted keys / single quotes / trailing commas. */
function tryLooseJs(s: string): unknown {
  if (s.length > 500_000) return undefined;
  const fixed = s
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_, body: string) => JSON.stringify(body.replace(/\\'/g, "'")))
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/\bundefined\b/g, 'null');
  return tryJson(fixed);
}

export function scriptJson(doc: Document): unknown[] {
  const out: unknown[] = [];
  for (const s of tagged(doc, 'script')) {
    const type = (s.getAttribute('type') ?? '').toLowerCase();
    if (type === 'application/ld+json') continue;
    const text = s.textContent ?? '';
    if (text.length < 2 || text.length > MAX_SCRIPT) continue;
    if (type.includes('json')) {
      const v = tryJson(text.trim());
      if (v !== undefined) out.push(v);
      continue;
    }
    if (text.length < 20 || (type && !/javascript|ecmascript|module|^text\/$/.test(type))) continue;
    out.push(...literalsIn(text));
  }
  return out;
}

/** Object/array literals after "=", ":" at top level, "(" (JSON.parse strings included). */
export function literalsIn(text: string): unknown[] {
  const out: unknown[] = [];
  const re = /(?:=|\(|:)\s*(['"]?)([{[])/g;
  let m: RegExpExecArray | null;
  let found = 0;
  let attempts = 0;
  while ((m = re.exec(text)) && found < 50) {
    const start = m.index + m[0].length - 1;
    if (++attempts > 200) break; // a huge script of non-JSON code: stop rescanning it
    if (m[1]) {
      // JSON.parse('{...}'): a string literal holding JSON.
      const endQuote = findStringEnd(text, start - 1);
      if (endQuote > start) {
        const raw = text.slice(start, endQuote);
        const str = m[1] === '"' ? tryJson(`"${raw}"`) : tryJson(`"${raw.replace(/\\'/g, "'").replace(/(^|[^\\])"/g, '$1\\"')}"`);
        const v = typeof str === 'string' ? tryJson(str) : undefined;
        if (v && typeof v === 'object') {
          out.push(v);
          found++;
        }
        re.lastIndex = endQuote;
      }
      continue;
    }
    const end = balancedEnd(text, start);
    if (end < 0) break;
    if (end - start < 30) continue;
    const literal = text.slice(start, end);
    const v = tryJson(literal) ?? tryLooseJs(literal);
    if (v !== undefined && typeof v === 'object' && v !== null) {
      out.push(v);
      found++;
      re.lastIndex = end;
    }
  }
  return out;
}

function findStringEnd(text: string, quoteIndex: number): number {
  const q = text[quoteIndex];
  for (let i = quoteIndex + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === q) return i;
  }
  return -1;
}
