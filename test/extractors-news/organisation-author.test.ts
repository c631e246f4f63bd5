import { describe, expect, it } from 'vitest';
import { pageAuthor } from './dom';

/** Hand-written English pages whose structured author is the company behind the site, not the writer. */
const P = '<p>Planting a small herb bed takes an afternoon, a few bags of compost and a sunny corner of the yard.</p>';

const authorOf = (html: string, url = 'https://www.greenplot.example/blog/herb-bed') => pageAuthor(html, url);

describe('an organisation or the site name given as author', () => {
  it('prefers the writer named in a byline over a JSON-LD Organization author', () => {
    const html = `<html><head><title>How to start an herb bed | Greenplot</title>
      <script type="application/ld+json">{"@type":"Article","headline":"How to start an herb bed",
        "author":{"@type":"Organization","name":"Greenplot Inc"}}</script></head><body>
      <h1>How to start an herb bed</h1><a rel="author" href="/team/jo">Jo Marsh</a>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Jo Marsh');
  });

  it('prefers the writer over a meta author equal to og:site_name', () => {
    const html = `<html><head><title>How to start an herb bed</title>
      <meta name="author" content="Greenplot Gardens"><meta property="og:site_name" content="Greenplot Gardens"></head><body>
      <h1>How to start an herb bed</h1><div class="post-author">Jo Marsh</div>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Jo Marsh');
  });

  it('takes the person a WebPage object credits when the page has no article object', () => {
    const html = `<html><head><title>Herb beds</title><meta name="author" content="Greenplot Gardens">
      <meta property="og:site_name" content="Greenplot Gardens">
      <script type="application/ld+json">{"@type":"WebPage","name":"Herb beds","author":{"@type":"Person","name":"Jo Marsh"}}</script>
      </head><body><h1>Herb beds</h1>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Jo Marsh');
  });

  it('keeps the organisation when the page names no writer', () => {
    const html = `<html><head><title>How to start an herb bed</title>
      <meta name="author" content="Greenplot Gardens"><meta property="og:site_name" content="Greenplot Gardens"></head><body>
      <h1>How to start an herb bed</h1>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Greenplot Gardens');
  });
});
