import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { parseDateText } from '../../extractors/news/meta/date-text';
import { doc, NOW } from './dom';

/** Hand-written pages in the shapes of Chinese portals and public-account articles. */
const P = '<p>今年以来，城郊湿地公园的保护工作取得了新的进展，管理部门新建了三处观鸟平台，并对湖区的水质进行了持续监测，数据显示主要指标均已达到地表水三类标准。</p>';
const BODY = P.repeat(4);
const at = (html: string, url: string) => findPublishedAt(doc(html, url), null, NOW, { url });

describe('a date whose parts the header sets in separate elements', () => {
  it('reads "2026 01/12 08:20:33" (year, month/day, clock) with the page\'s zone', () => {
    const html = `<html><head><meta charset="utf-8"><title>湿地公园迎来越冬候鸟-示例网</title></head><body>
      <div class="header"><div class="header-time left"><span class="year"><em> 2026</em></span><span class="day"><em> 01</em>/<em>12</em></span><span class="time"> 08:20:33</span></div>
      <div class="source">来源：示例网</div><h1><span class="title">湿地公园迎来越冬候鸟</span></h1></div><div id="detail">${BODY}</div></body></html>`;
    expect(at(html, 'https://www.example.cn/politics/20260112/abc123def/c.html')).toBe('2026-01-12T08:20:33+08:00');
  });
  it('leaves a year beside a fraction without a clock alone ("2026 1/2")', () => {
    expect(parseDateText('2026 1/2', NOW, 'Asia/Shanghai')).toBeNull();
  });
});

describe('a public-account article that prints its date with JavaScript', () => {
  it('is dated to the second by the script\'s creation timestamp of the day its publish key gives', () => {
    const html = `<html><head><meta charset="utf-8"><title>湿地公园迎来越冬候鸟</title><meta property="og:title" content="湿地公园迎来越冬候鸟"></head><body>
      <div id="img-content" class="rich_media_wrp"><h1 class="rich_media_title" id="activity-name">湿地公园迎来越冬候鸟</h1>
      <div id="meta_content" class="rich_media_meta_list"><span class="rich_media_meta rich_media_meta_nickname"><a href="javascript:void(0);" id="js_name">示例科技观察</a></span>
      <em id="publish_time" class="rich_media_meta rich_media_meta_text"></em></div><div class="rich_media_content" id="js_content">${BODY}</div></div>
      <script>var nickname = htmlDecode("示例科技观察"); var create_time = "1768177233" * 1; var publish_time = "2026-01-12" || "";</script></body></html>`;
    expect(at(html, 'https://mp.example.qq.com/s/AbCdEfGhIjKlMnOpQrStUv')).toBe('2026-01-12T08:20:33+08:00');
    // A creation time of another day (a quoted story's) leaves the publish day as it is.
    expect(at(html.replace('1768177233', '1767977233'), 'https://mp.example.qq.com/s/AbCdEfGhIjKlMnOpQrStUv')).toBe('2026-01-12');
  });
});

describe('a date in the Republic of China calendar (Taiwanese government and school pages)', () => {
  it('reads "中華民國113年3月5日" and "民國113年3月5日 14:20" as 2024, in Taipei time', () => {
    expect(parseDateText('中華民國113年3月5日', NOW, 'Asia/Taipei')).toBe('2024-03-05');
    expect(parseDateText('發布日期：民國113年3月5日 14:20', NOW, 'Asia/Taipei')).toBe('2024-03-05T14:20:00+08:00');
  });
  it('dates a page that shows only such a date', () => {
    const html = `<html lang="zh-TW"><head><meta charset="utf-8"><title>湿地公园迎来越冬候鸟-示例市政府</title></head><body>
      <h1>湿地公园迎来越冬候鸟</h1><div class="info">發布日期：中華民國113年3月5日</div>${BODY}</body></html>`;
    expect(at(html, 'https://www.example.gov.tw/News_Content.aspx?n=123&s=456')).toBe('2024-03-05');
  });
});
