import { describe, it, expect } from 'vitest';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHtml, liftRawText, restoreRawText } from '../../extractors/parse';

const URL_ = 'https://news.example.com/a/1.html';

/** Everything a DOM walk can see: node types, namespaces, names, attributes, data, text node boundaries. */
function shape(doc: Document): string {
  const out: string[] = [doc.compatMode, doc.URL, doc.doctype ? `${doc.doctype.name}|${doc.doctype.publicId}|${doc.doctype.systemId}` : '-'];
  const stack: Node[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeType === 1) {
      const el = n as Element;
      out.push(`<${el.namespaceURI}:${el.localName} ${Array.from(el.attributes, (a) => `${a.name}=${JSON.stringify(a.value)}`).join(' ')}>`);
      if (el.localName === 'template' && el.namespaceURI === 'http://www.w3.org/1999/xhtml') out.push(`#template ${shape((el as HTMLTemplateElement).content as unknown as Document)}`);
    } else out.push(`${n.nodeType}:${JSON.stringify(n.nodeValue)}`);
    out.push(`(${n.childNodes.length}`);
    for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return out.join('\n');
}

function reference(html: string): string {
  const dom = new JSDOM(html, { url: URL_, virtualConsole: new VirtualConsole() });
  try {
    return shape(dom.window.document);
  } finally {
    dom.window.close();
  }
}

const long = (s: string) => s.repeat(Math.ceil(400 / s.length));
const JS = long('var a = "x</div>" + 1 < 2; if (a) { b(); }\n');
const CSS = long('.a > .b { color: red } /* </styl> */\n');

/** Pages where reading <script>/<style> text off the page could go wrong; each must parse exactly as jsdom parses it. */
const CASES: Record<string, string> = {
  plain: `<!doctype html><html><head><style>${CSS}</style><script>${JS}</script></head><body><p>x</p><script type="application/ld+json">{"a":"${long('y')}"}</script></body></html>`,
  'upper-case and odd end tags': `<STYLE media="x">${CSS}</STYLE ><SCRIPT>${JS}</SCRIPT/><p>after</p><script>${JS}</scripts></script >`,
  'CR LF and NUL in text': `<script>${JS.replace(/\n/g, '\r\n')}\r${'\0'}end</script><style>\r\n${CSS}\r</style>`,
  'double-escaped script': `<script><!-- document.write("<script>x()</script>"); ${JS} --></script><p>after</p><style>${CSS}</style>`,
  'escaped script without nested script': `<script><!-- ${JS} --></script><style>${CSS}</style>`,
  'tags inside comments and attributes': `<!-- <style>${CSS}</style> --><div data-x="<script>${JS}</script>" title='<style>'>t</div><!--><style>${CSS}</style><!--->`,
  'SVG and MathML style/script': `<svg><style>${CSS.replace(/>/g, '&gt;')}</style><script>${JS.replace(/[<&]/g, ' ')}</script><title>t</title></svg><math><style>${CSS}</style></math><style>${CSS}</style>`,
  'self-closing svg': `<svg/><style>${CSS}</style><svg><path d="M0"/></svg><script>${JS}</script>`,
  'raw text elements': `<textarea><script>${JS}</script></textarea><title><style>${CSS}</style></title><iframe><script>${JS}</script></iframe><xmp><style>${CSS}</style></xmp><noembed><script>${JS}</script></noembed><noframes><style>${CSS}</style></noframes><style>${CSS}</style>`,
  template: `<template><script>${JS}</script><style>${CSS}</style></template><script>${JS}</script>`,
  'select and table': `<select><style>${CSS}</style><script>${JS}</script><option>o</select><table><style>${CSS}</style><tr><td><script>${JS}</script></td></tr></table>`,
  noscript: `<head><noscript><style>${CSS}</style></noscript></head><body><noscript><style>${CSS}</style><p>js off</p></noscript><script>${JS}</script></body>`,
  'quoted > in attributes': `<script data-x="a>b" src='c>d'>${JS}</script><style title=">">${CSS}</style><div a=b/>x</div>`,
  'unclosed script': `<style>${CSS}</style><p>x</p><script>${JS}`,
  plaintext: `<style>${CSS}</style><plaintext><script>${JS}</script>`,
  frameset: `<frameset><style>${CSS}</style><frame src="a"></frameset>`,
  'placeholder look-alike': `<script>\ue0000\ue001${JS}</script><style>${CSS}</style>`,
  'CDATA in SVG': `<svg><![CDATA[ <style>${CSS}</style> ]]></svg><style>${CSS}</style>`,
  'bogus comments and doctype': `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x>y"><? pi <style> ?><!x <script> ><style>${CSS}</style>`,
};

