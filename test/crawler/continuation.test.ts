import { describe, it, expect } from 'vitest';
import { parseHtml } from '../../extractors/parse';
import { findContinuation } from '../../extractors/news/continuation';

/** An article page with `after` right under its text (hand-written, not from any site). */
function article(after: string, opts: { head?: string; aside?: string } = {}): string {
  return `<!doctype html><html><head><title>市政府发布新规</title>${opts.head ?? ''}</head><body>
<header class="top"><a href="/">首页</a> <a href="/news/">新闻</a></header>
<div class="content"><h1>市政府发布新规</h1>
<div class="text"><p>${'新规明确了老旧小区改造的资金来源与实施步骤，居民可通过社区提出申请。'.repeat(4)}</p>
<p>${'改造内容包括加装电梯、更新管网和完善无障碍设施，预计惠及十万户家庭。'.repeat(4)}</p></div>
${after}</div>${opts.aside ?? ''}
<footer><a href="/about">关于</a></footer></body></html>`;
}

const find = (html: string, url: string) => findContinuation(parseHtml(html, url), url);

describe('findContinuation: the next part of a multi-page article', () => {
  it('follows `1 2 下一页` to 12345_2.shtml, and from part 2 to part 3', () => {
    const p1 = article('<div class="pages"><span>1</span> <a href="12345_2.shtml">2</a> <a href="12345_3.shtml">3</a> <a href="12345_2.shtml">下一页</a></div>');
    expect(find(p1, 'http://news.example.cn/2024/1120/12345.shtml')).toBe('http://news.example.cn/2024/1120/12345_2.shtml');
    const p2 = article('<div class="pages"><a href="12345.shtml">上一页</a> <a href="12345.shtml">1</a> <span>2</span> <a href="12345_3.shtml">3</a> <a href="12345_3.shtml">下一页</a></div>');
    expect(find(p2, 'http://news.example.cn/2024/1120/12345_2.shtml')).toBe('http://news.example.cn/2024/1120/12345_3.shtml');
    const last = article('<div class="pages"><a href="12345_2.shtml">上一页</a> <a href="12345.shtml">1</a> <a href="12345_2.shtml">2</a> <span>3</span></div>');
    expect(find(last, 'http://news.example.cn/2024/1120/12345_3.shtml')).toBeNull();
  });

  it('follows ?page=2, /story/2/ and Next page', () => {
    const q = article('<p class="pager">Page: <b>1</b> <a href="/article.php?id=88&amp;page=2">2</a> <a href="/article.php?id=88&amp;page=2">Next page</a></p>');
    expect(find(q, 'https://example.com/article.php?id=88')).toBe('https://example.com/article.php?id=88&page=2');
    const path = article('<nav class="page-links">Pages: <span>1</span> <a href="https://blog.example.org/2024/05/long-read/2/">2</a></nav>');
    expect(find(path, 'https://blog.example.org/2024/05/long-read/')).toBe('https://blog.example.org/2024/05/long-read/2/');
  });

  it('takes rel=next only when its URL continues the same article', () => {
    const own = article('', { head: '<link rel="next" href="/world/story-123?page=2">' });
    expect(find(own, 'https://example.com/world/story-123')).toBe('https://example.com/world/story-123?page=2');
    const other = article('', { head: '<link rel="next" href="/world/story-124">' });
    expect(find(other, 'https://example.com/world/story-123')).toBeNull();
  });

  it('does not take the next article, a listing link, a sidebar or a bare "Next" without page numbers', () => {
    const nextArticle = article('<div class="next">下一篇：<a href="12346.shtml">本市新增三处口袋公园</a></div>');
    expect(find(nextArticle, 'http://news.example.cn/2024/1120/12345.shtml')).toBeNull();
    // A different article whose id happens to follow, labelled as the next story.
    const nextStory = article('<p><a href="/news/story-2.html">Next story »</a></p>');
    expect(find(nextStory, 'https://example.com/news/story.html')).toBeNull();
    // A bare "Next" to story-2 with no page numbers beside it: as often the next story as the next page.
    const bare = article('<p><a href="/news/story-2.html">Next</a></p>');
    expect(find(bare, 'https://example.com/news/story.html')).toBeNull();
    // Pagination of a list in the sidebar is not the article's.
    const aside = article('', { aside: '<aside><ul><li><a href="12345_2.shtml">2</a></li><li><span>1</span></li></ul></aside>' });
    expect(find(aside, 'http://news.example.cn/2024/1120/12345.shtml')).toBeNull();
    // Dated names are not parts: 2024-05-12 → 2024-05-13 is the next day.
    const dated = article('<div class="pages"><span>12</span> <a href="2024-05-13.html">13</a> <a href="2024-05-13.html">下一页</a></div>');
    expect(find(dated, 'https://example.com/diary/2024-05-12.html')).toBeNull();
    // A listing's next page (a list of headlines with teasers above the pager), even where the list page was taken for an article.
    const items = Array.from({ length: 6 }, (_, i) => `<li><h3><a href="/news/${300 + i}.html">第${i + 1}条新闻标题：城市更新项目稳步推进</a></h3><p>摘要：项目进展顺利，预计年内完工，居民反响良好。</p></li>`).join('');
    const listing = `<html><head><link rel="next" href="/news/?page=2"></head><body><div class="list"><ul>${items}</ul><div class="pager"><a class="cur">1</a> <a href="/news/?page=2">2</a> <a href="/news/?page=2">下一页</a></div></div></body></html>`;
    expect(find(listing, 'https://example.com/news/')).toBeNull();
    // The pager of the comments under the article.
    const comments = article('<div id="comments"><p>网友评论</p><div class="comment-pages"><b>1</b> <a href="?page=2">2</a> <a href="?page=2">下一页</a></div></div>');
    expect(find(comments, 'http://news.example.cn/2024/1120/12345.shtml')).toBeNull();
    // Another host is never a part.
    const offsite = article('<div class="pages"><span>1</span> <a href="https://mirror.example.net/2024/1120/12345_2.shtml">下一页</a></div>');
    expect(find(offsite, 'http://news.example.cn/2024/1120/12345.shtml')).toBeNull();
  });
});
