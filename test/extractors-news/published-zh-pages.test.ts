import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { parseDateText } from '../../extractors/news/meta/date-text';
import { shortUrlDay } from '../../extractors/news/meta/date-url';
import { doc, NOW } from './dom';

/** Hand-written pages laid out as Chinese portals, blogs and forums lay theirs out. */
const P = '<p>周末带孩子去了城郊的湿地公园，天气很好，芦苇已经开始泛黄，湖边有很多人在拍照，我们沿着木栈道走了一圈，又去看了新开的科普馆，馆里介绍了候鸟迁徙的路线和湿地的水质监测</p>';
const at = (html: string, url: string) => findPublishedAt(doc(html, url), null, NOW, { url });

describe('a day the URL writes in short: /YY/MMDD/HH/ID.html', () => {
  const url = 'https://news.example.com/23/0512/08/I5ABCDEF000189FH.html';
  it('reads two-digit years with month-day segments before the file name, and nothing that could be an id', () => {
    expect(shortUrlDay(url, NOW)).toBe('2023-05-12');
    expect(shortUrlDay('https://news.example.com/23/0512/I5ABCDEF.html', NOW)).toBe('2023-05-12');
    expect(shortUrlDay('https://example.com/v2/23/0512/08/X.html', NOW)).toBeNull();
    expect(shortUrlDay('https://example.com/23/1345/08/X.html', NOW)).toBeNull();
    expect(shortUrlDay('https://example.com/27/0512/X.html', NOW)).toBeNull();
  });
  it('dates a page that shows no date by it, and only such a page', () => {
    const bare = `<html><head><meta charset="utf-8"><title>三座新公园年内开放_示例新闻</title></head><body>
      <h1>三座新公园年内开放</h1>${P}${P}</body></html>`;
    expect(at(bare, url)).toBe('2023-05-12');
    const shown = bare.replace('</h1>', '</h1><div class="post_info">2023-05-11 23:50:10　来源: <a>示例日报</a></div>');
    expect(at(shown, url)).toBe('2023-05-11T23:50:10+08:00');
  });
});

describe('a weekday or a part of the day between the date and the clock', () => {
  it('keeps the time of "2023年05月12日 星期五 08:20", "2023-05-12（周五）08:20" and "下午 3:20"', () => {
    expect(parseDateText('2023年05月12日 星期五 08:20　来源：示例日报', NOW, 'Asia/Shanghai')).toBe('2023-05-12T08:20:00+08:00');
    expect(parseDateText('2023-05-12（周五）08:20', NOW, 'Asia/Shanghai')).toBe('2023-05-12T08:20:00+08:00');
    expect(parseDateText('发表于 2023-5-12 下午 3:20', NOW, 'Asia/Shanghai')).toBe('2023-05-12T15:20:00+08:00');
    expect(parseDateText('2023-5-12 上午 9:20', NOW, 'Asia/Shanghai')).toBe('2023-05-12T09:20:00+08:00');
  });
});

describe("a forum thread's first post", () => {
  it('is dated by its "发表于" time, not by the join date its user column shows above it', () => {
    const html = `<html><head><meta charset="utf-8"><title>周末去湿地公园有什么推荐？ - 本地生活 - 示例论坛</title></head><body>
      <h1><span id="thread_subject">周末去湿地公园有什么推荐？</span></h1><div class="hm">查看: 1234 | 回复: 56</div>
      <table id="pid1"><tr><td class="pls"><div class="authi"><a href="/u/7">湖边的风</a></div>
        <div class="tns">主题 12 帖子 233 积分 600</div><dl class="pil"><dt>注册时间</dt><dd>2010-3-4</dd><dt>最后登录</dt><dd>2023-5-11</dd></dl></td>
        <td class="plc"><div class="pi"><strong>楼主</strong><div class="authi"><em>发表于 2023-5-12 08:20:33</em> | <a>只看该作者</a></div></div>
        <div class="t_fsz">${P}</div></td></tr></table>
      <table id="pid2"><tr><td class="pls"><a href="/u/8">路人乙</a></td><td class="plc"><strong>沙发</strong> <em>发表于 2023-5-12 09:45</em>
        <div class="t_fsz"><p>推荐去北边那个。</p></div></td></tr></table></body></html>`;
    expect(at(html, 'https://bbs.example.com/thread-9-1-1.html')).toBe('2023-05-12T08:20:33+08:00');
  });
  it('is dated by its "发表于" time when a long user column stands between it and the title', () => {
    const profile = ['UID 77', '帖子 233', '精华 0', '积分 600', '阅读权限 30', '在线时间 120 小时', '注册时间', '2010-3-4', '最后登录', '2023-5-11']
      .map((f) => `<dd>${f}</dd>`).join('');
    const html = `<html><head><meta charset="utf-8"><title>周末去湿地公园有什么推荐？ - 示例论坛</title></head><body>
      <h1>周末去湿地公园有什么推荐？</h1><div class="hm">查看: 1234 | 回复: 56</div>
      <table><tr><td class="pls"><div class="authi"><a href="/u/7">湖边的风</a></div><p>中级会员</p><dl>${profile}</dl>
        <p>个人简介：喜欢在周末带着孩子出门走走，看看城市周边的风景和各种各样的鸟儿，也喜欢拍照和写游记</p></td>
        <td class="plc"><div class="authi"><em>发表于 2023-5-12 08:20:33</em></div><div class="t_fsz">${P}</div></td></tr></table>
      <table><tr><td class="plc"><em>发表于 2023-5-12 09:45</em><div class="t_fsz"><p>推荐去北边那个。</p></div></td></tr></table></body></html>`;
    expect(at(html, 'https://bbs.example.com/thread-10-1-1.html')).toBe('2023-05-12T08:20:33+08:00');
  });
  it("leaves a reply's labelled time after the text alone", () => {
    const html = `<html><head><meta charset="utf-8"><title>三座新公园年内开放_示例新闻</title></head><body>
      <h1>三座新公园年内开放</h1><div class="post_info">2023-05-12 08:20:33　来源: <a>示例日报</a></div>${P}${P}
      <div class="tie"><div class="tie-item">网友 2023-05-12 10:01:02 发表</div></div></body></html>`;
    expect(at(html, 'https://news.example.com/a/1.html')).toBe('2023-05-12T08:20:33+08:00');
  });
});

