import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { lineCredit } from '../../extractors/news/meta/byline-text';
import { parseDateText } from '../../extractors/news/meta/date-text';
import { doc, NOW } from './dom';

/**
 * Portal, column and forum pages whose lists of other stories, republishing notes, outlet
 * names and post tools sit where the writer and the time are read.
 */
const P = '<p>今年以来，城区已有二十多个老旧小区启动加装电梯工程，居民自筹与财政补贴相结合，施工期间楼道照常通行，预计年底前全部投入使用。</p>';
const authorOf = (html: string, url = 'https://news.example.com/a/1.html') => findAuthor(doc(html, url), null, null);
const timeOf = (html: string, url = 'https://news.example.com/a/1.html') => findPublishedAt(doc(html, url), null, NOW, { url });

describe('writers of other stories in a list', () => {
  it("does not take the writer of a listed story ('<li><a>headline</a><span class=author>…')", () => {
    const html = `<html><head><meta charset="utf-8"><title>老楼加装电梯提速_新闻中心_示例网</title></head><body>
      <h1>老楼加装电梯提速</h1><div class="date-source">2019年07月18日 10:21 来源：示例日报</div>
      <div class="article"><p>示例日报讯（记者 郭小萌）7月17日，${P.slice(3)}${P}</div>
      <ul class="related"><li><a href="https://news.example.com/a/2.html">城市更新，不止是装一部电梯</a><span class="author">潘一夫</span></li></ul>
      </body></html>`;
    expect(authorOf(html)).toBe('郭小萌');
  });

  it("does not take a user or a title word from a forum's list of hot threads", () => {
    const html = `<html><head><meta charset="utf-8"><title>在北京工作八年，终于决定回老家了 - 职场生活 - 示例社区</title></head><body>
      <div class="b-head">在北京工作八年，终于决定回老家了</div>
      <div class="post"><span class="poster"><a href="/nForum/#!user/query/LittleFish">LittleFish</a></span>
        <span class="a-pos">楼主</span> <span>发表于 2019-06-16 21:03</span>${P}${P}</div>
      <ul class="hot-list"><li><a href="/nForum/#!article/WorkLife/1987512">华为 offer 和 国企 offer 怎么选</a> <span class="hot-author">beidaxiaoyou</span> <span class="hot-time">2019-06-15</span></li>
        <li><a href="/nForum/#!article/WorkLife/1987601">35 岁以后的出路在哪里</a> <span class="hot-author">jiangnan</span> <span class="hot-time">2019-06-16</span></li></ul>
      </body></html>`;
    expect(authorOf(html, 'https://bbs.example.com/nForum/article/WorkLife/1987654')).toBe('LittleFish');
  });
});

