import { describe, it, expect } from 'vitest';
import { Readability } from '@mozilla/readability';
import { parseHtml } from '../../extractors/parse';
import { cheaperRestores } from '../../extractors/news/content/readability-restore';

/** Readability's answer, with the article as markup; `restores` counts the body's real re-parses. */
function read(html: string, cheaper: boolean): { article: unknown; restores: number } {
  const doc = parseHtml(html, 'https://news.example.com/a/1.html');
  let restores = 0;
  let holder = Object.getPrototypeOf(doc.body) as object;
  while (!Object.getOwnPropertyDescriptor(holder, 'innerHTML')) holder = Object.getPrototypeOf(holder) as object;
  const native = Object.getOwnPropertyDescriptor(holder, 'innerHTML')!;
  Object.defineProperty(holder, 'innerHTML', {
    configurable: true,
    get: native.get,
    set(this: Element, v: string) {
      if (this === doc.body) restores++;
      native.set!.call(this, v);
    },
  });
  try {
    const reader = new Readability<Node>(doc, { charThreshold: 500, serializer: (n: Node) => n, keepClasses: true });
    const undo = cheaper ? cheaperRestores(doc, reader) : () => {};
    const r = reader.parse();
    undo();
    expect(Object.prototype.hasOwnProperty.call(doc.body, 'innerHTML')).toBe(false);
    const article = r && { ...r, content: (r.content as unknown as Element).outerHTML };
    return { article, restores };
  } finally {
    Object.defineProperty(holder, 'innerHTML', native);
  }
}

const para = (t: string, n: number) => `<p>${t.repeat(n)}</p>`;
const PAGES: Record<string, string> = {
  // Under 500 characters: all four attempts fail, the longest wins.
  'short Chinese story': `<html lang="zh"><body><div class="nav"><a href="/">首页</a></div><div class="article"><h1>市政府宣布新建公园</h1>${para('市政府昨日宣布，将在今年内新建三座城市公园。', 3)}${para('公园将于明年开放。', 2)}</div><div class="footer">版权所有</div></body></html>`,
  // The story sits in a "sidebar": the first attempt strips it as unlikely, the second finds it.
  'story in an unlikely box': `<html><body><div class="sidebar comment">${para('The council approved the new tram line on Monday after a long debate. ', 12)}</div><div class="content">${para('Short.', 1)}</div></body></html>`,
  'body with a base element': `<html><body><base href="https://cdn.example.com/x/"><div class="article">${para('短文。', 20)}<a href="rel/1.html">链接</a></div></body></html>`,
  'long story, no retry': `<html><body><article>${para('A long paragraph of an ordinary article, with enough words in it. ', 20)}</article></body></html>`,
};

describe('cheaperRestores', () => {
  for (const [name, html] of Object.entries(PAGES)) {
    it(`gives Readability's own answer: ${name}`, () => {
      const plain = read(html, false);
      const cheap = read(html, true);
      expect(cheap.article).toEqual(plain.article);
      expect(cheap.restores).toBeLessThanOrEqual(Math.min(plain.restores, 1) + (name === 'body with a base element' ? 1 : 0));
    });
  }

  it('re-parses the body once where Readability re-parsed it four times', () => {
    const html = PAGES['short Chinese story']!;
    expect(read(html, false).restores).toBe(4);
    expect(read(html, true).restores).toBe(1);
  });
});
