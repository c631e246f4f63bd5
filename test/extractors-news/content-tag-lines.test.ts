import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const STORY = [
  'Gym owners who let members use free weights without supervision can be held liable when worn equipment causes an injury.',
  'A court will ask whether the owner inspected the machines on a schedule and whether the warning signs were easy to read.',
  'Members, for their part, sign waivers that rarely cover an owner who knew of a fault and did nothing to repair it.',
  'Lawyers advise owners to keep written inspection records and to take broken equipment out of use the same day.',
];

describe('labelled tag and category lines', () => {
  it('drops "Tags: …" and "Category: …" lines around the story', () => {
    const html = `<html><body><article class="post">
      <h1>Who pays when a gym machine breaks</h1>
      <p>Category: Personal Injury, Premises Liability</p>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <p>Tags: Employment, Health &amp; Fitness, Mid-sized Businesses</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Who pays when a gym machine breaks' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('keeps a sentence that starts with such a word', () => {
    const line = 'Topics: the owners we spoke to asked most about waivers. Here is what the courts have said about them.';
    const html = `<html><body><article class="post">
      <h1>Who pays when a gym machine breaks</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <p>${line}</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Who pays when a gym machine breaks' });
    expect(r.paragraphs).toEqual([...STORY, line]);
  });
});
