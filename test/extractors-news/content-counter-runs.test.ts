import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const INTRO = [
  'We carried each backpack for three weeks on trails in the Sierra Nevada, loaded with thirty pounds of gear and water.',
  'Every pack was scored for comfort, weight, ease of packing and how well its frame held up on rough ground.',
];
const FIRST = [
  'The first pack carried heavy loads with the least strain on our shoulders, even on the longest days.',
  'Its frame sheet flexes with the hips on steep ground, and the lid doubles as a day bag at camp.',
];
const SECOND = [
  'The second pack weighs a pound less and gives up some padding, which suits hikers who travel light.',
  'Its roll-top closure sheds rain well, though the side pockets are too tight for a large bottle.',
];
const LAST = 'Whichever pack you choose, fit it in a store first: torso length matters more than any feature on this list.';
/** A five-step star widget beside each product heading; its steps are plain list items. */
const STARS = '<div style="display: table-cell"><div style="display: inline-block"><ul class="rating">' +
  '<li class="one">1</li><li class="two">2</li><li class="three">3</li><li class="four">4</li><li class="five">5</li></ul></div></div>';
const item = (heading: string, text: readonly string[]) =>
  `<div class="award"><div style="display: table"><div><h4>${heading}</h4></div>${STARS}</div><div class="award-text">${text.map((p) => `<p>${p}</p>`).join('')}</div></div>`;

describe('counter runs (rating steps, slider dots)', () => {
  it('drops a rating widget\'s 1 2 3 4 5 lines under each product heading', () => {
    const html = `<html><body><article class="post">
      <h1>The best backpacks of the year</h1>
      ${INTRO.map((p) => `<p>${p}</p>`).join('\n')}
      ${item('Best overall', FIRST)}
      ${item('Best for light loads', SECOND)}
      <p>${LAST}</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'The best backpacks of the year' });
    expect(r.paragraphs).toEqual([...INTRO, 'Best overall', ...FIRST, 'Best for light loads', ...SECOND, LAST]);
  });

  it('keeps a numbered list and a code listing\'s line numbers', () => {
    const steps = ['1. Loosen every strap before you lift the pack.', '2. Tighten the hip belt first.', '3. Pull the shoulder straps snug.'];
    const code = '1\n2\n3';
    const html = `<html><body><article class="post">
      <h1>The best backpacks of the year</h1>
      ${INTRO.map((p) => `<p>${p}</p>`).join('\n')}
      ${steps.map((p) => `<p>${p}</p>`).join('\n')}
      <pre>${code}</pre>
      <p>${LAST}</p>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'The best backpacks of the year' });
    expect(r.paragraphs).toEqual([...INTRO, ...steps, code, LAST]);
  });
});
