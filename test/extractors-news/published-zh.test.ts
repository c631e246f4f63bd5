import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { parseDateText } from '../../extractors/news/meta/date-text';
import { doc, NOW } from './dom';

/** Hand-written pages laid out as Chinese blogs, portals and forums lay theirs out. */
const P = '<p>周末带孩子去了城郊的湿地公园，天气很好，芦苇已经开始泛黄，湖边有很多人在拍照，我们沿着木栈道走了一圈。</p>';

describe('Chinese pages that show a revision time beside the publish time', () => {
  it('takes the time labelled as published, not the earlier-placed "已于…修改"', () => {
    const d = doc(`<html><head><meta charset="utf-8"><title>用示例框架写一个爬虫_示例博客</title></head><body>
      <h1 class="title-article">用示例框架写一个爬虫</h1>
      <div class="bar-content"><span class="time">已于&nbsp;2024-05-13 11:00:00&nbsp;修改</span> <span>阅读量1.2k</span>
        <span class="up-time">于&nbsp;2024-05-12 10:30:15&nbsp;首次发布</span></div>${P}${P}</body></html>`, 'https://blog.example.net/u/article/details/1');
    expect(findPublishedAt(d, null, NOW, { url: 'https://blog.example.net/u/article/details/1' })).toBe('2024-05-12T10:30:15+08:00');
  });
  it('reads "Updated … Originally published …" the same way', () => {
    const d = doc(`<html lang="en"><head><title>Rates rise again</title></head><body><h1>Rates rise again</h1>
      <div class="byline">Updated November 11, 2022 · Originally published November 9, 2022</div><p>Text of the story, long enough.</p></body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2022-11-09');
  });
});

describe('forum threads that show a relative time', () => {
  it('takes the time the page keeps in the title of "3 天前", not one counted from the reading', () => {
    const d = doc(`<html><head><title>周末去湿地公园有什么推荐？ - 本地生活 - 示例论坛</title></head><body>
      <h1><span id="thread_subject">周末去湿地公园有什么推荐？</span></h1>
      <div class="pi"><strong>楼主</strong><div class="authi"><a href="/space/77">湖边的风</a>
        <em id="authorposton1">发表于 <span title="2024-5-12 10:30:15">3&nbsp;天前</span></em> | <a href="#">只看该作者</a></div></div>
      <div class="t_fsz">${P}</div></body></html>`, 'https://bbs.example.com/thread-1-1-1.html');
    expect(findPublishedAt(d, null, NOW, { url: 'https://bbs.example.com/thread-1-1-1.html' })).toBe('2024-05-12T10:30:15+08:00');
  });
});

describe('dates written without a year', () => {
  it('gives "5月12日 10:30" and "05-12 10:30" the crawl year, or the year before for a day still to come', () => {
    // NOW is 2026-03-10: March 9 is this year's, May 12 last year's.
    expect(parseDateText('发布于 03-09 10:30', NOW, 'Asia/Shanghai')).toBe('2026-03-09T10:30:00+08:00');
    expect(parseDateText('5月12日 10:30', NOW, 'Asia/Shanghai')).toBe('2025-05-12T10:30:00+08:00');
    expect(parseDateText('2024年5月12日 10:30', NOW, 'Asia/Shanghai')).toBe('2024-05-12T10:30:00+08:00');
    // Not a phone number, not a bare day in running prose.
    expect(parseDateText('电话 010-12 10:30', NOW, 'Asia/Shanghai')).toBeNull();
    expect(parseDateText('据了解，该项目已于3月9日正式启动，预计年底前完成全部建设任务，届时将向全体市民免费开放参观。', NOW, 'Asia/Shanghai')).toBeNull();
  });
  it('dates a forum post by such a time under the thread title', () => {
    const d = doc(`<html><head><title>周末去湿地公园有什么推荐？ - 示例论坛</title></head><body>
      <h1>周末去湿地公园有什么推荐？</h1><div class="post-head">湖边的风 发表于 03-09 10:30</div>${P}</body></html>`, 'https://bbs.example.com/t/9');
    expect(findPublishedAt(d, null, NOW, { url: 'https://bbs.example.com/t/9' })).toBe('2026-03-09T10:30:00+08:00');
  });
});

describe('a bare offset written after the time', () => {
  it('keeps "+0800" as the zone the page wrote, on a page whose zone is otherwise unknown', () => {
    expect(parseDateText('2024-05-12 10:30:15 +0800', NOW, null)).toBe('2024-05-12T10:30:15+08:00');
    expect(parseDateText('Dec 4, 2025 10:30 -0500', NOW, null)).toBe('2025-12-04T10:30:00-05:00');
    // a time range is not an offset
    expect(parseDateText('2024-05-12 10:30 - 12:30', NOW, null)).toBe('2024-05-12T10:30:00');
  });
});

describe('a page that renders its date with JavaScript', () => {
  const page = (script: string) => doc(`<html><head><meta charset="utf-8"><title>三座新公园年内开放_示例网</title><script>${script}</script></head>
    <body><h1>三座新公园年内开放</h1><div class="article-info"><span class="time" id="news-time"></span></div>${P}${P}</body></html>`, 'https://m.example.com/a/7');
  it('reads the publish time from the inline script data, in the page zone', () => {
    const state = { article: { title: '三座新公园年内开放', publishTime: '2024-05-12 10:30:00', related: [{ publishTime: '2024-05-01 09:00:00' }] } };
    expect(findPublishedAt(page(`window.__STATE__ = ${JSON.stringify(state)};`), null, NOW, { url: 'https://m.example.com/a/7' })).toBe('2024-05-12T10:30:00+08:00');
    expect(findPublishedAt(page('var pub_date = 1715481000000;'), null, NOW, { url: 'https://m.example.com/a/7' })).toBe('2024-05-12T10:30:00+08:00');
  });
  it('leaves a script key that is not a publish time alone', () => {
    expect(findPublishedAt(page('var updateTime = "2024-05-13 11:00:00"; var id = 20240512;'), null, NOW, { url: 'https://m.example.com/a/7' })).toBeNull();
  });
});
