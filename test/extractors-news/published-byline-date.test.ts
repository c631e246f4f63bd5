import { describe, expect, it } from 'vitest';
import { findPublishedAt } from '../../extractors/news/meta/published';
import { doc, NOW } from './dom';

const P = '<p>Mobile apps start with a problem worth solving, and the teams that ship good ones spend as much time on research and testing as they do on writing code for each platform they support.</p>';
const at = (html: string) => findPublishedAt(doc(html, 'https://example.com/blog/how-apps-are-made'), null, NOW, { url: 'https://example.com/blog/how-apps-are-made' });

describe('a date set alone beside the byline, away from the headline', () => {
  const page = (byline: string) => `<html><head><title>How Are Mobile Apps Made? | Example</title></head><body>
    <header><h1>How Are Mobile Apps Made?</h1><p>A guide to planning, design and launch.</p></header>
    <main>${P.repeat(20)}<div class="tags"><a href="/t/apps">apps</a> <a href="/t/dev">development</a></div>
    <div>${byline}</div>${P.repeat(6)}</main></body></html>`;
  it('dates the page ("Written by Moses Kim" / "April 8, 2024")', () => {
    expect(at(page('<p>Written by <a href="/blog/author/moses-kim">Moses Kim</a></p><p>April 8, 2024</p>'))).toBe('2024-04-08');
  });
  it('but a date line that is not beside a byline does not', () => {
    expect(at(page('<p>Share this guide</p><p>April 8, 2024</p>'))).toBeNull();
  });
});
