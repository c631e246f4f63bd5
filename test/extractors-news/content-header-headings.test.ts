import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const TITLE = 'What a year of sourdough taught me';
const INTRO = 'A year ago I had never baked bread; this week I baked my hundredth loaf, and here is what the year in between taught me.';
const PARTS: Array<[string, string[]]> = [
  ['Starting out', [
    'I baked my first loaf last January with a starter that a neighbour gave me in a jam jar, and it came out flat, pale and sour.',
    'Over the following weeks I learned that the starter was not the problem: my kitchen was simply too cold for it to rise in time.',
  ]],
  ['Finding a rhythm', [
    'Once I moved the dough next to the radiator and fed the starter every evening, the loaves rose higher and the crumb opened up.',
    'By spring I was baking twice a week, and friends started asking for a loaf whenever they came over for dinner on a Sunday.',
  ]],
  ['What I would do differently', [
    'If I started again I would buy a cheap thermometer on the first day, because guessing the temperature cost me months of bad bread.',
    'I would also keep a notebook of every bake, since the small changes that made the difference were easy to forget a week later.',
  ]],
];

function page(headingClass: string): string {
  return `<!doctype html><html><head><title>${TITLE}</title></head><body>
    <div class="sidebar"><h3 class="sidebar-header">Popular posts</h3><p>A short note from the sidebar about a newsletter you could join.</p></div>
    <article class="post"><h1>${TITLE}</h1>
    <div class="body markup"><p>${INTRO}</p>
    ${PARTS.map(([h, ps]) => `<h2 class="${headingClass}">${h}</h2>${ps.map((p) => `<p>${p}</p>`).join('')}`).join('\n')}
    </div></article></body></html>`;
}

describe('sub-headings named "header"', () => {
  it('keeps a story\'s sub-headings whose class holds the word "header"', () => {
    const r = extractContent(doc(page('header-anchor-post')), null, { title: TITLE });
    expect(r.paragraphs).toEqual([INTRO, ...PARTS.flatMap(([h, ps]) => [h, ...ps])]);
  });

  it('still leaves out a sidebar heading and its box', () => {
    const r = extractContent(doc(page('header-anchor-post')), null, { title: TITLE });
    expect(r.paragraphs.join('\n')).not.toContain('Popular posts');
  });
});
