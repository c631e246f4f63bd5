import { describe, it, expect } from 'vitest';
import { parseHtml } from '../../extractors/parse';

const URL_ = 'https://news.example.com/a/1.html';
const parse = (html: string, url = URL_) => parseHtml(html, url);

describe('parseHtml', () => {
  it('never runs page scripts, and keeps their text whole for the structured-data readers', () => {
    const ld = '{"@type":"Product","name":"a </div> b","offers":{"price":"1 < 2"}}';
    const doc = parse(`<body><p id="x">static</p><script>document.getElementById('x').textContent = 'ran'</script>
      <script type="application/ld+json">${ld}</script><style>p > a { color: red }</style></body>`);
    expect(doc.getElementById('x')!.textContent).toBe('static');
    expect(doc.querySelector('script[type="application/ld+json"]')!.textContent).toBe(ld);
    expect(doc.querySelector('style')!.textContent).toBe('p > a { color: red }');
  });

  it('reads <noscript> content as markup, as a browser with scripts off would', () => {
    const doc = parse('<body><noscript><img src="/big.jpg" alt="photo"></noscript></body>');
    expect(doc.querySelector('noscript img')?.getAttribute('src')).toBe('/big.jpg');
  });

  it('decodes character references in text and attributes', () => {
    const doc = parse('<body><span title="a&amp;b">&yen;1&#44;299&nbsp;元 &lt;新&gt;</span></body>');
    const span = doc.querySelector('span')!;
    expect(span.textContent).toBe('¥1,299\u00a0元 <新>');
    expect(span.getAttribute('title')).toBe('a&b');
  });

  it('closes implied end tags of paragraphs, list items and table cells', () => {
    const doc = parse('<body><p>one<p>two<ul><li>a<li>b</ul><table><tr><td>x<td>y</table></body>');
    expect(Array.from(doc.querySelectorAll('p'), (p) => p.textContent)).toEqual(['one', 'two']);
    expect(Array.from(doc.querySelectorAll('li'), (li) => li.textContent)).toEqual(['a', 'b']);
    expect(Array.from(doc.querySelectorAll('td'), (td) => td.textContent)).toEqual(['x', 'y']);
  });

  it('gives the document the page URL, and the base URL a <base href> sets', () => {
    const plain = parse('<p>x</p>', 'https://shop.example.cn/c/1?page=2');
    expect(plain.URL).toBe('https://shop.example.cn/c/1?page=2');
    expect(plain.baseURI).toBe('https://shop.example.cn/c/1?page=2');
    const based = parse('<head><base href="/static/"></head><p>x</p>', 'https://shop.example.cn/c/1');
    expect(based.URL).toBe('https://shop.example.cn/c/1');
    expect(based.baseURI).toBe('https://shop.example.cn/static/');
  });

  it('takes the first <base> that has an href, as browsers do', () => {
    const doc = parse('<head><base target="_blank"><base href="/first/"><base href="/second/"></head><p>x</p>', 'https://shop.example.cn/c/1');
    expect(doc.baseURI).toBe('https://shop.example.cn/first/');
  });

  it('ignores an unusable <base href> and rejects an unparsable page URL', () => {
    expect(parse('<base href="http://[bad"><p>x</p>').baseURI).toBe(URL_);
    expect(() => parseHtml('<p>x</p>', 'not a url')).toThrow();
  });

  it('parses pathologically deep nesting without overflowing the stack', () => {
    const depth = 20_000;
    const doc = parse(`<body>${'<div>'.repeat(depth)}<b>deep</b>${'</div>'.repeat(depth)}</body>`);
    expect(doc.querySelector('b')!.textContent).toBe('deep');
    expect(doc.body.textContent).toBe('deep');
  });
});
