import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { datelineCredit, lineCredit } from '../../extractors/news/meta/byline-text';
import { doc, NOW } from './dom';

/**
 * Self-media accounts, campus and metro papers, note sites and old forums: the writer and the
 * time where each kind of page keeps them, beside the names and dates of other posts.
 */
const P = '<p>入秋以来，社区里的老人食堂每天中午要接待两百多位老人，菜价比外面便宜三成，志愿者轮流帮忙打饭、收拾餐具，食堂还给行动不便的老人送餐上门。</p>';
const POST = '这两年社区里开了老人食堂，我妈每天中午都去，一来二去认识了不少老姐妹。<br><br>可最近她迷上了食堂门口的健康讲座，买了好几千块的保健品，说了也不听，大家都是怎么劝家里老人的？<br><br>';
const authorOf = (html: string, url: string) => findAuthor(doc(html, url), null, null);
const timeOf = (html: string, url: string) => findPublishedAt(doc(html, url), null, NOW, { url });

describe('self-media accounts named as the source', () => {
  const page = (account: string) => `<html><head><meta charset="utf-8"><title>在县城开书店的第三年_示例号</title></head><body>
    <h1>在县城开书店的第三年</h1><div class="article-info"><span class="time">2017-10-23 12:44</span>
    <span data-role="original-link">来源: <a href="https://mp.example.com/profile?xpt=abc">${account}</a></span></div>
    <article>${P}${P}<p data-role="editor-name">责任编辑：<span></span></p></article>
    <div class="user-info"><h4><a href="https://mp.example.com/profile?xpt=abc">${account}</a></h4></div></body></html>`;

  it("takes an account that reads as a person's name, linked to its user page, as the writer", () => {
    expect(authorOf(page('邹文远'), 'https://www.example.com/a/199876543_120012345')).toBe('邹文远');
  });

  it("takes no writer from an account named like a channel ('影视风向标')", () => {
    expect(authorOf(page('影视风向标'), 'https://www.example.com/a/199876543_120012345')).toBeNull();
  });
});

describe('bylines of metro and campus papers', () => {
  it("reads an outlet's prefixed labels with colons ('每经记者：冯逸凡 每经编辑：孙志成')", () => {
    expect(lineCredit('每经记者：冯逸凡 每经编辑：孙志成')).toEqual(['冯逸凡']);
  });

  it("reads the reporter of an unbracketed dateline, not the correspondent's office ('南都讯 记者刘嘉琪 通讯员穗交宣 昨日，…')", () => {
    expect(datelineCredit('南都讯 记者刘嘉琪 通讯员穗交宣 昨日，记者从市交通部门获悉，快速公交试验线土建工程已基本完工。')).toEqual(['刘嘉琪']);
    expect(datelineCredit('本报讯 昨日，记者从市交通部门获悉，快速公交试验线土建工程已基本完工。')).toBeNull();
  });

  it("reads '作者：文/何雨桐 图/郑凯', not the credit inside the next story's linked headline", () => {
    const html = `<html><head><meta charset="utf-8"><title>我校学子在数学建模竞赛中获佳绩-示例大学新闻网</title></head><body>
      <div class="news_title">我校学子在数学建模竞赛中获佳绩</div>
      <div class="news_info">发布时间：2019-11-08&nbsp;&nbsp;作者：文/何雨桐 图/郑凯&nbsp;&nbsp;来源：数学学院</div>${P}${P}
      <div class="prev_next"><p>下一条：<a href="57118.htm">校领导调研后勤保障工作（文/张敏 图/刘杰）</a></p></div></body></html>`;
    expect(authorOf(html, 'https://news.example.edu.cn/info/1002/57125.htm')).toBe('何雨桐');
    const next = html.replace('作者：文/何雨桐 图/郑凯', '');
    expect(authorOf(next, 'https://news.example.edu.cn/info/1002/57125.htm')).not.toBe('张敏');
  });
});

describe('a writer named in a link', () => {
  it("keeps writers whose names link to their page ('Written by <a>Moses Kim and Kate Shokurova</a>')", () => {
    const html = `<html><head><title>How mobile apps are made</title></head><body><h1>How mobile apps are made</h1>
      <div><p>Written by <a href="/blog/author/ann-lee-and-bo-chen">Ann Lee and Bo Chen</a></p><p>April 8, 2024</p></div>
      <p>Every app starts as a list of problems its users have, long before anyone draws a screen or writes a line of code for it.</p>
      <p>We walk through discovery, design, development and launch, with the questions each stage should answer before the next begins.</p></body></html>`;
    expect(authorOf(html, 'https://www.example.com/blog/how-apps-are-made')).toBe('Ann Lee and Bo Chen');
  });
});

describe("note sites' author boxes", () => {
  it("takes the note's author from its box with a follow button, not a recommended note's", () => {
    const html = `<html><head><meta charset="utf-8"><title>手冲咖啡入门半年，我踩过的坑 - 示例笔记</title></head><body>
      <h1 class="title">手冲咖啡入门半年，我踩过的坑</h1>
      <div class="author"><a class="avatar" href="/u/8a7b6c"><img src="/a.jpg"></a><div class="info"><span class="name"><a href="/u/8a7b6c">苏晚晴</a></span>
        <a class="btn follow"><span>关注</span></a><div class="meta"><span class="publish-time">2018.06.10 21:33</span><span>字数 1843</span></div></div></div>
      <div class="show-content">${P}${P}</div>
      <div class="note-bottom"><div class="note"><a class="title" href="/p/7c6b5a">意式咖啡机选购指南</a><a class="author" href="/u/abcdef">蒋一鸣</a><span>2018.05.30</span></div></div>
      </body></html>`;
    expect(authorOf(html, 'https://www.example.com/p/3f2a1b')).toBe('苏晚晴');
  });

  it("keeps a blogger's name set as a heading that links to the blog", () => {
    const html = `<html><head><meta charset="utf-8"><title>Java线程池的几个参数 - 示例博客</title></head><body>
      <div class="inf_bar"><h3><a href="https://blog.example.net/qq_35123456" class="user_name">星辰大海ing</a></h3><span>码龄3年</span></div>
      <h1>Java线程池的几个参数</h1><div class="article-bar"><span class="time">2017年09月27日 11:20:33</span></div>${P}${P}</body></html>`;
    expect(authorOf(html, 'https://blog.example.net/qq_35123456/article/details/78123456')).toBe('星辰大海ing');
  });
});

