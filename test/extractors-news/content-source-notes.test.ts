import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  'Buying an existing accounting practice is often cheaper than building one, because the clients, staff and software come with it.',
  'Brokers list practices by region and size, and most ask a buyer to sign a confidentiality agreement before they share the books.',
  'A careful buyer compares the client list with the seller’s own forecast and asks how many clients stayed after the last price rise.',
  'Financing usually mixes a bank loan with a note the seller carries for three to five years, which keeps the seller interested in a smooth handover.',
];

const page = (tail: string) => `<html><body><article class="post">
  <h1>How to buy an accounting practice</h1>
  ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
  ${tail}
</article></body></html>`;

describe('source lists and editor notes after the story', () => {
  it('drops an "Article Sources" list under the story', () => {
    const html = page(`<h3>Article Sources</h3>
      <p>All our articles are checked by our fact-checkers for accuracy. See our editorial policy for more on our standards.</p>
      <ol><li>“Practice Benchmarking Study 2025.” Example Research, https://research.example.org/study. Accessed 11 Apr. 2025.</li>
      <li>“Marketplace for Financial Practices.” Example Market, https://market.example.com. Accessed 4 Nov. 2025.</li></ol>`);
    const r = extractContent(doc(html), null, { title: 'How to buy an accounting practice' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('drops an "Editor’s note" section under the story', () => {
    const html = page(`<h4>Editor’s note</h4>
      <p>We updated this article on 27 November 2025. Our editors review our guides often to keep the figures current.</p>`);
    const r = extractContent(doc(html), null, { title: 'How to buy an accounting practice' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('keeps a "References" list, which belongs to the text', () => {
    const refs = 'Smith, J. (2020). Small practice finance. Example Press, pages 12 to 40.';
    const html = page(`<h3>References</h3><ol><li>${refs}</li></ol>`);
    const r = extractContent(doc(html), null, { title: 'How to buy an accounting practice' });
    expect(r.paragraphs).toEqual([...STORY, 'References', refs]);
  });
});
