import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { urlDay } from '../../extractors/news/meta/date-url';
import { doc, NOW } from './dom';

const PROSE = '<p>We spent three weeks comparing the options, reading the fine print and calling customer service twice.</p>';

describe("the URL's day", () => {
  it('reads the dated paths content systems write', () => {
    expect(urlDay('https://blog.example.com/2025/12/18/a-post/', NOW)).toBe('2025-12-18');
    expect(urlDay('https://example.org/articles/2025-12-15+Why+and+how', NOW)).toBe('2025-12-15');
    expect(urlDay('http://finance.example.com.cn/a/20111209/1.shtml', NOW)).toBe('2011-12-09');
    expect(urlDay('https://example.com/blog/2023/october/03/wine-styles/', NOW)).toBe('2023-10-03');
    expect(urlDay('https://example.com/p/2023/02/30/x', NOW)).toBeNull();
    expect(urlDay('https://example.com/item/1234567890', NOW)).toBeNull();
  });
  it('dates a page that shows no date by its URL', () => {
    const d = doc(`<html><head><title>Why and how</title></head><body><h1>Why and how</h1>${PROSE}</body></html>`);
    expect(findPublishedAt(d, null, NOW, { url: 'https://example.org/articles/2025-12-15+Why+and+how' })).toBe('2025-12-15');
  });
  it("writes a UTC instant in the page's zone when that puts it on the URL's day", () => {
    // 02:41 UTC on the 19th is the evening of the 18th on a blog whose times say -05:00.
    const d = doc(`<html><head><title>Comfort watches</title>
      <meta property="article:published_time" content="2025-12-19T02:41:41+00:00"></head><body>
      <h1>Comfort watches</h1><div class="meta">Posted on December 18, 2025</div>${PROSE}
      <div class="comment"><time datetime="2025-12-18T22:02:18-05:00">December 18, 2025, 10:02 pm</time></div></body></html>`);
    expect(findPublishedAt(d, null, NOW, { url: 'https://blog.example.com/2025/12/18/comfort-watches/' })).toBe('2025-12-18T21:41:41-05:00');
    // Without a dated URL the instant stays as the data wrote it.
    expect(findPublishedAt(d, null, NOW, { url: 'https://blog.example.com/comfort-watches/' })).toBe('2025-12-19T02:41:41+00:00');
  });
});

describe('a shown date earlier than the structured one', () => {
  const page = (line: string, h1 = 'How much to charge for a yoga class') =>
    doc(`<html><head><title>How Much To Charge For A Yoga Class | Example</title></head><body>
      <h1>${h1}</h1><div class="byline">${line}</div>${PROSE}${PROSE}</body></html>`);
  const republished = { '@type': 'Article', datePublished: '2025-06-24', dateModified: '2025-06-24' };
  it('takes the date under the headline: a story is not first published after a date it shows', () => {
    expect(findPublishedAt(page('August 25, 2024'), republished, NOW)).toBe('2024-08-25');
    expect(findPublishedAt(page('03/01/2024 by Jane Doe, Member of the Editorial Committee of the Example Society'), republished, NOW)).toBe('2024-03-01');
  });
  it('leaves the structured date alone for a sentence that mentions a date, or under a heading of a side box', () => {
    const sentence = 'Summary: the first full eclipse since January 10, 2001, and the best one to watch from here.';
    expect(findPublishedAt(page(sentence), republished, NOW)).toBe('2025-06-24');
    const side = doc(`<html><head><title>Wages paid on time this year | Example</title></head><body>
      ${PROSE}<h1>Related news</h1><ul><li>Ten years of late wages 2010-12-31 10:08</li></ul></body></html>`);
    expect(findPublishedAt(side, republished, NOW)).toBe('2025-06-24');
  });
});

describe('more ways pages write their date', () => {
  it('reads a meta name a site coined for the publish time, not its revision', () => {
    const d = doc(`<html><head><title>Tools</title><meta name="x-modified-date" content="2026-01-15">
      <meta name="x-published-date" content="2025-05-27T06:03:43Z"></head><body><h1>Tools</h1>${PROSE}</body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2025-05-27T06:03:43Z');
    const named = doc(`<html><head><title>Tools</title><meta name="published" content="July 17, 2025"></head><body><h1>Tools</h1>${PROSE}</body></html>`);
    expect(findPublishedAt(named, null, NOW)).toBe('2025-07-17');
  });
  it('finds a month name run together with the word before it', () => {
    const d = doc(`<html><head><title>Ten health benefits</title></head><body><h1>Ten health benefits</h1>
      <div class="meta"><a href="/mental">Mental Health</a>DECEMBER 22, 2022<span>Updated: JANUARY 02, 2026</span></div>${PROSE}</body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2022-12-22');
  });
});

describe('a labelled date line below the text', () => {
  const long = PROSE.repeat(40);
  it('dates a page whose only date is a labelled line under its text or in its footer', () => {
    const d = doc(`<html><head><title>GCC backend</title></head><body><h1>GCC backend</h1>${long}
      <div class="foot">Posted on the 15/12/2025 at 19:00 by someone</div><footer>© 2012-2025 Example</footer></body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBe('2025-12-15T19:00:00');
    const updated = doc(`<html><head><title>Webcams</title></head><body><h1>Webcams</h1>${long}
      <p>Last updated: November 13, 2025</p></body></html>`);
    expect(findPublishedAt(updated, null, NOW)).toBe('2025-11-13');
  });
  it('takes no date from an unlabelled line down the page (a list of other stories)', () => {
    const d = doc(`<html><head><title>Webcams</title></head><body><h1>Webcams</h1>${long}<p>November 13, 2025</p></body></html>`);
    expect(findPublishedAt(d, null, NOW)).toBeNull();
  });
});

describe('a <time> element', () => {
  it("reads the machine-readable datetime before the text of a <time> that only wraps it", () => {
    // The forum prints the UTC clock ("02:57 PM") while its other times say -07:00: the text,
    // read in the page's zone, would be 7 hours off.
    const d = doc(`<html><head><title>First trip | Forum</title>
      <meta itemprop="dateCreated" content="2024-07-03T08:30:35-07:00"></head><body>
      <h1>First trip</h1><div class="metadata">Posted by ann on
      <time class="date"><time datetime="2024-07-03T14:57:13Z">07/03/24 02:57 PM</time></time></div>
      ${PROSE}</body></html>`);
    expect(findPublishedAt(d, null, NOW, { url: 'https://forum.example.com/topics/first-trip' })).toBe('2024-07-03T14:57:13Z');
  });
});
