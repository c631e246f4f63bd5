import { collapseSpace } from '../../text/normalize';

/** A line of text as a reader sees it: one paragraph, heading, list item or table row. */
export interface TextBlock {
  text: string;
  /** Characters of the block that sit inside links (for link density). */
  linkChars: number;
  /** Of those, the characters in links to a place on the same page ("#section"): a table of contents. */
  anchorChars?: number;
  /** Lower-case tag of the element that opened the block ("p", "h2", "li", "div"…). */
  tag: string;
  /** class + id of the nearest element with either, lower-case (for boilerplate hints). */
  hint: string;
  /** The line holds a form control (radio button, text field…): a poll, login or comment box. */
  control?: boolean;
}

/** Elements that start a new line when rendered. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr',
  'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul',
  'caption', 'menu', 'br',
]);

const CONTROL_TAGS = new Set(['input', 'select', 'textarea', 'button']);

/** Never text a reader sees. */
const SKIP_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'math', 'canvas', 'object', 'embed', 'video',
  'audio', 'select', 'option', 'button', 'textarea', 'input', 'head', 'title', 'meta', 'link',
]);

export interface BlockOptions {
  /** Drop elements hidden with the `hidden` attribute or inline display:none (default true). */
  skipHidden?: boolean;
  /** Links with more text than this, in several sentences, count as plain text for link density (default 200). */
  maxLinkText?: number;
}

/** An inline style that hides its element. */
export const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** Hidden by the `hidden` attribute, aria-hidden or an inline style. */
export function isHidden(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = el.getAttribute('style');
  return !!style && HIDDEN_STYLE.test(style);
}

/**
 * Flattens an element into text blocks in reading order. Inline elements join their
 * neighbours; block elements and <br> break lines; table cells of one row join with a space.
 * Iterative walk: deep real-world DOMs must not overflow the stack.
 */
export function toBlocks(root: Node, opts: BlockOptions = {}): TextBlock[] {
  const skipHidden = opts.skipHidden ?? true;
  const maxLinkText = opts.maxLinkText ?? 200;
  const countedLink = new Set<Element>();
  // Links to the page's own sections, decided once when the walk enters them.
  const anchorLink = new Set<Element>();
  const blocks: TextBlock[] = [];
  let buf: string[] = [];
  let linkChars = 0;
  let anchorChars = 0;
  let control = false;
  let tag = 'div';
  let hint = '';
  const flush = (): void => {
    const text = collapseSpace(buf.join(''));
    if (text) {
      blocks.push({ text, linkChars: Math.min(linkChars, text.length), tag, hint, ...(anchorChars ? { anchorChars: Math.min(anchorChars, text.length) } : {}), ...(control ? { control } : {}) });
    }
    buf = [];
    linkChars = 0;
    anchorChars = 0;
    control = false;
  };
  // Stack of [node, phase]: phase 0 = enter, 1 = leave.
  const stack: Array<[Node, number, number]> = [[root, 0, 0]];
  let inLink = 0;
  let inAnchor = 0;
  let inPre = 0;
  const hints: string[] = [];
  while (stack.length) {
    const [node, phase, depthLink] = stack.pop()!;
    if (node.nodeType === 3) {
      let t = node.nodeValue ?? '';
      if (inPre) t = t.replace(/\n/g, '\ue000');
      buf.push(t);
      if (inLink) linkChars += collapseSpace(t).length;
      if (inAnchor) anchorChars += collapseSpace(t).length;
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const el = node as Element;
    const name = node.nodeType === 1 ? el.localName : '#root';
    if (phase === 0) {
      if (CONTROL_TAGS.has(name)) control = true;
      if (SKIP_TAGS.has(name)) continue;
      if (node.nodeType === 1 && skipHidden && isHidden(el)) continue;
      const isBlock = BLOCK_TAGS.has(name);
      if (isBlock) {
        flush();
        tag = name;
      } else if (name === 'td' || name === 'th') buf.push(' ');
      else if (name === 'img') {
        continue;
      }
      if (name === 'br' || name === 'hr') continue;
      const h = node.nodeType === 1 ? `${el.getAttribute('class') ?? ''} ${el.id ?? ''}`.trim().toLowerCase() : '';
      hints.push(h || hints[hints.length - 1] || '');
      hint = hints[hints.length - 1];
      // A link wrapping a whole story (some sites make the body one <a>) is text, not navigation.
      if (name === 'a' && !isProseLink(el, maxLinkText)) {
        inLink++;
        if (isAnchorLink(el)) {
          inAnchor++;
          anchorLink.add(el);
        }
      } else if (name === 'a') countedLink.add(el);
      if (name === 'pre') inPre++;
      stack.push([node, 1, depthLink]);
      const kids = node.childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], 0, 0]);
    } else {
      if (name === 'a' && !countedLink.delete(el)) {
        inLink--;
        if (anchorLink.delete(el)) inAnchor--;
      }
      if (name === 'pre') inPre--;
      hints.pop();
      if (BLOCK_TAGS.has(name)) {
        flush();
        tag = 'div';
      }
      hint = hints[hints.length - 1] ?? '';
    }
  }
  flush();
  // Restore the line breaks kept inside <pre>.
  for (const b of blocks) if (b.text.includes('\ue000')) b.text = b.text.replace(/ ?\ue000 ?/g, '\n').trim();
  return blocks;
}

/** A link holding prose (long, several sentences), unlike headline lists whose items have no full stops. */
function isProseLink(a: Element, minChars: number): boolean {
  const text = a.textContent ?? '';
  if (text.length < minChars) return false;
  return (text.match(/[。！？]|[.!?](?=\s|$)/g)?.length ?? 0) >= 3;
}

/**
 * A link to a place on the same page ("#how-it-works"), as in a table of contents; also written
 * as the page's full URL with a fragment (Readability makes every link absolute, resolving a bare
 * fragment against a <base> when the page has one).
 */
function isAnchorLink(a: Element): boolean {
  const href = (a.getAttribute('href') ?? '').trim();
  const hash = href.indexOf('#');
  if (hash < 0) return false;
  if (hash === 0) return true;
  const page = a.ownerDocument?.URL;
  if (!page) return false;
  const base = a.ownerDocument.baseURI || page;
  try {
    const target = new URL(href.slice(0, hash), base).href;
    return target === page.replace(/#.*$/, '') || target === base.replace(/#.*$/, '');
  } catch {
    return false;
  }
}
