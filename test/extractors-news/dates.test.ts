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
    ['2012-01-17T08:30:00+08:00', '2012-01-17T00:30:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateText(text, NOW)).toBe(iso);
  });

  it('resolves relative dates against the crawl time', () => {
    expect(parseDateText('3 hours ago', NOW)).toBe('2026-03-10T09:00:00.000Z');
    expect(parseDateText('3小时前', NOW)).toBe('2026-03-10T09:00:00.000Z');
    expect(parseDateText('15分钟前', NOW)).toBe('2026-03-10T11:45:00.000Z');
    expect(parseDateText('2 days ago', NOW)).toBe('2026-03-08T12:00:00.000Z');
    expect(parseDateText('昨天 08:30', NOW)).toBe('2026-03-09T08:30:00');
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
    expect(findPublishedAt(d, { '@type': 'NewsArticle', datePublished: '2021-06-01T10:00:00Z' }, NOW)).toBe('2021-06-01T10:00:00.000Z');
  });
  it('reads article:published_time', () => {
    const d = doc('<html><head><meta property="article:published_time" content="2020-01-02T03:04:05+00:00"></head><body></body></html>');
    expect(findPublishedAt(d, null, NOW)).toBe('2020-01-02T03:04:05.000Z');
  });
  it('reads <time datetime>', () => {
    expect(findPublishedAt(doc('<body><time datetime="2019-11-20">Nov 20</time></body>'), null, NOW)).toBe('2019-11-20');
  });
  it('reads a written Chinese date in the article info line', () => {
    const d = doc('<body><div class="info">2012年01月17日 08:30 来源：新华网</div><p>正文内容。</p></body>');
    expect(findPublishedAt(d, null, NOW)).toBe('2012-01-17T08:30:00');
  });
  it('returns null for a page without any date', () => {
    expect(findPublishedAt(doc('<body><p>Nothing dated here.</p></body>'), null, NOW)).toBeNull();
  });
});
