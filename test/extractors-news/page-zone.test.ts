import { describe, expect, it } from 'vitest';
import { offsetAt, pageZone } from '../../extractors/time/page-zone';
import { doc } from './dom';

describe('pageZone', () => {
  it('reads the offset of a machine-readable time on the page', () => {
    const d = doc('<html lang="en"><head><meta property="article:modified_time" content="2024-03-05T10:00:00+05:30"></head><body></body></html>');
    expect(pageZone(d, 'https://example.com/a')).toBe('+05:30');
  });
  it('ignores a UTC offset (servers print UTC whatever the site zone)', () => {
    const d = doc('<html><head><meta property="article:modified_time" content="2024-03-05T10:00:00+00:00"></head><body><p>English text.</p></body></html>');
    expect(pageZone(d, 'https://example.com/a')).toBeNull();
  });
  it.each([
    ['<html lang="zh-CN"><body></body></html>', 'https://example.com/', 'Asia/Shanghai'],
    ['<html lang="zh-TW"><body></body></html>', 'https://example.com/', 'Asia/Taipei'],
    ['<html lang="ja"><body></body></html>', 'https://example.com/', 'Asia/Tokyo'],
    ['<html><body><p>Hello world.</p></body></html>', 'https://news.example.kr/1', 'Asia/Seoul'],
    ['<html><head><meta charset="gbk"></head><body><p>Hello</p></body></html>', 'https://example.com/', 'Asia/Shanghai'],
    ['<html><head><title>市政府宣布新建三座城市公园</title></head><body><p>市政府今天宣布，将新建三座城市公园。</p></body></html>', 'https://example.com/', 'Asia/Shanghai'],
    ['<html lang="en"><body><p>The council said on Tuesday that three parks will be built.</p></body></html>', 'https://example.com/', null],
  ])('%s at %s → %s', (html, url, zone) => {
    expect(pageZone(doc(html, url), url)).toBe(zone);
  });
});

describe('offsetAt', () => {
  it('follows the zone rules at that date', () => {
    expect(offsetAt('Asia/Shanghai', '2011-12-09T08:20:00')).toBe('+08:00');
    expect(offsetAt('Europe/London', '2024-07-01T12:00:00')).toBe('+01:00');
    expect(offsetAt('Europe/London', '2024-01-01T12:00:00')).toBe('+00:00');
    expect(offsetAt('+05:30', '2024-01-01T12:00:00')).toBe('+05:30');
  });
});
