import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

/** Hand-written pages: what the reader sees by the headline against what the page's data says. */
const PROSE = '<p>We spent three weeks comparing the options, reading the fine print and calling customer service twice.</p>';
const ZH = '<p>周末带孩子去了城郊的湿地公园，天气很好，芦苇已经开始泛黄，湖边有很多人在拍照，我们沿着木栈道走了一圈，又去看了新开的科普馆，馆里介绍了候鸟迁徙的路线和湿地的水质监测。</p>';
const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;

describe('a page that shows only its update date', () => {
  const data = { '@type': 'Article', headline: 'Best business certifications', datePublished: '2019-08-14T13:00:00Z', dateModified: '2025-09-17T10:15:00Z' };
  const page = (line: string, head = '') =>
    doc(`<html><head><title>Best Business Certifications | Example</title>${head}${ld(data)}</head><body>
      <h1>Best business certifications</h1><div class="byline">${line}</div>${PROSE}${PROSE}</body></html>`);
  it('takes the update the reader sees, with the instant of dateModified', () => {
    expect(findPublishedAt(page('Written by: Jane Doe, Senior Analyst · Updated Sep 17, 2025'), data, NOW)).toBe('2025-09-17T10:15:00Z');
    expect(findPublishedAt(page('Last updated: Sep 17, 2025'), data, NOW)).toBe('2025-09-17T10:15:00Z');
  });
  it("keeps the publish time the page's own meta tags give, and a publish date the line labels too", () => {
    const meta = '<meta property="article:published_time" content="2019-08-14T13:00:00+00:00">';
    expect(findPublishedAt(page('Updated Sep 17, 2025', meta), data, NOW)).toBe('2019-08-14T13:00:00Z');
    expect(findPublishedAt(page('Published Aug 14, 2019 · Updated Sep 17, 2025'), data, NOW)).toBe('2019-08-14T13:00:00Z');
  });
  it("keeps the structured date when the page's script data writes its day for display", () => {
    // Frameworks serialize the props their scripts render: the reader sees "Published August 14, 2019" once they run.
    const app = (script: string) =>
      doc(`<html><head><title>Best Business Certifications | Example</title>${ld(data)}</head><body>
        <h1>Best business certifications</h1><div class="byline">Updated Sep 17, 2025</div>${PROSE}${PROSE}${script}</body></html>`);
    const json = '<script id="app-data" type="application/json">{"post":{"slug":"best-business-certifications","publishedDisplay":"August 14, 2019","updatedDisplay":"September 17, 2025"}}</script>';
    expect(findPublishedAt(app(json), data, NOW)).toBe('2019-08-14T13:00:00Z');
    const pushed = '<script>self.__chunks.push([1,"{\\"story\\":{\\"date\\":\\"Aug 14, 2019\\",\\"dateUpdated\\":\\"Sep 17, 2025\\"}}"])</script>';
    expect(findPublishedAt(app(pushed), data, NOW)).toBe('2019-08-14T13:00:00Z');
    // The machine form of the day is data, not text the page shows.
    const iso = '<script>window.__STATE__ = {"post":{"published":"2019-08-14T13:00:00Z","modified":"2025-09-17T10:15:00Z"}};</script>';
    expect(findPublishedAt(app(iso), data, NOW)).toBe('2025-09-17T10:15:00Z');
  });
  it('keeps the structured date when the page shows its day in another short line', () => {
    const d = doc(`<html><head><title>Best Business Certifications | Example</title>${ld(data)}</head><body>
      <h1>Best business certifications</h1><div class="byline">Updated Sep 17, 2025</div>${PROSE.repeat(8)}
      <aside><p>First written Aug 14, 2019</p></aside></body></html>`);
    expect(findPublishedAt(d, data, NOW)).toBe('2019-08-14T13:00:00Z');
  });
});

describe('a structured date without a time', () => {
  it('gives way to the other day the headline shows when the page never shows its own', () => {
    const data = { '@type': 'BlogPosting', headline: 'Machine learning in e-commerce', datePublished: '2024-09-06', dateModified: '2025-11-14' };
    const d = doc(`<html><head><title>Machine Learning in E-commerce - Example</title>${ld(data)}</head><body>
      <h1>Machine learning in e-commerce</h1><div><span class="who">Jane Doe</span></div><div>November 14, 2025</div>${PROSE}${PROSE}</body></html>`);
    expect(findPublishedAt(d, data, NOW)).toBe('2025-11-14');
  });
  it('takes the time of its day a source line above the story shows', () => {
    // The portal's header shows the day of the crawl; the story's source line stands apart from its headline.
    const page = (after: string) =>
      doc(`<html><head><meta charset="utf-8"><title>欠薪治理新规出台_示例证券网</title><meta name="publishdate" content="2011-12-09"></head><body>
        <div class="top">2011年12月10日 星期六</div><h1>欠薪治理新规出台</h1><div class="lead">${ZH.repeat(8)}</div>
        ${after}<div class="article">${ZH.repeat(12)}</div><div class="comment">网友 2011-12-09 21:30 说：支持</div></body></html>`);
    expect(findPublishedAt(page('<div>作者：王攀 来源：新华网 2011-12-09 19:55:00</div>'), null, NOW)).toBe('2011-12-09T19:55:00+08:00');
    // A comment's time below the story is not the story's.
    expect(findPublishedAt(page(''), null, NOW)).toBe('2011-12-09');
  });
});

describe('a page without an <h1>', () => {
  it("reads the date line under the block that is the <title>'s headline", () => {
    const d = doc(`<html><head><meta charset="utf-8"><title>戴隐形眼镜吹暖气 女子得干眼症 - 示例新闻</title></head><body>
      <div class="nav"><span>今天是 2012/1/17</span> <a href="/">首页</a></div>
      <div id="Heading">戴隐形眼镜吹暖气
      　女子得干眼症</div><div><span class="small">2012/1/11</span></div>${ZH}${ZH}</body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2012-01-11');
  });
});

describe('a shown day one day before a UTC instant', () => {
  const page = (datePublished: string) => {
    const data = { '@type': 'Article', headline: 'A new standard for interpretability', datePublished };
    return [doc(`<html><head><title>A new standard for interpretability</title>${ld(data)}</head><body>
      <h1>A new standard for interpretability</h1><div>Dec 18, 2025</div>${PROSE}${PROSE}</body></html>`), data] as const;
  };
  it('is another day when no zone puts the instant on it (22:02 UTC is the 19th from UTC-12 to UTC+1)', () => {
    expect(findPublishedAt(...page('2025-12-19T22:02:58Z'), NOW)).toBe('2025-12-18');
  });
  it('is the same instant in the local zone when one does (02:00 UTC is the 18th in America)', () => {
    expect(findPublishedAt(...page('2025-12-19T02:00:00Z'), NOW)).toBe('2025-12-19T02:00:00Z');
  });
});
