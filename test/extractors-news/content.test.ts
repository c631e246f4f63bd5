import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { trimBoilerplate, dropInfoLines, isFurniture } from '../../extractors/news/content/boilerplate';
import { densityBlocks } from '../../extractors/news/content/density';
import { toBlocks } from '../../extractors/news/content/blocks';
import { doc } from './dom';

const EN_PARAS = [
  'The city council voted on Tuesday to expand the riverside tram line by four stations, ending a debate that had run for almost two years.',
  'Supporters said the extension would cut commuting times for thousands of residents in the fast-growing eastern districts of the city.',
  'Opponents argued that the money should have gone to buses, which they say serve more people at a lower cost per passenger.',
  'Construction is expected to begin next spring and to finish before the end of 2028, according to the transport department.',
];

const ZH_PARAS = [
  '本报讯 市政府昨日宣布，将在今年内新建三座城市公园，总面积超过一百二十公顷，预计惠及周边四十万居民。',
  '据市园林局介绍，新公园将以湿地保护和生态修复为主题，保留原有的河道和林地，并增设步道和自行车道。',
  '市民王先生表示，家附近一直缺少可以散步的绿地，新公园建成后，周末终于可以带孩子出门走走了。',
  '园林局负责人说，三座公园计划于明年五月前全部完工，届时将免费向市民开放。',
];

function page(title: string, paras: string[], lang: string): string {
  return `<!doctype html><html lang="${lang}"><head><title>${title} | Example News</title></head><body>
  <nav class="menu"><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a> <a href="/tech">Tech</a></nav>
  <div class="share-bar"><a href="#">Share</a> <a href="#">Tweet</a> <a href="#">Email</a></div>
  <article><h1>${title}</h1>
  ${paras.slice(0, 2).map((p) => `<p>${p}</p>`).join('\n')}
  <div class="ad">Advertisement</div>
  <figure><img src="x.jpg"><figcaption>A tram at the depot. Photo: Example</figcaption></figure>
  ${paras.slice(2).map((p) => `<p>${p}</p>`).join('\n')}
  <p>点击查看更多精彩内容</p>
  <p>（责任编辑：李明）</p>
  </article>
  <section class="comments"><h3>Comments</h3><p>Great news!!! I love trams, first comment here.</p></section>
  <aside class="related"><h3>Related articles</h3><ul><li><a href="/b">Bus fares to rise next year as fuel costs climb</a></li><li><a href="/c">New bridge opens to traffic after delays</a></li></ul></aside>
  <footer>Copyright © 2026 Example News. All rights reserved.</footer>
  </body></html>`;
}

