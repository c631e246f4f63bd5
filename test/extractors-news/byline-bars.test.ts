import { describe, expect, it } from 'vitest';
import { authorFromByline, findAuthor } from '../../extractors/news/meta/author';
import { spacedText } from '../../extractors/news/meta/byline-text';
import { doc } from './dom';

/** An English blog post: header bar, text, footer. */
function post(bar: string, footer = '', head = ''): Document {
  return doc(
    `<html><head><title>Five ways to keep basil alive | Greenleaf Notes</title>${head}</head><body>
      <header><nav><a href="/">Home</a> <a href="/blog/">Blog</a></nav></header>
      <article><h1>Five ways to keep basil alive</h1>${bar}
        <p>Basil wants warmth, light and a pot that drains: give it those three and it keeps growing all summer long.</p>
      </article>
      <footer>${footer}</footer></body></html>`,
    'https://www.greenleaf.example/blog/basil',
  );
}

/** A Chinese portal article page: info bar, text, sidebar. */
function portal(info: string, body: string, side = ''): Document {
  return doc(
    `<html><head><title>城市公园建设提速 三座新公园年内开放_新闻中心_示例网</title></head><body>
      <h1>城市公园建设提速 三座新公园年内开放</h1>
      <div class="info">${info}</div>
      <div id="content">${body}</div>
      <div class="side">${side}</div>
    </body></html>`,
  );
}
const TEXT = '市政府昨日宣布，将在今年内新建三座城市公园，总面积超过一百二十公顷，预计年底前全部向市民开放。';

describe('English bylines in info bars', () => {
  it('reads a byline laid out as separate elements ("<span>By</span><span>Name</span><time>")', () => {
    const d = post('<div class="meta"><span>By</span><span>Dana Whitfield</span><span>Published March 9, 2026</span></div>');
    expect(findAuthor(d, null, null)).toBe('Dana Whitfield');
  });
  it('stops the name at the words of the bar that follow it', () => {
    expect(findAuthor(post('<p>By Dana Whitfield Updated January 8, 2026</p>'), null, null)).toBe('Dana Whitfield');
    expect(findAuthor(post('<p>Written by Dana Whitfield Senior Editor</p>'), null, null)).toBe('Dana Whitfield');
  });
  it('does not take "Powered by", "Design by" or a "by" inside a menu or a title for the byline', () => {
    const footer = '<p>© 2026 Greenleaf Notes | Website design by Brightside Studio</p><p>Powered by Hugo</p><p>Browse recipes by Season</p>';
    expect(findAuthor(post('', footer), null, null)).toBeNull();
    expect(findAuthor(post('<p>Recommended: The Herb Garden by Mara Quill</p>'), null, null)).toBeNull();
    // An element the page marks as the author's keeps any "by".
    expect(findAuthor(post('<div class="recipe-author">Recipe by Dana Whitfield</div>', footer), null, null)).toBe('Dana Whitfield');
  });
  it('reads a "by" after a date or a separator of the bar, not a photo credit before it', () => {
    expect(findAuthor(post('<p class="caption">Basil on a sill. Photo by Lee Grant</p><p>Mar 3, 2026 · by Dana Whitfield</p>'), null, null)).toBe('Dana Whitfield');
  });
  it('reads the writer of a link-preview label pair (twitter:label1 "Written by")', () => {
    const head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Dana Whitfield">';
    expect(findAuthor(post('', '', head), null, null)).toBe('Dana Whitfield');
  });
  it('reads a "Contributors:" label and a meta author listing many writers', () => {
    expect(findAuthor(post('<div class="tags"><strong>Contributors:</strong> Dana Whitfield</div>'), null, null)).toBe('Dana Whitfield');
    const many = 'Dana Whitfield, Lee Grant, Mara Quill, Tobias Renner, Ines Okafor, Priya Raman, Colm Byrne, Hana Sato';
    expect(findAuthor(post('', '', `<meta name="author" content="${many}">`), null, null)).toBe(many);
  });
  it('does not take a CMS default account or a one-word lowercase byline', () => {
    expect(findAuthor(post('<p>Posted by admin</p>'), null, null)).toBeNull();
    expect(authorFromByline('greenleafnotes')).toBeNull();
  });
});

