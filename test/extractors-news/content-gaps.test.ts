import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const TITLE = 'How a small town rebuilt its flooded library';

const SECTIONS: { heading: string; paragraphs: string[] }[] = [
  {
    heading: 'The night the river rose',
    paragraphs: [
      'The river came over the levee a little after midnight, and by morning the ground floor of the library stood in four feet of brown water.',
      'Volunteers carried what they could up the stairs by torchlight, but the children’s room and the local history shelves were lost.',
      'The librarian, who had worked in the building for twenty years, said the smell of wet paper stayed in the street for weeks afterwards.',
    ],
  },
  {
    heading: 'Counting what was left',
    paragraphs: [
      'Insurance covered the building but not the collection, so the town council asked residents to list the books they remembered borrowing.',
      'More than three hundred people answered, and their lists became the first catalogue of what the new shelves would need to hold.',
      'Neighbouring towns sent boxes of duplicates, and a printer two counties away offered to reprint the out-of-print local histories at cost.',
    ],
  },
  {
    heading: 'Opening the doors again',
    paragraphs: [
      'The library reopened eighteen months later with raised floors, waterproof shelving on the ground level and a reading room upstairs.',
      'On the first morning the queue reached the end of the high street, and the children’s room ran out of library cards before noon.',
      'The council has since paid for a flood barrier that can be bolted across the entrance within an hour of a warning from the river authority.',
    ],
  },
];

const section = (s: (typeof SECTIONS)[number], cls: string) =>
  `<div class="${cls}"><h2>${s.heading}</h2>${s.paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;

describe('holes in the chosen story', () => {
  it('reads back a story section in a sibling container Readability scored lower', () => {
    // The middle section's container has a class Readability scores down ("media"): it keeps the
    // first and last sections and leaves a hole between them.
    const html = `<html><body><main><article>
      <h1>${TITLE}</h1>
      ${section(SECTIONS[0], 'chapter')}
      ${section(SECTIONS[1], 'media-block')}
      ${section(SECTIONS[2], 'chapter')}
    </article></main>
    <footer><a href="/about">About</a> <a href="/contact">Contact</a></footer></body></html>`;
    const r = extractContent(doc(html), null, { title: TITLE });
    const story = SECTIONS.flatMap((s) => [s.heading, ...s.paragraphs]);
    // (from the first paragraph on: a short heading at the very top is trimmed as an edge line)
    const from = (lines: string[]) => lines.slice(lines.indexOf(SECTIONS[0].paragraphs[0]));
    expect(from(r.paragraphs)).toEqual(from(story));
  });
});