describe('a Chinese sentence that mentions a date', () => {
  it('is not a date line: a blog entry is dated by its "发表于" line below the text', () => {
    const html = `<html><head><meta charset="utf-8"><title>湿地公园的秋天 - 阿溪的日志 - 示例</title></head><body>
      <div class="blogtitle">湿地公园的秋天</div><div class="content">${P}<p>我们第一次来这里是2022年10月1日，那天下着雨。</p>${P.repeat(8)}</div>
      <div class="foot">阿溪 发表于 2023-05-12 08:20 阅读(120) 评论(3)</div></body></html>`;
    expect(at(html, 'https://blog.example.com/u/1/entry/2')).toBe('2023-05-12T08:20:00+08:00');
  });
  it('opening with its date is a dateline and still dates the story', () => {
    const html = `<html><head><meta charset="utf-8"><title>示例新闻</title></head><body>
      <div class="nav"><a href="/">首页</a></div><p>【本台2012年1月11日讯】城郊湿地公园今天正式开放，市民可以免费参观。</p>${P}</body></html>`;
    expect(at(html, 'https://news.example.com/a/2.html')).toBe('2012-01-11');
  });
});

describe("a UTC instant in the page's data", () => {
  it('is written in the zone the page shows it in', () => {
    const html = `<html><head><meta charset="utf-8"><title>三座新公园年内开放_示例网</title>
      <meta property="article:published_time" content="2023-05-12T00:20:00.000Z"></head><body>
      <h1>三座新公园年内开放</h1><div class="info">2023-05-12 08:20 来源：示例日报</div>${P}${P}</body></html>`;
    expect(at(html, 'https://news.example.com/a/3.html')).toBe('2023-05-12T08:20:00+08:00');
  });
  it("keeps the data's instant, written in the page's zone, when the page shows another time", () => {
    const html = `<html><head><meta charset="utf-8"><title>三座新公园年内开放_示例网</title>
      <meta property="article:published_time" content="2023-05-12T00:20:00.000Z"></head><body>
      <h1>三座新公园年内开放</h1><div class="info">2023-05-12 09:00 来源：示例日报</div>${P}${P}</body></html>`;
    expect(at(html, 'https://news.example.com/a/3.html')).toBe('2023-05-12T08:20:00+08:00');
  });
  it("writes a UTC instant in the page's zone on the day its readers see, where the page shows only the day", () => {
    const html = `<html><head><meta charset="utf-8"><title>夜间地铁延长运营_示例网</title>
      <meta property="article:published_time" content="2023-05-12T17:30:00Z"></head><body>
      <h1>夜间地铁延长运营</h1><div class="info">2023年05月13日 来源：示例日报</div>${P}${P}</body></html>`;
    expect(at(html, 'https://news.example.com/a/4.html')).toBe('2023-05-13T01:30:00+08:00');
  });
  it('reads a "+00:00" time whose day is the one the page shows as a local clock (a blog that stores local time as UTC)', () => {
    const html = `<html lang="zh-CN"><head><meta charset="utf-8"><title>周末去爬山 | 老周的博客</title></head><body>
      <h1>周末去爬山</h1><div class="entry-meta">发表于 <a href="/archives/1186" title="下午9:03"><time class="entry-date" datetime="2013-05-06T21:03:11+00:00">2013年5月6日</time></a> 由 老周</div>${P}${P}
      <aside><h3>近期评论</h3><ul><li>小李 发表在 2013年5月7日</li></ul></aside></body></html>`;
    expect(at(html, 'https://blog.example.com/archives/1186')).toBe('2013-05-06T21:03:11+08:00');
  });
  it("leaves a UTC time alone where the page's data states another zone than its region's", () => {
    const html = `<html lang="en-GB"><head><title>Night buses extended</title>
      <meta property="article:published_time" content="2023-05-12T23:30:00+00:00"><meta property="article:modified_time" content="2023-05-13T10:00:00-04:00"></head><body>
      <h1>Night buses extended</h1><p class="date">12 May 2023</p>${P}${P}</body></html>`;
    expect(at(html, 'https://news.example.co.uk/a/5.html')).toBe('2023-05-12T23:30:00+00:00');
  });
});

describe('a time shown without its year on a page whose URL writes its day', () => {
  it("takes the URL's year with the time the page shows ('1月12日 08:20' under /2012-01-12/)", () => {
    const html = `<html><head><meta charset="utf-8"><title>春运首日客流平稳_国内新闻_示例网</title></head><body>
      <h1>春运首日客流平稳</h1><div class="time-source">1月12日 08:20 来源：<a href="/">示例日报</a></div>${P}${P}</body></html>`;
    expect(at(html, 'https://news.example.com/c/2012-01-12/082012345.shtml')).toBe('2012-01-12T08:20:00+08:00');
  });
});
