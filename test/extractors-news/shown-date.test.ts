import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

/** A re-dated guide: JSON-LD keeps the first version's day, the page shows another under the headline. */
function guide(dateLine: string, modified = '2025-12-19T18:06:00Z'): Document {
  const ld = { '@type': 'Article', headline: 'The best running shoes', datePublished: '2018-04-03T16:50:31Z', dateModified: modified };
  return doc(`<html lang="en"><head><title>The best running shoes | Example</title>
    <script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>
    <h1>The best running shoes</h1><div class="byline">${dateLine}</div>
    <p>We tested forty pairs of running shoes over three months on roads, tracks and trails.</p></body></html>`);
}
const article = { '@type': 'Article', datePublished: '2018-04-03T16:50:31Z', dateModified: '2025-12-19T18:06:00Z' };

describe('the date a page shows against its structured date', () => {
  it('takes the day the date line under the headline shows when the page never shows the structured day', () => {
    // the instant of that day comes from dateModified
    expect(findPublishedAt(guide('By Jane Doe · December 19, 2025'), article, NOW)).toBe('2025-12-19T18:06:00Z');
  });
  it('keeps the structured date when the page shows it too', () => {
    expect(findPublishedAt(guide('April 3, 2018 · December 19, 2025'), article, NOW)).toBe('2018-04-03T16:50:31Z');
  });
  it('takes a shown update too when the publish day is in schema data only (see published-shown.test.ts)', () => {
    expect(findPublishedAt(guide('Updated December 19, 2025'), article, NOW)).toBe('2025-12-19T18:06:00Z');
  });
  it('keeps the structured instant when the shown day is one day off (the same instant in another zone)', () => {
    const a = { '@type': 'Article', datePublished: '2025-12-19T02:41:00+00:00' };
    const d = doc(`<html><head><title>Notes</title></head><body><h1>Notes from the week</h1><p>December 18, 2025</p><p>Text of the post.</p></body></html>`);
    expect(findPublishedAt(d, a, NOW)).toBe('2025-12-19T02:41:00+00:00');
  });
  it('reads an ambiguous numeric date both ways before overruling the structured day', () => {
    const a = { '@type': 'Article', datePublished: '2024-09-10T16:07:00Z' };
    const d = doc(`<html><head><title>Notes</title></head><body><h1>Notes from the week</h1><p>09.10.2024</p><p>Text of the post.</p></body></html>`);
    expect(findPublishedAt(d, a, NOW)).toBe('2024-09-10T16:07:00Z');
  });
});
