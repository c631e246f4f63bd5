import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

/** Hand-written pages whose data declares more than one publish date, or sets its date away from the headline. */
const PROSE = '<p>We spent three weeks comparing the options, reading the fine print and calling customer service twice.</p>';
const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;

describe('schema data and meta tags that declare different publish days', () => {
  const data = { '@type': 'Article', headline: 'The best running shoes', datePublished: '2018-04-03T16:50:31Z', dateModified: '2025-12-19T18:06:00Z' };
  const page = (line: string) =>
    doc(`<html><head><title>The Best Running Shoes | Example</title>
      <meta property="article:published_time" content="2025-12-19T18:06:00Z">${ld(data)}</head><body>
      <h1>The best running shoes</h1><div class="byline">${line}</div>${PROSE}${PROSE}</body></html>`);
  it('takes the one whose day the page shows', () => {
    expect(findPublishedAt(page('By Jane Doe · Updated: Dec 19, 2025'), data, NOW)).toBe('2025-12-19T18:06:00Z');
  });
  it('keeps the schema date when the page shows neither day', () => {
    expect(findPublishedAt(page('By Jane Doe'), data, NOW)).toBe('2018-04-03T16:50:31Z');
  });
});

describe('several publish times in the meta tags', () => {
  it('takes the earliest: one may be stamped when the page was rendered', () => {
    const d = doc(`<html><head><title>Emerging technologies</title>
      <meta name="published-time" content="2026-03-09T08:45:32.183Z"><meta name="modified-date" content="2024-07-30">
      <meta name="published-date" content="2021-02-16"></head><body><h1>Emerging technologies</h1>${PROSE}</body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2021-02-16');
  });
});

describe('a date element showing only the day the article was modified', () => {
  const data = { '@type': 'Article', headline: 'How to rent a car', datePublished: '2012-09-12T16:45:28+00:00', dateModified: '2021-09-08T18:02:10+00:00' };
  // The date stands in a marked element well below the headline, not in its date line.
  const page = (meta: string, shown = 'September 8, 2021') =>
    doc(`<html><head><title>How to Rent a Car | Example</title>${meta}${ld(data)}</head><body>
      <h1>How to rent a car</h1>${PROSE.repeat(7)}<div class="post-meta">Travel · ${shown} · 4 min read</div>${PROSE}</body></html>`);
  it('takes the day the reader sees, with the instant of dateModified', () => {
    expect(findPublishedAt(page(''), data, NOW)).toBe('2021-09-08T18:02:10+00:00');
  });
  it("keeps the schema date when the meta tags declare a publish time, or the element shows another day", () => {
    expect(findPublishedAt(page('<meta property="article:published_time" content="2012-09-12T16:45:28+00:00">'), data, NOW)).toBe('2012-09-12T16:45:28+00:00');
    expect(findPublishedAt(page('', 'March 3, 2020'), data, NOW)).toBe('2012-09-12T16:45:28+00:00');
  });
});

describe('a page whose meta tags alone declare the publish time', () => {
  const page = (line: string, ldData = '') =>
    doc(`<html><head><title>Crypto rules around the world | Example</title>
      <meta property="article:published_time" content="2024-12-30T19:34:50+00:00">
      <meta property="article:modified_time" content="2025-06-02T15:26:59+00:00">${ldData}</head><body>
      <h1>Crypto rules around the world</h1><div class="who">Jane Doe</div><div>${line}</div>${PROSE}${PROSE}</body></html>`);
  it('keeps it when the headline shows only another day (the revision\'s)', () => {
    expect(findPublishedAt(page('June 2, 2025'), null, NOW)).toBe('2024-12-30T19:34:50+00:00');
  });
  it('gives way to that day when schema data declares a publish day the page never shows', () => {
    const data = { '@type': 'BlogPosting', headline: 'Crypto rules around the world', datePublished: '2024-12-30T19:34:50+00:00', dateModified: '2025-06-02T15:26:59+00:00' };
    expect(findPublishedAt(page('June 2, 2025', ld(data)), data, NOW)).toBe('2025-06-02T15:26:59+00:00');
  });
});

describe('a date set above the headline', () => {
  const related = `<ul class="related"><li><a href="/b/2">Twenty agencies</a><div class="blog-date">December 2, 2025</div></li></ul>`;
  it("dates a page that shows no date under its headline, not by a related post's date", () => {
    const d = doc(`<html><head><title>The Top 7 Agencies | Example</title></head><body>
      <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav><div>Last updated:</div><div>Dec 12, 2025</div>
      <h1>The top 7 agencies</h1>${PROSE.repeat(7)}${related}</body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2025-12-12');
  });
  it('does not override the publish time the meta tags declare', () => {
    const data = { '@type': 'Article', datePublished: '2024-02-21T11:54:45+00:00', dateModified: '2025-10-26T18:41:45+00:00' };
    const d = doc(`<html><head><title>Top data trends | Example</title>
      <meta property="article:published_time" content="2024-02-21T11:54:45+00:00">${ld(data)}</head><body>
      <div>October 26, 2025</div><h1>Top data trends</h1>${PROSE}${PROSE}</body></html>`);
    expect(findPublishedAt(d, data, NOW)).toBe('2024-02-21T11:54:45+00:00');
  });
});