describe("old forums' first posts", () => {
  it("takes the starter's nickname after '作者：', not a later reply's", () => {
    const html = `<html><head><meta charset="gbk"><title>在北京租房五年，说说我遇到的房东_示例杂谈_示例社区</title></head><body>
      <h1>在北京租房五年，说说我遇到的房东</h1>
      <div id="firstAuthor"><table><tr><td>作者：<a href="http://my.example.cn/name/柏舟远行">柏舟远行</a> 提交日期：2010-6-12 9:45:00 访问：18632 回复：127</td></tr></table></div>
      <div class="post">${POST}</div>
      <div class="allpost"><table><tr><td><font color="green">作者：<a href="http://my.example.cn/name/鹿鸣野">鹿鸣野</a> 回复日期：2010-6-12 13:15:40</font></td></tr></table>
      <div class="post">楼主写得真实，顶一个。</div></div></body></html>`;
    expect(authorOf(html, 'http://www.example.cn/publicforum/content/free/1/1923456.shtml')).toBe('柏舟远行');
  });

  it("takes the poster in the cell before the headline, and the post's time over its edit notice", () => {
    const floor = (user: string, uid: string, label: string, time: string, text: string) =>
      `<div class="floor"><table><tr><td class="floor_left"><div class="name"><a href="http://bbs.example.com/space/${uid}">${user}</a></div><div class="info"><p>注册时间：2012-11-20</p></div></td>
       <td class="floor_right"><div class="floor_top_tips"><span class="lou">${label}</span><span class="fl">发布于：${time}</span></div>${text}</td></tr></table></div>`;
    const html = `<html><head><meta charset="utf-8"><title>家里老人总被保健品推销忽悠，大家是怎么劝的？ - 示例社区</title></head><body>
      <div class="floor"><table><tr><td class="floor_left"><div class="name"><a href="http://bbs.example.com/space/45678">章若溪</a></div><div class="info"><p>注册时间：2013-05-08</p></div></td>
      <td class="floor_right"><div class="floor_top_tips"><span class="lou">楼主</span><span class="fl">发布于：2015-07-22 19:08</span></div>
      <h1>家里老人总被保健品推销忽悠，大家是怎么劝的？</h1><div class="editor_content">${POST}${POST}${POST}<div class="content_edit_tips">[此帖于 2015-07-23 08:40 被 章若溪 编辑]</div></div></td></tr></table></div>
      ${floor('老猫晒太阳', '51234', '沙发', '2015-07-22 19:25', '<div class="editor_content">我家也是！后来是带我爸去医院，让医生跟他讲。</div>')}
      </body></html>`;
    const url = 'http://bbs.example.com/read/2345678';
    expect(authorOf(html, url)).toBe('章若溪');
    expect(timeOf(html, url)).toBe('2015-07-22T19:08:00+08:00');
  });
});

describe('times kept apart from the date line', () => {
  it("takes the script data's publish time on the URL's day where the page shows the time in parts", () => {
    const html = `<html><head><meta charset="utf-8"><title>暴雨过后，这个村庄的重建故事_示例新闻</title></head><body>
      <h1>暴雨过后，这个村庄的重建故事</h1>
      <div class="left-stick"><div class="year"><span>2020</span></div><div class="md">08/15</div><div class="time">14:22</div></div>
      <div class="content-article"><p>作者：戴明轩</p>${P}${P}</div>
      <div class="rv-root"><h3>相关阅读</h3><ul><li><a href="/omn/20200812/20200812A0XYZ100.html">长江流域防汛应急响应降级</a><span>2020-08-12 09:33</span></li></ul></div>
      <script>window.DATA = {"article_id": "20200815A0ABCD00", "pubtime": "2020-08-15 14:22:07"};</script></body></html>`;
    expect(timeOf(html, 'https://news.example.com/omn/20200815/20200815A0ABCD00.html')).toBe('2020-08-15T14:22:07+08:00');
  });

  it('takes the header that says the year over a dateline without one ("新华社武汉6月14日电")', () => {
    const html = `<html><head><meta charset="utf-8"><title>长江十年禁渔第三年：江豚“微笑”频现-示例网</title></head><body>
      <div class="header-time"><span class="year"><em> 2023</em></span> <span class="day"><em> 06</em>/<em>14</em></span> <span class="time"> 09:12:30</span></div>
      <div class="source">来源：示例社</div><h1><span class="title">长江十年禁渔第三年：江豚“微笑”频现</span></h1>
      <div id="detail"><p>示例社武汉6月14日电 题：长江十年禁渔第三年：江豚“微笑”频现</p><p>示例社记者 王自宸</p>${P}${P}</div></body></html>`;
    expect(timeOf(html, 'https://www.example.cn/local/20230614/c8f1a2b3/c.html')).toBe('2023-06-14T09:12:30+08:00');
  });
});
