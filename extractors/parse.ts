import { JSDOM, VirtualConsole } from 'jsdom';
import { installLazyInlineStyle } from './lazy-inline-style';

/** A parsed page; `close()` must be called when done with it. */
export interface ParsedDocument {
  doc: Document;
  close(): void;
}

const STYLE_RE = /<style\b[^>]*>[\s\S]*?<\/style>|\sstyle\s*=\s*("[^"]*"|'[^']*')/gi;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * One jsdom window per thread, only ever used as the factory of page documents: its
 * DOMParser gives each page a document without a window of its own (its URL is the
 * window's, set per page). Such a document is parsed exactly like `new JSDOM(html, {url})`
 * parses (scripting off, so <noscript> content is markup), but:
 * - no Window is created and closed per page, and jsdom gives every <iframe> of a windowed
 *   document a window of its own (and re-lists all frames on each insert and removal);
 * - <style> sheets are not parsed into CSSOM (nothing reads them);
 * - it is garbage collected like any object: no window to leak.
 */
let shell: JSDOM | null = null;

function parseDocument(html: string, url: string): Document {
  if (!shell) {
    installLazyInlineStyle();
    // Silent console: page scripts never run and CSS errors are the page's problem, not ours.
    shell = new JSDOM('', { virtualConsole: new VirtualConsole(), contentType: 'text/html' });
  }
  // Throws on an unparsable URL, as `new JSDOM(html, { url })` did.
  shell.reconfigure({ url: new URL(url).href });
  return new shell.window.DOMParser().parseFromString(html, 'text/html');
}

function build(html: string, url: string): ParsedDocument {
  const lifted = liftRawText(html);
  if (lifted) {
    const doc = parseDocument(lifted.html, url);
    if (restoreRawText(doc, lifted.texts)) return { doc, close: () => {} };
  }
  return { doc: parseDocument(html, url), close: () => {} };
}

/**
 * Parses HTML into a DOM without running scripts or loading resources.
 * jsdom's CSS parser throws on some real pages (inline `style=`); those are retried without
 * styles rather than lost (inline styles rarely matter to extraction).
 */
export function parseHtml(html: string, url: string): ParsedDocument {
  try {
    return build(html, url);
  } catch {
    return build(html.replace(STYLE_RE, ''), url);
  }
}

// ---------------------------------------------------------------------------------------------
// Raw text lifting. The HTML tokenizer reads the text of <script> and <style> one character at
// a time, like markup: on real pages (a quarter to a half of their bytes) that was ~40 % of
// parsing. Long texts are cut out of the HTML before parsing (a short placeholder stays) and
// put back into the parsed elements, which gives the same tree:
// - the HTML and the parser's input differ only inside the lifted texts;
// - a lifted text is only put back where its placeholder came out as the whole text of an HTML
//   <script>/<style> element, i.e. where the tokenizer was reading that element's raw text (an
//   ignored tag, SVG's <style>, a tag inside a comment or an attribute leave no such element);
// - the tokenizer's state there is the same with either input (all before it is the same), and
//   the raw text ends at the same place: the first `</style` / `</script` followed by
//   whitespace, `/` or `>` (ASCII case-insensitive). The scan stops before a script that could
//   enter the "double escaped" state (`<!--` … `<script`), where that rule does not hold;
// - the text is put back as the tokenizer would have read it (CR LF and CR as LF, NUL as U+FFFD).
// If any placeholder is not found so, the page is parsed again as it is.
// ---------------------------------------------------------------------------------------------

/** Scripts and styles shorter than this are left in place (not worth a DOM edit). */
const MIN_LIFT = 256;
const PLACEHOLDER_RE = /^\ue000(\d+)\ue001$/;
/** Elements whose content the tokenizer reads as text up to their own end tag. */
const TEXT_ELEMENTS = new Set(['textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

function isAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Where a tag whose name ends at `j` closes (just after its `>`), per the tokenizer's attribute states; null at EOF. */
function tagEnd(h: string, j: number): { end: number; selfClosing: boolean } | null {
  const BEFORE = 0, NAME = 1, AFTER_NAME = 2, BEFORE_VALUE = 3, DQ = 4, SQ = 5, UNQ = 6, AFTER_QUOTED = 7, SELF = 8;
  let state = BEFORE;
  for (let k = j; k < h.length; k++) {
    const c = h.charCodeAt(k);
    switch (state) {
      case BEFORE:
        if (isSpace(c)) break;
        if (c === 0x2f) state = SELF;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        else state = NAME;
        break;
      case NAME:
        if (isSpace(c)) state = AFTER_NAME;
        else if (c === 0x2f) state = SELF;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        else if (c === 0x3d) state = BEFORE_VALUE;
        break;
      case AFTER_NAME:
        if (isSpace(c)) break;
        if (c === 0x2f) state = SELF;
        else if (c === 0x3d) state = BEFORE_VALUE;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        else state = NAME;
        break;
      case BEFORE_VALUE:
        if (isSpace(c)) break;
        if (c === 0x22) state = DQ;
        else if (c === 0x27) state = SQ;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        else state = UNQ;
        break;
      case DQ:
        if (c === 0x22) state = AFTER_QUOTED;
        break;
      case SQ:
        if (c === 0x27) state = AFTER_QUOTED;
        break;
      case UNQ:
        if (isSpace(c)) state = BEFORE;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        break;
      case AFTER_QUOTED:
        if (isSpace(c)) state = BEFORE;
        else if (c === 0x2f) state = SELF;
        else if (c === 0x3e) return { end: k + 1, selfClosing: false };
        else {
          state = BEFORE;
          k--;
        }
        break;
      case SELF:
        if (c === 0x3e) return { end: k + 1, selfClosing: true };
        state = BEFORE;
        k--;
        break;
    }
  }
  return null;
}

/** Start of the first `</name` followed by whitespace, `/` or `>` (ASCII case-insensitive) at or after `from`; -1 if none. */
function endTagAt(h: string, name: string, from: number): number {
  for (let k = h.indexOf('</', from); k >= 0; k = h.indexOf('</', k + 2)) {
    let ok = true;
    for (let n = 0; n < name.length && ok; n++) ok = (h.charCodeAt(k + 2 + n) | 0x20) === name.charCodeAt(n);
    if (!ok) continue;
    const c = h.charCodeAt(k + 2 + name.length);
    if (isSpace(c) || c === 0x2f || c === 0x3e) return k;
  }
  return -1;
}

/** A script whose text could reach the double-escaped state (`<!--` … `<script`): its end is not the first `</script`. */
function mayDoubleEscape(text: string): boolean {
  const open = text.indexOf('<!--');
  return open >= 0 && /<script[\t\n\f\r />]/i.test(text.slice(open + 4));
}

/** ASCII lower case, as the tokenizer folds tag names. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * The HTML with long <script>/<style> texts replaced by placeholders (`\ue000<n>\ue001`), and
 * the n-th lifted text as the tokenizer would read it; null when nothing was lifted. The scan
 * follows the tokenizer coarsely (comments, tags and their quoted attributes, raw text
 * elements, SVG/MathML, templates); restoreRawText checks that it read the page right.
 */
export function liftRawText(h: string): { html: string; texts: string[] } | null {
  if (h.includes('\ue000')) return null; // placeholders must be unambiguous
  const texts: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  let foreign = 0;
  let template = 0;
  let i = h.indexOf('<');
  while (i >= 0 && i < h.length - 1) {
    const c = h.charCodeAt(i + 1);
    if (c === 0x21 /* ! */) {
      if (h.startsWith('<!--', i)) {
        if (h.charCodeAt(i + 4) === 0x3e) i += 5;
        else if (h.startsWith('->', i + 4)) i += 6;
        else {
          const a = h.indexOf('-->', i + 4);
          const b = h.indexOf('--!>', i + 4);
          if (a < 0 && b < 0) break;
          i = a >= 0 && (b < 0 || a < b) ? a + 3 : b + 4;
        }
      } else if (foreign > 0 && h.startsWith('<![CDATA[', i)) {
        const e = h.indexOf(']]>', i + 9);
        if (e < 0) break;
        i = e + 3;
      } else {
        const e = h.indexOf('>', i + 2);
        if (e < 0) break;
        i = e + 1;
      }
    } else if (c === 0x3f /* ? */ || (c === 0x2f /* / */ && !isAlpha(h.charCodeAt(i + 2)))) {
      const e = h.indexOf('>', i + 2);
      if (e < 0) break;
      i = e + 1;
    } else if (isAlpha(c) || c === 0x2f) {
      const closing = c === 0x2f;
      const start = closing ? i + 2 : i + 1;
      let j = start;
      while (j < h.length) {
        const d = h.charCodeAt(j);
        if (isSpace(d) || d === 0x2f || d === 0x3e) break;
        j++;
      }
      const name = asciiLower(h.slice(start, j));
      const tag = tagEnd(h, j);
      if (!tag) break;
      i = tag.end;
      if (closing) {
        if ((name === 'svg' || name === 'math') && foreign > 0) foreign--;
        else if (name === 'template' && template > 0 && foreign === 0) template--;
      } else if (name === 'svg' || name === 'math') {
        if (!tag.selfClosing) foreign++;
      } else if (foreign > 0) {
        // <script>, <style>, <title> of SVG/MathML are markup
      } else if (name === 'template') template++;
      else if (name === 'plaintext') break;
      else if (TEXT_ELEMENTS.has(name) || name === 'script' || name === 'style') {
        const e = endTagAt(h, name, i);
        if (e < 0) break;
        if (name === 'script' && mayDoubleEscape(h.slice(i, e))) break;
        // Inside a <template> the element would land in the template's own fragment: left alone.
        if ((name === 'script' || name === 'style') && template === 0 && e - i >= MIN_LIFT) {
          parts.push(h.slice(copied, i), `\ue000${texts.length}\ue001`);
          texts.push(h.slice(i, e).replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd'));
          copied = e;
        }
        i = e;
      }
    } else {
      i++;
    }
    i = h.indexOf('<', i);
  }
  if (texts.length === 0) return null;
  parts.push(h.slice(copied));
  return { html: parts.join(''), texts };
}

/** Puts lifted texts back; false (nothing changed) unless each placeholder is the whole text of one HTML <script>/<style>. */
export function restoreRawText(doc: Document, texts: string[]): boolean {
  const at: Array<Text | undefined> = new Array(texts.length);
  let found = 0;
  for (const name of ['script', 'style']) {
    const els = doc.getElementsByTagName(name);
    for (let k = 0, len = els.length; k < len; k++) {
      const el = els.item(k)!;
      const only = el.firstChild;
      if (!only || only !== el.lastChild || only.nodeType !== 3 || el.namespaceURI !== HTML_NS) continue;
      const m = PLACEHOLDER_RE.exec(only.nodeValue ?? '');
      if (!m) continue;
      const n = Number(m[1]);
      if (n >= texts.length || at[n]) return false;
      at[n] = only as Text;
      found++;
    }
  }
  if (found !== texts.length) return false;
  for (let n = 0; n < texts.length; n++) at[n]!.data = texts[n];
  return true;
}
