import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** A hand-written page: <title>, extra <head> tags, and a body. */
const page = (title: string, head: string, body: string, url: string): Document =>
  doc(`<html><head><title>${title}</title>${head}</head><body>${body}<p>正文内容。</p></body></html>`, url);

/** Title shapes of Chinese portals, blogs and forums, where headlines can be two or three characters long. */
describe('short headlines on Chinese portals, blogs and forums', () => {
  it('takes a forum post of two characters from its <h1>, without the category tag before it', () => {
    const body = '<h1 class="ts"><a href="forum.php?mod=forumdisplay&amp;fid=2&amp;typeid=5">[求购]</a> <span>求助</span></h1>';
    const p = page('求助 - 交易市场 - 骑行家园 - Powered by Discuz!', '', body, 'https://bbs.qixing.example/thread-123-1-1.html');
    expect(findTitle(p, null, null)).toBe('求助');
    const bare = page('换车 - 交易市场 - 骑行家园 - Powered by Discuz!', '', '<h1 class="ts"><span>换车</span></h1>', 'https://bbs.qixing.example/thread-124-1-1.html');
    expect(findTitle(bare, null, null)).toBe('换车');
  });

  it('takes a three-character headline that the <h1> shows over a longer portal name', () => {
    const p = page('开通了_手机晨光网', '', '<h1>开通了</h1>', 'https://m.chenguang.example/a/123_456');
    expect(findTitle(p, null, null)).toBe('开通了');
  });

  it("skips a channel page's logo <h1> that links to the portal's front page on the parent domain", () => {
    const body =
      '<h1 class="logo"><a href="http://www.chenguang.example/" title="晨光新闻网">晨光新闻网</a></h1>' +
      '<h1>洋化妆品关税下调逆市涨价 洋奶粉按兵不动</h1>';
    const p = page('晨光新闻网--晨光财经--洋化妆品关税下调逆市涨价 洋奶粉按兵不动', '', body, 'http://finance.chenguang.example/2012/0112/1.shtml');
    expect(findTitle(p, null, null)).toBe('洋化妆品关税下调逆市涨价 洋奶粉按兵不动');
  });

  it("drops parts shaped like a site's name even when the headline is shorter: a portal's name, a software credit, a forum's tag", () => {
    const portal = page('开通了_手机晨光网', '', '', 'https://m.chenguang.example/a/123_456');
    expect(findTitle(portal, null, null)).toBe('开通了');
    const forum = page('求助帖 - 骑行论坛 - Powered by Discuz!', '', '', 'https://bbs.qixing.example/thread-125-1-1.html');
    expect(findTitle(forum, null, null)).toBe('求助帖');
    const tagged = page('这个游戏值得买吗【单机游戏吧】_游戏贴吧', '', '', 'https://tieba.youxi.example/p/123');
    expect(findTitle(tagged, null, null)).toBe('这个游戏值得买吗');
  });
});