describe('Chinese credits in the text', () => {
  it('reads a reporter whose name runs into the place and day of the dispatch', () => {
    const d = portal('2012-01-11 20:30', `<p>（示例社記者劉世怡台北11日電）${TEXT}</p>`);
    expect(findAuthor(d, null, null)).toBe('劉世怡');
    const t = portal('2012-01-17 17:59', `<p>【示例醒報記者陳昭妤台北報導】${TEXT}</p>`);
    expect(findAuthor(t, null, null)).toBe('陳昭妤');
  });
  it('reads "（張文祿報導）" and "…電台張翠報導" closing a paragraph', () => {
    expect(findAuthor(portal('2012/01/12 17:21', `<p>${TEXT}（張文祿報導）</p>`), null, null)).toBe('張文祿');
    expect(findAuthor(portal('2012-01-16', `<p>${TEXT}示例之聲國際廣播電台張翠報導。</p>`), null, null)).toBe('張翠');
  });
  it('reads a dateline in a text body laid out with <br> and linked words', () => {
    const links = Array.from({ length: 10 }, (_, i) => `<a href="/t/${i}">词${i}</a>`).join('<br><br>');
    const related = Array.from({ length: 9 }, (_, i) => `<p>相关新闻：第${i}条消息标题</p>`).join('');
    const d = portal('2011-12-15 14:57', `${related}<div>示例网北京12月15日电（记者 张帆）${TEXT}<br><br>${links}</div>`);
    expect(findAuthor(d, null, null)).toBe('张帆');
  });
  it('does not take the author line of a card teasing a book in the sidebar', () => {
    const side = '<div class="card"><h3><a href="/books/1.html">职场心理十讲</a></h3><div class="author">作者：韩瑜</div><p>本书讲述职场中常见的心理问题。</p></div>';
    expect(findAuthor(portal('2012-01-12 14:37', `<p>${TEXT}</p>`, side), null, null)).toBeNull();
  });
  it('does not take an option of a search form ("通讯员 全部") for a reporter', () => {
    const side = '<form><select><option>新闻</option><option>通讯员</option><option>全部</option></select></form>';
    expect(findAuthor(portal('2012-01-17 14:54', `<p>${TEXT}</p>`, `<div>${side}</div>`), null, null)).toBeNull();
  });
  it('reads an unlabelled reporter beside the date in the info bar, not the source or the editor', () => {
    expect(findAuthor(portal('2012-01-17 20:52 来源： 示例网 陈祎', `<p>${TEXT}</p>`), null, null)).toBe('陈祎');
    expect(findAuthor(portal('2012/1/17 蔡崇梧 報導', `<p>${TEXT}</p>`), null, null)).toBe('蔡崇梧');
    expect(findAuthor(portal('2012-01-17 14:54 编辑： 薛岚', `<p>${TEXT}</p>`), null, null)).toBeNull();
  });
  it("does not take Readability's bare Chinese byline (an editor or the site) without a role word", () => {
    expect(authorFromByline('贺燕')).toBeNull();
    expect(authorFromByline('作者：贺燕')).toBe('贺燕');
  });
});

describe('teaser cards', () => {
  it("still reads a short blog post's byline under its own linked title", () => {
    const d = doc(
      `<html><head><title>Frost dates</title></head><body><div class="post"><h2><a href="https://www.greenleaf.example/blog/frost">Frost dates</a></h2>
        <div class="meta">Posted by Dana Whitfield</div><p>Check the last frost date before you plant.</p></div></body></html>`,
      'https://www.greenleaf.example/blog/frost',
    );
    expect(findAuthor(d, null, null)).toBe('Dana Whitfield');
  });
});

describe('line breaks around a byline', () => {
  it('are no separators at its ends, however many (read in linear time: the old trim backtracked exponentially)', () => {
    const breaks = '<br> '.repeat(40);
    const el = doc(`<html><body><p id="b">${breaks}記者張翠／台北報導${breaks}x${breaks}</p></body></html>`).getElementById('b')!;
    expect(spacedText(el)).toBe('記者張翠／台北報導 · x');
  });
});