describe('outlets and republishing notes beside the writer', () => {
  it("leaves out the outlet heading its reporters ('文｜示例 周晓雯 实习记者 林嘉' on 示例网)", () => {
    const html = `<html><head><meta charset="utf-8"><title>地摊经济能走多远_政经频道_示例网</title></head><body>
      <h1>地摊经济能走多远</h1><div class="artInfo">文｜示例 周晓雯 实习记者 林嘉<br>2020年06月12日 19:32</div>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('周晓雯、林嘉');
    expect(lineCredit('记者 周晓雯 实习记者 林嘉')).toEqual(['周晓雯', '林嘉']);
  });

  it("reads the reporter after an outlet's name ('（文/观察者网 陈思佳）')", () => {
    expect(lineCredit('（文/观察者网 陈思佳）当地时间4月20日，纽约商品交易所')).toEqual(['陈思佳']);
  });

  it("takes the writer a republished piece credits, not the account shown as its author ('本文来自微信公众号：X，作者：Y，编辑：Z')", () => {
    const html = `<html><head><meta charset="utf-8"><title>便利店的下一个十年-示例网</title></head><body>
      <h1>便利店的下一个十年</h1><div class="author-info"><span class="author-name"><a href="https://www.example.com/member/2081234.html">新零售商业评论</a></span><span class="time">2019-08-07 19:14</span></div>
      <p class="remarks">本文来自微信公众号：新零售商业评论（ID：xinlingshou2017），作者：叶雨晨，编辑：杨睿，题图来自：视觉中国</p>${P}${P}</body></html>`;
    expect(authorOf(html, 'https://www.example.com/article/31.html')).toBe('叶雨晨');
  });
});

describe('signatures, channels and blog titles', () => {
  it("reads a reporter's signature set as a paragraph of its own under the text ('<p>（季泓岩）</p>')", () => {
    const html = `<html><head><meta charset="utf-8"><title>替补奇兵梅开二度 主队2-0取胜_体育_示例网</title></head><body>
      <h1>替补奇兵梅开二度 主队2-0取胜</h1><div class="info">2013年04月22日06:50 示例体育</div>
      <div id="artibody">${P}${P}<p>（季泓岩）</p><p class="show_author">责任编辑：李四</p></div></body></html>`;
    expect(authorOf(html)).toBe('季泓岩');
  });

  it("reads the reporter after a channel's name ('文 | 示例科技 贾书凝')", () => {
    expect(lineCredit('文 | 示例科技 贾书凝')).toEqual(['贾书凝']);
  });

  it("takes the blogger a '<title>' names before a Latin platform word ('entry_Name_示例BLOG')", () => {
    const html = `<html><head><meta charset="utf-8"><title>秋天的第一场雨_柳暮雪_示例BLOG</title></head><body>
      <div class="blogtitle"><a href="https://blog.example.com/u/1">暮雪轩</a></div>
      <h2 class="titName">秋天的第一场雨</h2><span class="time">(2007-08-19 21:34:12)</span>${P}${P}</body></html>`;
    expect(authorOf(html, 'https://blog.example.com/s/blog_4a1b2c.html')).toBe('柳暮雪');
  });
});

describe('forum posts and their tools', () => {
  it("takes the starter after the floor label ('[楼主] Name 发表于 …') below a '只看楼主' tool", () => {
    const html = `<html><head><meta charset="utf-8"><title>老城南鸭血粉丝汤测评_美食版_示例社区</title></head><body>
      <div class="tools"><a href="?only=1">只看楼主</a> <a href="/share">转发到我的讨论版</a></div>
      <div class="u_name"><a href="https://bbs.example.com/u87654321/">秦淮小吃货</a></div>
      <div class="doc_info"><span class="lz">[楼主]</span> <a href="https://bbs.example.com/u87654321/">秦淮小吃货</a> 发表于 2010-11-03 20:15:32</div>
      <div class="doc_content">${P}${P}</div></body></html>`;
    expect(authorOf(html, 'https://bbs.example.com/d123456789.htm')).toBe('秦淮小吃货');
  });

  it("takes the user in the poster's cell, not one rating the post below it", () => {
    const html = `<html><head><meta charset="utf-8"><title>小米4c 稳定版ROM分享 - 刷机交流 - 示例论坛</title></head><body>
      <h1>小米4c 稳定版ROM分享</h1>
      <table id="pid4123"><tr><td class="pls"><div class="authi"><a href="space-uid-6612345.html" class="xw1">刷机狂人阿飞</a></div><dl><dt>注册时间</dt><dd>2012-5-20</dd></dl></td>
        <td class="plc"><div class="pi"><strong><a href="thread-8123456-1-1.html">楼主</a></strong><em>发表于 2016-3-8 19:02</em></div>
          <div class="pct">${P}${P}</div>
          <dl class="rate"><table><tr><td><a href="space-uid-100045.html">版主小米酱</a></td><td>+20</td><td>优秀ROM，感谢分享！</td></tr></table></dl></td></tr></table>
      </body></html>`;
    expect(authorOf(html, 'https://bbs.example.com/thread-8123456-1-1.html')).toBe('刷机狂人阿飞');
  });

  it("reads no credit in a post's tool bar ('只看该作者 | 倒序浏览')", () => {
    expect(lineCredit('电梯直达 楼主 发表于 2019-6-3 21:47 | 只看该作者 | 倒序浏')).toBeNull();
  });
});

describe('publish times beside lists, relative times and revision lines', () => {
  it('takes the date set above the headline, not a listed story\'s date under the text', () => {
    const html = `<html><head><meta charset="utf-8"><title>今年将新增一批高技能人才培训基地-示例网</title></head><body>
      <div class="header-time"><span class="year"><em>2022</em></span> <span class="day"><em>05</em>/<em>06</em></span> <span class="time">10:21:35</span></div>
      <div class="source">来源：示例网</div><h1>今年将新增一批高技能人才培训基地</h1>
      <div id="detail"><p>示例社北京5月6日电（记者高敏）教育部6日召开新闻发布会，${P.slice(3)}${P}</div>
      <ul class="list"><li><a href="https://news.example.com/2022-05/01/c_11.htm">新修订的职业教育法今起施行</a><span class="time">2022-05-01</span></li></ul>
      </body></html>`;
    expect(timeOf(html, 'https://news.example.com/politics/2022-05/06/c_1128626789.htm')).toBe('2022-05-06T10:21:35+08:00');
  });

  it("takes a thread header's start date when the date itself is the link, not a member's join date", () => {
    const html = `<html><head><meta charset="utf-8"><title>Which hand plane should a beginner buy first? | Example Woodworkers</title></head><body>
      <h1 class="p-title-value">Which hand plane should a beginner buy first?</h1>
      <ul class="listInline"><li><i title="Thread starter"></i> <a href="/members/oakleaf.529/" class="username">oakleaf</a></li>
        <li><i title="Start date"></i> <a href="/threads/which-hand-plane.1146081/"><time class="u-dt">Mar 27, 2025</time></a></li></ul>
      <article class="message"><div class="message-userExtras"><dl><dt>Joined</dt><dd>Oct 25, 2017</dd></dl></div>
        <div class="bbWrapper">I have been working with power tools for a few years and would like to learn to flatten and joint boards by hand. A block plane seems too small for that, and a jointer plane too long to start with. Which size would you pick first, and is a vintage one worth restoring before buying new?</div></article>
      </body></html>`;
    expect(timeOf(html, 'https://forum.example.com/threads/which-hand-plane.1146081/')?.slice(0, 10)).toBe('2025-03-27');
    const recent = html.replace('<time class="u-dt">Mar 27, 2025</time>', '<time class="u-dt" datetime="2025-03-27T04:25:38+0500">Yesterday at 4:25 AM</time>');
    expect(timeOf(recent, 'https://forum.example.com/threads/which-hand-plane.1146081/')).toBe('2025-03-27T04:25:38+05:00');
  });

  it('takes the instant in the script data of a page that shows only "3小时前"', () => {
    const html = `<html><head><meta charset="utf-8"><title>AI陪伴应用完成A轮融资_示例网</title></head><body>
      <h1>AI陪伴应用完成A轮融资</h1><div class="article-title-icon"><a class="author" href="/user/5935213">沈筱</a><span class="item-time">·3小时前</span></div>${P}${P}
      <script>window.initialState={"articleDetail":{"data":{"author":"沈筱","publishTime":1694652420000}}}</script></body></html>`;
    expect(timeOf(html, 'https://www.example.com/p/2431234567890')).toBe('2023-09-14T08:47:00+08:00');
  });

  it('takes the publication an edit line keeps in its tooltip ("编辑于 …" over "发布于 …")', () => {
    const html = `<html><head><meta charset="utf-8"><title>不想社交是一种什么体验？ - 示例问答</title></head><body>
      <h1>不想社交是一种什么体验？</h1><div class="answer"><a class="UserLink" href="/people/naicha">奶茶不加糖</a>${P}${P}
      <div class="ContentItem-time"><a href="/question/456/answer/1987"><span data-tooltip="发布于 2021-06-21 22:05">编辑于 2021-07-02 10:11</span></a></div></div></body></html>`;
    expect(timeOf(html, 'https://www.example.com/question/456')).toBe('2021-06-21T22:05:00+08:00');
  });
});

describe("a BBS post header's date", () => {
  it('reads the C library date a post header prints ("发信站: 水木社区 (Sun Jun 16 21:03:12 2019)")', () => {
    expect(parseDateText('发信站: 示例社区 (Sun Jun 16 21:03:12 2019), 站内', NOW)).toBe('2019-06-16T21:03:12');
  });
});
