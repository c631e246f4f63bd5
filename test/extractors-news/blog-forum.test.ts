import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

/** Hand-written pages laid out as Chinese blogs and forums lay theirs out. */
const P = '<p>周末带孩子去了城郊的湿地公园，天气很好，芦苇已经开始泛黄，湖边有很多人在拍照，我们沿着木栈道走了一圈。</p>';

/** A blog entry: the <title> names the blogger, the entry is headed by an <h2> with its time in brackets. */
function blogEntry(side = ''): Document {
  return doc(
    `<html><head><meta charset="utf-8"><title>湿地公园的秋天_林小溪_示例博客</title></head><body>
      <div class="blognav"><a href="/">博客首页</a> <a href="/list">博文目录</a></div>
      <div class="side"><h3>最新博文</h3><ul><li><a href="/s/1.html">去年的春天</a><span class="date">2011-11-20 10:00</span></li></ul>${side}</div>
      <div class="articalTitle"><h2 class="titName">湿地公园的秋天</h2><span class="time">(2011-12-09 08:20:00)</span></div>
      <div class="articalTag">标签：<a>湿地</a> 分类：<a>随笔</a></div>
      <div class="articalContent">${P}${P}</div>
      <div class="comment"><span class="name"><a href="/u/9">网友甲</a></span> 发表于 2011-12-10 09:00 写得好</div>
    </body></html>`,
    'https://blog.example.com.cn/s/blog_1.html',
  );
}

/** A forum thread: the first post's user sits in a cell beside the post's "发表于" time bar. */
function forumThread(): Document {
  return doc(
    `<html><head><title>周末去湿地公园有什么推荐？ - 本地生活 - 示例论坛</title></head><body>
      <div id="nv"><a href="/">首页</a> › <a href="/f/2">本地生活</a></div>
      <h1><span id="thread_subject">周末去湿地公园有什么推荐？</span></h1>
      <table id="post1"><tr>
        <td class="pls"><div class="pi"><div class="authi"><a href="/space/77" class="xw1">湖边的风</a></div></div><div>帖子 233 积分 600</div></td>
        <td class="plc"><div class="pi"><strong><a href="#">楼主</a></strong><div class="pti"><div class="authi">
          <em>发表于 2011-12-9 08:20</em> <span class="pipe">|</span> <a href="#">只看该作者</a></div></div></div>
          <div class="t_fsz">${P}</div></td>
      </tr></table>
      <table id="post2"><tr><td class="pls"><div class="authi"><a href="/space/78">路人乙</a></div></td>
        <td class="plc"><strong>沙发</strong> <em>发表于 2011-12-9 09:45</em><div class="t_fsz"><p>推荐去北边那个，人少。</p></div></td></tr></table>
    </body></html>`,
    'https://bbs.example.com/thread-1-1-1.html',
  );
}

describe('blog entries', () => {
  it('takes the blogger the <title> names as the author ("entry_Name_…博客", "Name的日志")', () => {
    expect(findAuthor(blogEntry(), null, null)).toBe('林小溪');
    const diary = doc(
      `<html><head><title>湿地公园的秋天 - 阿溪的日志 - 示例博客</title></head><body>
        <h1>湿地公园的秋天</h1><div class="meta">2011-12-09 08:20 | 分类：随笔 | 阅读(120)</div>${P}</body></html>`,
      'https://someone.example.cn/post/2',
    );
    expect(findAuthor(diary, null, null)).toBe('阿溪');
  });
  it("dates the entry by the time under its <h2> heading, not a side list's post", () => {
    expect(findPublishedAt(blogEntry(), null, NOW, { url: 'https://blog.example.com.cn/s/blog_1.html' })).toBe('2011-12-09T08:20:00+08:00');
  });
  it('does not take a section name of an English blog title as a blogger', () => {
    const d = doc('<html><head><title>How to plan a trip | Travel | Example Blog</title></head><body><h1>How to plan a trip</h1><p>Text.</p></body></html>');
    expect(findAuthor(d, null, null)).toBeNull();
  });
});

describe('forum threads', () => {
  it("takes the first post's user as the author, not a reply's", () => {
    expect(findAuthor(forumThread(), null, null)).toBe('湖边的风');
  });
  it('reads "楼主：Name" written in one line', () => {
    const d = doc(
      `<html><head><title>周末去湿地公园有什么推荐？_本地生活论坛</title></head><body>
        <h1>周末去湿地公园有什么推荐？</h1>
        <div class="post"><div class="user">楼主：湖边的风</div><div class="time">发表于：2011-12-09 08:20:00</div>${P}</div>
        <div class="post"><div class="user">2楼：路人乙</div><div class="time">发表于：2011-12-09 09:45:00</div><p>推荐去北边那个。</p></div>
      </body></html>`,
      'https://club.example.com/t/5',
    );
    expect(findAuthor(d, null, null)).toBe('湖边的风');
    expect(findPublishedAt(d, null, NOW, { url: 'https://club.example.com/t/5' })).toBe('2011-12-09T08:20:00+08:00');
  });
  it("dates the thread by the first post's time", () => {
    expect(findPublishedAt(forumThread(), null, NOW, { url: 'https://bbs.example.com/thread-1-1-1.html' })).toBe('2011-12-09T08:20:00+08:00');
  });
  it('does not take a commenter under a news story as its author', () => {
    const d = doc(
      `<html><head><title>三座新公园年内开放_国内新闻_示例网</title></head><body><h1>三座新公园年内开放</h1>
        <div class="info">2011年12月09日 08:20 来源：示例日报</div>${P}
        <div class="comments"><div class="item"><a href="/u/1">热心网友</a> <span>发表于 2011-12-09 10:00</span><p>好消息</p></div></div>
      </body></html>`,
    );
    expect(findAuthor(d, null, null)).toBeNull();
  });
});
