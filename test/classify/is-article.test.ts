import { describe, expect, it } from 'vitest';
import { isArticle } from '../../extractors/news/is-article';

// Hand-written paragraphs: a long one is ~1,100 characters of prose.
const sentence = 'The council met on Tuesday evening to weigh the budget for the flood defences along the river, and the members heard from residents whose homes were flooded twice last winter. ';
const long = (n: number) => sentence.repeat(n).trim();

describe('isArticle for an unmarked auto page', () => {
  it('takes two heavy paragraphs (the weight an undated page needs) for an article', () => {
    const paragraphs = [long(7), long(6)];
    expect(isArticle(null, { jsonLdArticle: null, paragraphs, publishedAt: '2026-03-02T08:00:00Z', ogType: null })).toBe(true);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs, publishedAt: null, ogType: null })).toBe(true);
  });

  it('still turns away two light paragraphs, dated or not, and one heavy paragraph', () => {
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(2), long(2)], publishedAt: '2026-03-02T08:00:00Z', ogType: null })).toBe(false);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(2), long(2)], publishedAt: null, ogType: null })).toBe(false);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(20)], publishedAt: '2026-03-02T08:00:00Z', ogType: null })).toBe(false);
  });

  it('keeps three paragraphs at the dated and undated weights', () => {
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(1), long(1), long(1)], publishedAt: '2026-03-02T08:00:00Z', ogType: null })).toBe(true);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(1), long(1), long(1)], publishedAt: null, ogType: null })).toBe(false);
  });
});

describe('isArticle for a brief (one or two short paragraphs)', () => {
  const flash = ['新华社北京3月5日电 第十四届全国人民代表大会第二次会议5日上午在人民大会堂开幕，国务院总理作政府工作报告。'];
  it('takes a brief whose headline is the title with the minute of publication beside it', () => {
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: flash, publishedAt: '2024-03-05T09:02:00+08:00', ogType: null, datedHeadline: true })).toBe(true);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: [long(1)], publishedAt: '2026-03-02T08:00:00Z', ogType: null, datedHeadline: true })).toBe(true);
  });

  it('turns it away with a day only, without the dateline by the headline, or with next to no text', () => {
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: flash, publishedAt: '2024-03-05', ogType: null, datedHeadline: true })).toBe(false);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: flash, publishedAt: '2024-03-05T09:02:00+08:00', ogType: null, datedHeadline: false })).toBe(false);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: flash, publishedAt: '2024-03-05T09:02:00+08:00', ogType: null })).toBe(false);
    expect(isArticle(null, { jsonLdArticle: null, paragraphs: ['Opening hours: 9:00-17:00.'], publishedAt: '2024-03-05T09:02:00Z', ogType: null, datedHeadline: true })).toBe(false);
  });
});
