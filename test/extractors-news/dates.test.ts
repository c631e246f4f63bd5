import { describe, expect, it } from 'vitest';
import { parseDateText, parseDateValue } from '../../extractors/news/meta/date-text';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

describe('parseDateText', () => {
  it.each([
    ['发布时间：2012年01月17日 08:30', '2012-01-17T08:30:00'],
    ['2012年1月7日', '2012-01-07'],
    ['Posted 2012-01-17 08:30 by admin', '2012-01-17T08:30:00'],
    ['2012/1/17', '2012-01-17'],
    ['Updated Jan 17, 2012', '2012-01-17'],
    ['January 17, 2012 8:30 PM', '2012-01-17T20:30:00'],
    ['17 January 2012', '2012-01-17'],
    ['2012-01-17T08:30:00+08:00', '2012-01-17T08:30:00+08:00'],
    ['2012-01-17T08:30:00+0800', '2012-01-17T08:30:00+08:00'],
    ['2012-01-17T08:30:00Z', '2012-01-17T08:30:00Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateText(text, NOW)).toBe(iso);
  });

  it('resolves relative dates against the crawl time', () => {
    expect(parseDateText('3 hours ago', NOW)).toBe('2026-03-10T09:00:00Z');
    expect(parseDateText('3小时前', NOW)).toBe('2026-03-10T09:00:00Z');
    expect(parseDateText('15分钟前', NOW)).toBe('2026-03-10T11:45:00Z');
    expect(parseDateText('2 days ago', NOW)).toBe('2026-03-08T12:00:00Z');
    expect(parseDateText('昨天 08:30', NOW)).toBe('2026-03-09T08:30:00');
  });

  it('writes relative dates in the page zone, on the page day', () => {
    // 12:00 UTC is 20:00 in Beijing: "3 hours ago" is 17:00 there.
    expect(parseDateText('3小时前', NOW, 'Asia/Shanghai')).toBe('2026-03-10T17:00:00+08:00');
    // 2026-03-10T20:00Z is already the 11th in Beijing: yesterday is the 10th.
    const late = new Date('2026-03-10T20:00:00Z');
    expect(parseDateText('昨天 08:30', late, 'Asia/Shanghai')).toBe('2026-03-10T08:30:00+08:00');
  });

  it('gives a local time the page zone, and keeps a date a date', () => {
    expect(parseDateText('2024年03月05日 14:22 来源：示例日报', NOW, 'Asia/Shanghai')).toBe('2024-03-05T14:22:00+08:00');
    expect(parseDateText('2024年03月05日', NOW, 'Asia/Shanghai')).toBe('2024-03-05');
    expect(parseDateText('2024-03-05 14:22', NOW, '+09:00')).toBe('2024-03-05T14:22:00+09:00');
    expect(parseDateValue('2024-03-05T14:22:00', NOW, 'Asia/Shanghai')).toBe('2024-03-05T14:22:00+08:00');
    // An explicit offset beats the page zone.
    expect(parseDateValue('2024-03-05T14:22:00-05:00', NOW, 'Asia/Shanghai')).toBe('2024-03-05T14:22:00-05:00');
    // Daylight saving is the zone's own: New York is -04:00 in July.
    expect(parseDateText('July 4, 2024 10:30 AM', NOW, 'America/New_York')).toBe('2024-07-04T10:30:00-04:00');
  });

  it('reads a zone written next to the time', () => {
    expect(parseDateText('北京时间 2024年03月05日 14:22', NOW)).toBe('2024-03-05T14:22:00+08:00');
    expect(parseDateText('March 5, 2024 2:22 PM GMT+8', NOW)).toBe('2024-03-05T14:22:00+08:00');
    expect(parseDateText('Updated March 5, 2024 10:30 a.m. ET', NOW)).toBe('2024-03-05T10:30:00-05:00');
    // The zone's name after the time, as Chinese portals also write it.
    expect(parseDateText('2024年03月05日 14:22 北京时间', NOW)).toBe('2024-03-05T14:22:00+08:00');
    expect(parseDateText('2024-03-05 14:22（北京時間）', NOW)).toBe('2024-03-05T14:22:00+08:00');
  });

  it('reads a clock written before the date, as US news pages stamp their stories', () => {
    expect(parseDateText('Updated 3:45 PM EST, Mon March 4, 2024', NOW)).toBe('2024-03-04T15:45:00-05:00');
    expect(parseDateText('Published 10:30 a.m. ET Jan. 5, 2024', NOW)).toBe('2024-01-05T10:30:00-05:00');
    // A meridiem alone gives the clock; the page's zone places it.
    expect(parseDateText('9:02 pm, July 12, 2024', NOW, 'America/Chicago')).toBe('2024-07-12T21:02:00-05:00');
    // A clock written with a dot after the date, with its zone ("Mon 4 Mar 2024 15.45 GMT").
    expect(parseDateText('Mon 4 Mar 2024 15.45 GMT', NOW)).toBe('2024-03-04T15:45:00+00:00');
    // Without a meridiem or a zone the number beside a date is not read as its clock.
    expect(parseDateText('Chapter 3:16 March 4, 2024', NOW)).toBe('2024-03-04');
    expect(parseDateText('4 Mar 2024 3.5 stars', NOW)).toBe('2024-03-04');
  });

  it('reads the stamps forums and blogs write', () => {
    expect(parseDateText('Posted by EditorDavid on Sunday March 08, 2026 @03:34AM from the dept.', NOW)).toBe('2026-03-08T03:34:00');
    expect(parseDateText('Last updated on Mar 13, 2026 (10:17 UTC).', NOW)).toBe('2026-03-13T10:17:00+00:00');
    expect(parseDateText('UPDATED 16:47 EST / DECEMBER 19 2025', NOW)).toBe('2025-12-19T16:47:00-05:00');
    // A two-digit year, month first, as US forums stamp posts: only with a clock and its meridiem.
    expect(parseDateText('Posted by Lola 07/03/24 03:56 PM 17612 posts', NOW, 'America/Los_Angeles')).toBe('2024-07-03T15:56:00-07:00');
    expect(parseDateText('Version 1/2/24 was released', NOW)).toBeNull();
    expect(parseDateText('Jan 5, 2024 (10 comments)', NOW)).toBe('2024-01-05');
  });

  it('does not take "today" in running prose for a date', () => {
    expect(parseDateText('Sign up today and get the newsletter with our best stories every week.', NOW)).toBeNull();
    expect(parseDateText('Today', NOW)).toBe('2026-03-10');
  });

  it('rejects impossible dates and text without dates', () => {
    expect(parseDateText('2012-13-45', NOW)).toBeNull();
    expect(parseDateText('no date here, 1234 items', NOW)).toBeNull();
    expect(parseDateValue('', NOW)).toBeNull();
  });
});

describe('findPublishedAt', () => {
  it('prefers JSON-LD datePublished', () => {
    const d = doc('<html><head><meta property="article:published_time" content="2020-01-01T00:00:00Z"></head><body><p>2019年5月1日</p></body></html>');
    // The instant of the JSON-LD value, written in the zone of a Chinese page.
    expect(findPublishedAt(d, { '@type': 'NewsArticle', datePublished: '2021-06-01T10:00:00Z' }, NOW)).toBe('2021-06-01T18:00:00+08:00');
  });
  it('reads article:published_time', () => {
    const d = doc('<html><head><meta property="article:published_time" content="2020-01-02T03:04:05+00:00"></head><body></body></html>');
    expect(findPublishedAt(d, null, NOW)).toBe('2020-01-02T03:04:05+00:00');
  });
  it('reads <time datetime>', () => {
    expect(findPublishedAt(doc('<body><time datetime="2019-11-20">Nov 20</time></body>'), null, NOW)).toBe('2019-11-20');
  });
  it('reads a written Chinese date in the article info line', () => {
    const d = doc('<body><div class="info">2012年01月17日 08:30 来源：新华网</div><p>正文内容。</p></body>');
    expect(findPublishedAt(d, null, NOW)).toBe('2012-01-17T08:30:00+08:00');
  });
  it('keeps the offset the page gives, instead of moving the time to UTC', () => {
    const d = doc('<html><head><meta property="article:published_time" content="2024-03-05T01:10:00+08:00"></head><body></body></html>');
    // The page day is the 5th; in UTC it would be the 4th.
    expect(findPublishedAt(d, null, NOW)).toBe('2024-03-05T01:10:00+08:00');
  });
  it('leaves an English local time zone-less (its zone is unknown), never UTC', () => {
    const d = doc('<body><div class="byline">Posted March 5, 2024 2:22 PM by Jane Doe</div><p>Some text.</p></body>', 'https://blog.example.com/p/1');
    expect(findPublishedAt(d, null, NOW, { url: 'https://blog.example.com/p/1' })).toBe('2024-03-05T14:22:00');
  });
  it('takes the date line under the headline, not the header date or a side box', () => {
    const d = doc(`<html><head><title>市政府宣布新建三座城市公园_示例新闻网</title></head><body>
      <div class="top">今天是2024年03月09日 星期六</div>
      <div class="side"><p>2023年11月11日，一位读者写信说他在公园里捡到了钱包并交给了警察。</p></div>
      <h1>市政府宣布新建三座城市公园</h1>
      <div>2024年03月05日 14:22 <a href="/">示例新闻网</a> <a href="/s">来源：示例日报</a></div>
      <p>市政府今天宣布，将在城东、城西和城南各新建一座城市公园。</p></body></html>`, 'https://news.example.com/a/1.shtml');
    expect(findPublishedAt(d, null, NOW, { url: 'https://news.example.com/a/1.shtml' })).toBe('2024-03-05T14:22:00+08:00');
  });
  it('takes the visible minute when the meta tag gives the same day only', () => {
    const d = doc(`<html><head><meta name="publishdate" content="2024-03-05"></head><body>
      <h1>市政府宣布新建三座城市公园</h1><div>2024-03-05 14:22 示例日报</div><p>正文。</p></body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2024-03-05T14:22:00+08:00');
  });
  it('returns null for a page without any date', () => {
    expect(findPublishedAt(doc('<body><p>Nothing dated here.</p></body>'), null, NOW)).toBeNull();
  });
});
