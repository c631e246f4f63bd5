import { describe, expect, it } from 'vitest';
import { extractNews } from '../../extractors/news/index';
import { splitSentences } from '../../extractors/news/summary/sentences';
import { doc, NOW } from './dom';

const PARAS = [
  '本报讯 市政府昨日宣布，将在今年内新建三座城市公园，总面积超过一百二十公顷，预计惠及周边四十万居民。',
  '据市园林局介绍，新公园将以湿地保护和生态修复为主题，保留原有的河道和林地，公园内还将增设步道和自行车道。',
  '市民王先生表示，家附近一直缺少可以散步的绿地，城市公园建成后，周末终于可以带孩子出门走走了。',
  '园林局负责人说，三座城市公园计划于明年五月前全部完工，届时将免费向市民开放。',
];
const ARTICLE = `<html lang="zh-CN"><head><title>市政府宣布新建三座城市公园_新闻中心_示例网</title>
<meta name="description" content="三座城市公园"></head><body>
<div class="nav"><a href="/">首页</a> <a href="/n">新闻</a> <a href="/c">财经</a></div>
<div class="article"><h1>市政府宣布新建三座城市公园</h1>
<div class="info">2012年01月17日 08:30 来源：示例日报 作者：王小明</div>
<div class="share">分享到：微博 微信</div>
${PARAS.map((p) => `<p>${p}</p>`).join('')}
<p>（责任编辑：李明）</p></div>
<div class="comment"><h3>网友评论</h3><p>说得好，支持！</p></div>
<div class="footer">版权所有 © 示例网</div></body></html>`;

describe('extractNews', () => {
  it('extracts a Chinese article: title, date, author, language, exact text, keywords, verbatim summary', () => {
    const n = extractNews(doc(ARTICLE), { url: 'https://news.example.com/a/1.html', kind: 'news', xhr: [], now: NOW })!;
    expect(n.title).toBe('市政府宣布新建三座城市公园');
    expect(n.publishedAt).toBe('2012-01-17T08:30:00+08:00');
    expect(n.author).toBe('王小明');
    expect(n.language).toBe('zh');
    expect(n.content).toBe(PARAS.join('\n\n'));
    expect(n.keywords).toContain('公园');
    const sentences = splitSentences(n.content);
    const picked = sentences.filter((s) => n.summary.includes(s));
    expect(picked.join('')).toBe(n.summary);
    expect(picked.length).toBe(3);
    expect(n.extra.description).toBe('三座城市公园');
  });

  it("returns null in auto mode for a page that is not an article, a facet with kind 'news'", () => {
    const menu = `<html><body><ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="/p${i}">Product ${i}</a></li>`).join('')}</ul></body></html>`;
    expect(extractNews(doc(menu), { url: 'https://shop.example.com/', kind: 'auto', xhr: [], now: NOW })).toBeNull();
    const forced = extractNews(doc(menu), { url: 'https://shop.example.com/', kind: 'news', xhr: [], now: NOW });
    expect(forced).not.toBeNull();
    expect(typeof forced!.content).toBe('string');
  });

  it('settles short pages in auto mode from the body weight and markup: a cart is no article, a short marked-up story is', () => {
    const cart = `<html><body><h1>购物车</h1><table><tr><td>商品A</td><td>¥99.00</td></tr></table><p>共 1 件商品，合计 ¥99.00</p><a href="/pay">去结算</a></body></html>`;
    expect(extractNews(doc(cart), { url: 'https://shop.example.com/cart', kind: 'auto', xhr: [], now: NOW })).toBeNull();
    // The same weight with og:type article is an article: markup outranks the weight test.
    const story = `<html><head><meta property="og:type" content="article"><title>简讯</title></head><body><article>${PARAS.slice(0, 3).map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;
    const n = extractNews(doc(story), { url: 'https://news.example.com/b.html', kind: 'auto', xhr: [], now: NOW });
    expect(n?.content).toContain(PARAS[0]);
  });

  it('recognises an article in auto mode', () => {
    expect(extractNews(doc(ARTICLE), { url: 'https://news.example.com/a/1.html', kind: 'auto', xhr: [], now: NOW })).not.toBeNull();
  });

  it('never throws on empty or garbage documents', () => {
    for (const html of ['', '<<<<', '<html></html>', '<script>while(true){}</script>', '<body>' + '<div>'.repeat(3000) + 'deep</body>']) {
      const n = extractNews(doc(html), { url: 'https://x.example/', kind: 'news', xhr: [], now: NOW });
      expect(n).not.toBeNull();
      expect(n!.keywords).toBeInstanceOf(Array);
    }
  });
});
