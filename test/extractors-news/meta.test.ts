import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findTitle, stripSiteName } from '../../extractors/news/meta/title';
import { findLanguage, detectLanguage } from '../../extractors/news/meta/language';
import { findMetadata } from '../../extractors/news/meta/extra';
import { doc, NOW } from './dom';

describe('findAuthor', () => {
  it('reads 作者： in the text', () => {
    expect(findAuthor(doc('<body><div>来源：人民网 作者：张三 2012-01-17</div></body>'), null, null)).toBe('张三');
  });
  it('reads a 记者 byline inside brackets', () => {
    expect(findAuthor(doc('<body><span class="src">【联合报╱记者高诗琴／台北报导】</span></body>'), null, null)).toBe('高诗琴');
  });
  it('reads "By Jane Doe"', () => {
    expect(findAuthor(doc('<body><p class="x">By Jane Doe</p><p>The story.</p></body>'), null, null)).toBe('Jane Doe');
  });
  it('prefers JSON-LD author, then meta author', () => {
    const d = doc('<head><meta name="author" content="Meta Person"></head><body></body>');
    expect(findAuthor(d, { author: { '@type': 'Person', name: 'Ld Person' } }, null)).toBe('Ld Person');
    expect(findAuthor(d, null, null)).toBe('Meta Person');
  });
  it('returns null when no author is stated', () => {
    expect(findAuthor(doc('<body><p>Just text.</p></body>'), null, null)).toBeNull();
  });
});

describe('findTitle', () => {
  it('strips the site name from <title>', () => {
    expect(findTitle(doc('<head><title>Council backs tram extension | Example News</title></head>'), null, null)).toBe('Council backs tram extension');
    expect(stripSiteName('重庆啤酒复牌跌停_财经频道_新浪网')).toBe('重庆啤酒复牌跌停');
  });
  it('prefers og:title and the h1 the <title> contains', () => {
    expect(findTitle(doc('<head><meta property="og:title" content="Share title"><title>T - Site</title></head>'), null, null)).toBe('Share title');
    expect(findTitle(doc('<head><title>Big news today - Site</title></head><body><h1>Big news today</h1></body>'), null, null)).toBe('Big news today');
  });
  it('takes the article <h1> over a reworded share title', () => {
    const d = doc(`<head><meta property="og:title" content="Why the tram line is late again">
      <title>Council backs tram extension to the airport | Example News</title></head>
      <body><h1>Council backs tram extension to the airport</h1></body>`);
    expect(findTitle(d, null, 'Example News')).toBe('Council backs tram extension to the airport');
  });
  it('skips a site-name or channel <h1> and keeps the headline without the site suffix', () => {
    const d = doc(`<head><title>重庆啤酒复牌跌停 市值蒸发百亿_财经频道_示例网</title></head>
      <body><h1>财经频道</h1><div class="art"><h1>重庆啤酒复牌跌停 市值蒸发百亿</h1></div></body>`);
    expect(findTitle(d, null, null)).toBe('重庆啤酒复牌跌停 市值蒸发百亿');
    const logo = doc(`<head><meta property="og:title" content="A beginner's guide to skincare">
      <title>A beginner's guide to skincare – The Northerner</title></head><body><h1>The Northerner</h1></body>`);
    expect(findTitle(logo, null, null)).toBe("A beginner's guide to skincare");
  });
  it('keeps the <h1> when a section name in <title> is longer, and drops a breadcrumb or column tag from it', () => {
    const d = doc(`<head><title>柯达宣布重组 起诉两家公司侵犯专利--跨国公司-上这里，懂跨国公司-外资 世界500强-外企--示例网</title></head>
      <body><h1>柯达宣布重组 起诉两家公司侵犯专利</h1></body>`);
    expect(findTitle(d, null, null)).toBe('柯达宣布重组 起诉两家公司侵犯专利');
    const crumb = doc(`<head><title>母嬰親善醫療院所認證 診所表現佳 - 示例健康網</title></head>
      <body><h1>示例健康網 〉檢視火線新聞 〉母嬰親善醫療院所認證 診所表現佳</h1></body>`);
    expect(findTitle(crumb, null, null)).toBe('母嬰親善醫療院所認證 診所表現佳');
    const tag = doc(`<head><title>满记甜品芒果布丁被查细菌超标_新闻中心_示例网</title></head>
      <body><h1>【记者即时播报】满记甜品芒果布丁被查细菌超标</h1></body>`);
    expect(findTitle(tag, null, null)).toBe('满记甜品芒果布丁被查细菌超标');
  });
});

describe('language', () => {
  it('detects Chinese and English from text', () => {
    expect(detectLanguage('市政府昨日宣布，将在今年内新建三座城市公园。')).toBe('zh');
    expect(detectLanguage('The council voted on Tuesday to expand the tram line, and the work is expected to start in the spring of next year.')).toBe('en');
  });
  it('trusts <html lang> unless the text is in another script', () => {
    expect(findLanguage(doc('<html lang="en-GB"><body></body></html>'), 'The council voted to expand the line.')).toBe('en');
    expect(findLanguage(doc('<html lang="en"><body></body></html>'), '市政府昨日宣布，将在今年内新建三座城市公园，总面积超过一百二十公顷。')).toBe('zh');
  });
});

describe('findMetadata', () => {
  it('collects description, section, tags, site name and an absolute canonical URL', () => {
    const d = doc(`<head><meta name="description" content="Desc"><meta property="article:section" content="City">
      <meta name="keywords" content="trams, transport，城市"><meta property="og:site_name" content="Example News">
      <link rel="canonical" href="/a/1.html"></head><body></body>`);
    expect(findMetadata(d, null, 'https://news.example.com/x?utm=1', NOW)).toEqual({
      description: 'Desc', section: 'City', tags: ['trams', 'transport', '城市'], siteName: 'Example News', canonical: 'https://news.example.com/a/1.html',
    });
  });
});
