import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** A share title cut short with an ellipsis is not the headline when the page has it whole. */
describe('truncated share titles', () => {
  it('takes the whole headline from <title> over an og:title cut with "…" or "..."', () => {
    for (const cut of ['Ten Ways to Cut Your Heating…', 'Ten Ways to Cut Your Heating ...']) {
      const d = doc(
        `<html><head><title>Ten Ways to Cut Your Heating Bill This Winter | Warm Home</title>
          <meta property="og:title" content="${cut}"></head><body><p>Start with the draughts.</p></body></html>`,
        'https://www.warmhome.example/blog/heating-bill',
      );
      expect(findTitle(d, null, null)).toBe('Ten Ways to Cut Your Heating Bill This Winter');
    }
  });
});
