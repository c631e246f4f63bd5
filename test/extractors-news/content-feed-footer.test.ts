import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  'Search engines now answer many questions on the results page itself, so fewer visitors click through to the sites they quote.',
  'Small shops that relied on a single ranking page have started to publish longer guides that answer the follow-up questions too.',
  'An agency owner we spoke to said the pages that still bring visitors are the ones with prices, opening hours and real photos.',
];

describe('a feed footer republished with the post', () => {
  it('drops "The post … appeared first on …" under the story', () => {
    const footer = 'The post How Search Is Changing for Small Shops in 2025 appeared first on Example Marketing Blog.';
    const html = `<html><body><article class="post">
      <h1>How Search Is Changing for Small Shops in 2025</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <p>${footer}</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'How Search Is Changing for Small Shops in 2025' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('keeps a sentence of the story that mentions where a post appeared first', () => {
    const line = 'The post that started the debate appeared first on a forum for shop owners, and within a week three newspapers had quoted it.';
    const html = `<html><body><article class="post">
      <h1>How Search Is Changing for Small Shops in 2025</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <p>${line}</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'How Search Is Changing for Small Shops in 2025' });
    expect(r.paragraphs).toEqual([...STORY, line]);
  });
});
