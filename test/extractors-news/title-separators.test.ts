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

  it('keeps French quotes and a spaced colon in the headline; parts off only the site name after them', () => {
    const page = doc(
      `<html><head><title>Grève : « Nous ne céderons pas » - Le Quotidien</title><meta property="og:site_name" content="Le Quotidien"></head><body><p>Texte.</p></body></html>`,
      'https://www.lequotidien.example/2026/03/greve.html',
    );
    expect(findTitle(page, null, 'Le Quotidien')).toBe('Grève : « Nous ne céderons pas »');
  });

  it("cuts at a spaced colon only next to the site's name, keeping the headline's own colon", () => {
    const page = doc(
      `<html><head><title>Grève : ce qui change lundi : Le Quotidien</title><meta property="og:site_name" content="Le Quotidien"></head><body><p>Texte.</p></body></html>`,
      'https://www.lequotidien.example/2026/03/greve-lundi.html',
    );
    expect(findTitle(page, null, 'Le Quotidien')).toBe('Grève : ce qui change lundi');
  });

  it("splits at a guillemet that quotes nothing (a blog theme's 'Post « Blog')", () => {
    const page = doc(
      `<html><head><title>Pruning apple trees in winter « Orchard Notes</title></head><body><a href="/">Orchard Notes</a><p>Text.</p></body></html>`,
      'https://orchardnotes.example/2026/01/pruning/',
    );
    expect(findTitle(page, null, null)).toBe('Pruning apple trees in winter');
  });

  it("cuts at a slash, a wave dash or a full-width colon when the part after it is the site's name, and at that mark's other places", () => {
    const forum = doc(
      `<html><head><title>Kernel panic after upgrade / Installation help / Tux Forums</title></head><body><a href="/">Tux Forums</a><p>Hi all.</p></body></html>`,
      'https://forums.tux.example/viewtopic.php?id=12',
    );
    expect(findTitle(forum, null, null)).toBe('Kernel panic after upgrade');
    const jp = doc(
      `<html><head><title>新駅が来春開業へ：みなと新聞</title><meta property="og:site_name" content="みなと新聞"></head><body><p>本文。</p></body></html>`,
      'https://www.minato.example/articles/1',
    );
    expect(findTitle(jp, null, 'みなと新聞')).toBe('新駅が来春開業へ');
    const wave = doc(
      `<html><head><title>Storm closes schools ~ Valley Herald</title><meta property="og:site_name" content="Valley Herald"></head><body><p>Text.</p></body></html>`,
      'https://valley.example/a/1',
    );
    expect(findTitle(wave, null, 'Valley Herald')).toBe('Storm closes schools');
  });

  it("keeps a headline's own slash or colon when no site name follows it", () => {
    const page = doc(
      `<html><head><title>Rent / buy: what the numbers say in 2026 | Money Desk</title><meta property="og:site_name" content="Money Desk"></head><body><p>Text.</p></body></html>`,
      'https://moneydesk.example/a/1',
    );
    expect(findTitle(page, null, 'Money Desk')).toBe('Rent / buy: what the numbers say in 2026');
  });

  it('parts a site name after a bracketed tag that ends a Chinese headline (【组图】)', () => {
    const page = doc(
      `<html><head><title>北京迎来今冬初雪【组图】-晨报网</title></head><body><p>正文。</p></body></html>`,
      'https://news.chenbao.example/2026/03/2.html',
    );
    expect(findTitle(page, null, null)).toBe('北京迎来今冬初雪【组图】');
  });
});