describe('extractContent', () => {
  it('returns exactly the English article paragraphs, without menu, share bar, ad, caption, comments or footer', () => {
    const r = extractContent(doc(page('Council backs tram extension', EN_PARAS, 'en')), null, { title: 'Council backs tram extension' });
    expect(r.paragraphs).toEqual(EN_PARAS);
    expect(r.method).toBe('readability');
  });

  it('returns exactly the Chinese article paragraphs, without 点击查看, 责任编辑 or related lines', () => {
    const r = extractContent(doc(page('市政府宣布新建三座城市公园', ZH_PARAS, 'zh-CN')), null, { title: '市政府宣布新建三座城市公园' });
    expect(r.paragraphs).toEqual(ZH_PARAS);
  });

  it('falls back to JSON-LD articleBody when the markup has no article text', () => {
    const body = EN_PARAS.join('\n');
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'x', articleBody: body })}</script></head><body><div id="app"></div></body></html>`;
    const r = extractContent(doc(html), body);
    expect(r.method).toBe('jsonld');
    expect(r.paragraphs).toEqual(EN_PARAS);
  });

  it('decodes entity-escaped HTML inside articleBody', () => {
    const escaped = EN_PARAS.map((p) => `&lt;p&gt;${p}&lt;/p&gt;`).join('');
    const r = extractContent(doc('<html><body><div></div></body></html>'), escaped);
    expect(r.paragraphs).toEqual(EN_PARAS);
  });

  it('never throws on empty or garbage input', () => {
    for (const html of ['', '<<<>>>', '<html><body></body></html>', '\u0000\u0001 binary', '<div><p>short</p>']) {
      const r = extractContent(doc(html), null);
      expect(Array.isArray(r.paragraphs)).toBe(true);
    }
  });
});

describe('densityBlocks', () => {
  it('finds the body of a table-layout page between link lists', () => {
    const links = Array.from({ length: 8 }, (_, i) => `<a href="/n${i}">Other headline number ${i}</a><br>`).join('');
    const html = `<html><body><table><tr><td>${links}</td></tr><tr><td>${ZH_PARAS.join('<br><br>')}</td></tr><tr><td>${links}</td></tr></table></body></html>`;
    expect(densityBlocks(doc(html)).map((b) => b.text)).toEqual(ZH_PARAS);
  });
});

describe('trimBoilerplate', () => {
  const blocks = (lines: string[]) => lines.map((text) => ({ text, linkChars: 0, tag: 'p', hint: '' }));
  it('drops furniture anywhere and cuts a trailing related/comments section', () => {
    const out = trimBoilerplate(blocks([EN_PARAS[0], 'Share this article', EN_PARAS[1], EN_PARAS[2], 'Related stories', 'Something else entirely']));
    expect(out.map((b) => b.text)).toEqual(EN_PARAS.slice(0, 3));
  });
  it('keeps a sentence that merely mentions sharing', () => {
    const s = 'Investors will share the profits equally, the company said in a statement on Monday.';
    expect(trimBoilerplate(blocks([s])).map((b) => b.text)).toEqual([s]);
  });
  it('drops a breadcrumb line and keeps a line of markup full of ">" (read in linear time: the old rule took minutes on it)', () => {
    for (const crumb of ['Home > News > World', '首页 » 新闻 » 国际 » 正文', 'Docs  >  Web  >  HTML  >  table']) expect(isFurniture(crumb), crumb).toBe(true);
    const markup = Array.from({ length: 40 }, (_, i) => `<td> cell ${i} </td>`).join(' ') + ' and so on.';
    expect(isFurniture(markup)).toBe(false);
    expect(trimBoilerplate(blocks([EN_PARAS[0], markup])).map((b) => b.text)).toEqual([EN_PARAS[0], markup]);
  });
});

describe('toBlocks', () => {
  it('breaks lines at blocks and <br>, joins inline text, skips scripts', () => {
    const d = doc('<div><p>One <b>bold</b> line<br>second</p><script>var x = 1</script><ul><li>a</li><li>b</li></ul></div>');
    expect(toBlocks(d.body).map((b) => b.text)).toEqual(['One bold line', 'second', 'a', 'b']);
  });
});

describe('line heuristics', () => {
  it('drops an info line at the top but keeps a sentence that contains a date', () => {
    const lines = ['2012-01-17 08:30 来源：新华网 作者：张三', 'On 2012-01-17 the council met and voted to approve the plan after a long debate.'];
    const out = dropInfoLines(lines.map((text) => ({ text, linkChars: 0, tag: 'p', hint: '' })));
    expect(out.map((b) => b.text)).toEqual([lines[1]]);
  });

  it('drops caption and credit lines outside <figcaption>', () => {
    for (const line of ['Protesters gathered outside the court (Image: GETTY )', 'Image 1 of 5', 'Natalie Naccache | Bloomberg | Getty Images', 'The hunter ate a rabbitCredit: EPA']) {
      expect(isFurniture(line)).toBe(true);
    }
    expect(isFurniture('The image of the city has changed, the mayor said in a statement.')).toBe(false);
  });

  it('keeps a story that a site wrapped in one big link, drops a list of headline links', () => {
    const story = EN_PARAS.join(' ');
    const links = Array.from({ length: 6 }, (_, i) => `<li><a href="/s${i}">Another headline about the city council number ${i}</a></li>`).join('');
    const html = `<html><body><div class="story"><a href="/full">${story}</a></div><ul>${links}</ul></body></html>`;
    const r = extractContent(doc(html), null);
    expect(r.paragraphs).toEqual([story]);
  });

  it('cuts everything after an editor credit line once the story has started', () => {
    const blocks = [...ZH_PARAS.slice(0, 2), '（責任編輯 余淩雲）', '新華網誠邀廣大網友投稿，您可以用相機記錄下身邊的感人故事。'].map((text) => ({ text, linkChars: 0, tag: 'p', hint: '' }));
    expect(trimBoilerplate(blocks).map((b) => b.text)).toEqual(ZH_PARAS.slice(0, 2));
  });
});

describe('placeholder and footer lines inside the story', () => {
  it('drops ad-slot labels and widespread plugin strings between paragraphs, keeps prose that uses the same words', () => {
    const prose = 'The story continues after the war ended in 1945, when the family moved the tram works to the coast.';
    const html = `<html><body><article><h1>Tram line to grow</h1>
      <p>${EN_PARAS[0]}</p><p>Advertisement - Continue Reading Below</p>
      <p>${EN_PARAS[1]}</p><div class="slot">Story continues below advertisement</div>
      <p>${EN_PARAS[2]}</p><p>${prose}</p>
      <p>${EN_PARAS[3]}</p><p>(Visited 1,902 times, 364 visits today)</p>
      <div class="gfield_description">This field is for validation purposes and should be left unchanged.</div>
    </article></body></html>`;
    expect(extractContent(doc(html), null).paragraphs).toEqual([...EN_PARAS.slice(0, 3), prose, EN_PARAS[3]]);
  });

  it('drops a portal footer line that ends with the editor credit, keeps a sentence naming an editor', () => {
    const mention = '该报责任编辑李华表示，园林局将在每座公园设立意见箱，听取市民的建议。';
    const html = `<html lang="zh-CN"><body><h1>本市将新建三座城市公园</h1><div id="endText">
      ${[...ZH_PARAS, mention].map((p) => `<p>${p}</p>`).join('')}
      <div class="ep-source"><span>本文来源：北京日报 </span><span class="ep-editor">作者：赵敏　责任编辑：王晓_NN1234</span></div>
    </div></body></html>`;
    expect(extractContent(doc(html), null).paragraphs).toEqual([...ZH_PARAS, mention]);
  });
});
