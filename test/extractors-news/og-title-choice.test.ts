import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

/** Hand-written page whose <h1> rewords the headline that og:title and <title> both carry. */
describe('headline variants', () => {
  it('takes og:title when <title> repeats it before the site name, over a reworded <h1>', () => {
    const d = doc(
      `<html><head><title>Raised Beds for Beginners: A Simple Guide | Greenplot</title>
        <meta property="og:title" content="Raised Beds for Beginners: A Simple Guide"></head><body>
        <h1>Raised Beds for Beginners: Your Simple Guide to Growing</h1><p>Start small, with one bed.</p></body></html>`,
      'https://www.greenplot.example/blog/raised-beds',
    );
    expect(findTitle(d, null, null)).toBe('Raised Beds for Beginners: A Simple Guide');
  });

  it('keeps an <h1> that says all of og:title (less the site name) and more', () => {
    const d = doc(
      `<html><head><title>Best Pottery Classes in 2025 | Claybook | Claybook</title>
        <meta property="og:title" content="Best Pottery Classes in 2025 | Claybook"></head><body>
        <h1>Best Pottery Classes in 2025, Reviewed by a Student</h1><p>We tried eleven studios.</p></body></html>`,
      'https://claybook.example/blog/best-pottery-classes',
    );
    expect(findTitle(d, null, null)).toBe('Best Pottery Classes in 2025, Reviewed by a Student');
  });

  it('keeps the <h1> when og:title is the whole <title> (it may carry the site name)', () => {
    const d = doc(
      `<html><head><title>Raised beds | Greenplot</title><meta property="og:title" content="Raised beds | Greenplot"></head><body>
        <h1>Raised beds for beginners</h1><p>Start small, with one bed.</p></body></html>`,
      'https://www.greenplot.example/blog/raised-beds',
    );
    expect(findTitle(d, null, null)).toBe('Raised beds for beginners');
  });
});
