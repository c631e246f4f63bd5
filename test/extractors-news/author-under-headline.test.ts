import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { doc } from './dom';

const P = '<p>Cutting waste at home starts with the things you buy most often: groceries, cleaning supplies and the packaging they come in, which is where small changes add up over a year.</p>';
const url = 'https://example.org/blogs/stories/how-to-reduce-waste';

describe('a byline right under the headline', () => {
  const page = (meta: string) => `<html><head><title>How to Reduce Waste</title>${meta}<meta property="og:site_name" content="Green Roots"></head><body>
    <nav><a href="/">Home</a></nav><h1>How to Reduce Waste</h1><div class="my-meta"><span><a href="/search?q=Meaghan+Weeden">by Meaghan Weeden</a></span> <span>March 5, 2026</span></div>
    ${P.repeat(5)}<p class="blog_meta"><span>13/01/2026</span> <span>by Sam Other</span></p></body></html>`;
  it("names the writer where the site gives its own name as the page's author", () => {
    expect(findAuthor(doc(page('<meta name="author" content="Green Roots">'), url), null, null)).toBe('Meaghan Weeden');
  });
  it('ends the name where the job title starts ("Written by Meghan Neville Content Marketing Coordinator")', () => {
    const html = `<html><head><title>Programming Languages in Demand</title></head><body><h1>Programming Languages in Demand</h1>
      <div class="bottom-text">Written by Meghan Neville Content Marketing Coordinator</div>${P.repeat(5)}</body></html>`;
    expect(findAuthor(doc(html, url), null, null)).toBe('Meghan Neville');
    const founder = html.replace('Written by Meghan Neville Content Marketing Coordinator', 'By Preetam Jinka Co-founder and Chief Architect Dec 17, 2025');
    expect(findAuthor(doc(founder, url), null, null)).toBe('Preetam Jinka');
  });
});
