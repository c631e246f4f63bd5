import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** Which marks in <title> separate the headline from site and section names. */
describe('title separators', () => {
  it('keeps an unspaced underscore between Latin letters (part of a name) but splits on one next to Chinese text', () => {
    const latin = doc(
      `<html><head><title>libfoo_bar_sys: Progress Report #12</title></head><body><p>What changed this month.</p></body></html>`,
      'https://blog.devnotes.example/libfoo-report-12',
    );
    expect(findTitle(latin, null, null)).toBe('libfoo_bar_sys: Progress Report #12');
    const chinese = doc(
      `<html><head><title>城市公交新线路今日开通_本地新闻_晨报网</title></head><body><p>正文。</p></body></html>`,
      'https://news.chenbao.example/2026/03/1.html',
    );
    expect(findTitle(chinese, null, null)).toBe('城市公交新线路今日开通');
  });
});
