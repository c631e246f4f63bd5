import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** A section or site label printed before the headline ("Blog: …"), which the page's other titles leave out. */
describe('label before the headline', () => {
  it('drops a "Blog:" label from the <h1> when <title> carries the headline alone, keeps it when <title> has it too', () => {
    const labelled = (title: string): Document =>
      doc(
        `<html><head><title>${title}</title></head><body>
          <h1>Blog: Ten Ways to Cut Your Heating Bill This Winter</h1><p>Start with the draughts.</p></body></html>`,
        'https://www.warmhome.example/blog/heating-bill',
      );
    expect(findTitle(labelled('Ten Ways to Cut Your Heating Bill This Winter | Warm Home Services'), null, null)).toBe(
      'Ten Ways to Cut Your Heating Bill This Winter',
    );
    expect(findTitle(labelled('Blog: Ten Ways to Cut Your Heating Bill This Winter | Warm Home Services'), null, null)).toBe(
      'Blog: Ten Ways to Cut Your Heating Bill This Winter',
    );
  });

  it('drops a site name written before an og:title with a colon ("健康網:標題"), which <title> puts after the headline', () => {
    const d = doc(
      `<html><head><title>年節零食聰明吃 熱量別超標 - 樂活健康網</title>
        <meta property="og:title" content="樂活健康網:年節零食聰明吃 熱量別超標"></head><body>
        <h1>會員專區</h1><p>春節假期糖果餅乾少不了，營養師提醒注意熱量。</p></body></html>`,
      'https://health.lohas.example/news/20260117.html',
    );
    expect(findTitle(d, null, null)).toBe('年節零食聰明吃 熱量別超標');
  });
});