describe('parseHtml', () => {
  for (const [name, html] of Object.entries(CASES)) {
    it(`builds the same tree as jsdom: ${name}`, () => {
      expect(shape(parseHtml(html, URL_).doc)).toBe(reference(html));
    });
  }

  it('lifts long script and style texts and puts them back', () => {
    const html = CASES.plain!;
    const lifted = liftRawText(html)!;
    expect(lifted.texts).toHaveLength(3);
    expect(lifted.html.length).toBeLessThan(html.length - 3 * 256);
    const doc = new JSDOM('', { url: URL_ }).window.document;
    const parsed = new doc.defaultView!.DOMParser().parseFromString(lifted.html, 'text/html');
    expect(restoreRawText(parsed, lifted.texts)).toBe(true);
    expect(parsed.querySelector('style')!.textContent).toBe(CSS);
  });

  it('refuses to put texts back unless each placeholder is the whole text of one HTML script or style', () => {
    const window = new JSDOM('').window;
    const parsed = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');
    const P = '\ue0000\ue001';
    expect(restoreRawText(parsed(`<style>${P}</style>`), ['a'])).toBe(true);
    expect(restoreRawText(parsed(`<!--${P}--><p>x</p>`), ['a'])).toBe(false);
    expect(restoreRawText(parsed(`<div title="${P}"></div>`), ['a'])).toBe(false);
    expect(restoreRawText(parsed(`<svg><style>${P}</style></svg>`), ['a'])).toBe(false);
    expect(restoreRawText(parsed(`<style>${P}</style><script>${P}</script>`), ['a'])).toBe(false);
    expect(restoreRawText(parsed(`<style>x${P}</style>`), ['a'])).toBe(false);
  });

  it('keeps the page URL, and throws on an unparsable one', () => {
    expect(parseHtml('<p>x</p>', 'https://a.example/b?c=1').doc.URL).toBe('https://a.example/b?c=1');
    expect(() => parseHtml('<p>x</p>', 'not a url')).toThrow();
  });

  it('reads inline styles when asked, as they stand then', () => {
    const { doc } = parseHtml(`<div id="a" style="display:none; color: red">x</div><p id="b">y</p><svg><g id="c" style="visibility:hidden"/></svg>`, URL_);
    const a = doc.getElementById('a') as HTMLElement;
    const b = doc.getElementById('b') as HTMLElement;
    expect([a.style.display, a.style.color, b.style.display]).toEqual(['none', 'red', '']);
    expect((doc.getElementById('c') as unknown as HTMLElement).style.visibility).toBe('hidden');
    a.setAttribute('style', 'display: block');
    expect(a.style.display).toBe('block');
    b.style.display = 'none';
    expect(b.getAttribute('style')).toBe('display: none;');
    const made = doc.createElement('span');
    made.setAttribute('style', 'display:none');
    expect((made.cloneNode() as HTMLElement).style.display).toBe('none');
  });

  it('gives iframes no window and parses no style sheets', () => {
    const { doc } = parseHtml(`<iframe src="https://x.example/"></iframe><style>p { color: red }</style>`, URL_);
    expect((doc.querySelector('iframe') as HTMLIFrameElement).contentWindow).toBeNull();
    expect(doc.styleSheets.length).toBe(0);
  });
});
