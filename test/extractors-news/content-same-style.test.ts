import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const TITLE = 'Five festivals worth the train fare this summer';

const INTRO = [
  'Summer festivals have grown so large that planning a trip around one now starts in the winter, when the cheapest tickets go on sale.',
  'We picked five that are easy to reach by train, each with a different reason to go, from the music to the food stalls by the river.',
  'Prices below are for a weekend pass bought early; most festivals also sell day tickets at the gate if the weather turns out fine.',
];

const ENTRIES = [
  'The harbour festival opens the season in June with three stages on the quay and a night market that stays open until the last ferry leaves.',
  'Tickets for the weekend sell out in a day, but the market and the fireworks over the water on Saturday night are free for everyone.',
  'The mountain folk festival in July is smaller and quieter, with fiddle players in the village square and long tables of local cheese.',
  'Trains from the city run every hour, and the walk from the station to the square takes about twenty minutes along the river path.',
  'The book festival in August fills the old town hall with readings, and the children’s tent runs workshops where young readers write their own stories.',
  'Most events cost a few pounds, and the open-air readings in the park each evening need no ticket at all if you bring a blanket.',
];

describe('a story split around a promotion box', () => {
  it('joins the part before the box when it is written in the same paragraph style', () => {
    // The introduction sits in a "header"-named hero box Readability skips, the festival entries
    // in the page's layout below a sign-up link: Readability keeps the entries only.
    const html = `<html><body>
      <header><nav><a href="/">Home</a> <a href="/travel">Travel</a> <a href="/food">Food</a></nav></header>
      <h1>${TITLE}</h1><div class="hero-header">
        <div class="lede-wrap"><div class="copy">${INTRO.map((p) => `<p class="body-copy">${p}</p>`).join('')}</div></div>
      </div>
      <div class="signup"><a href="/join">Get our weekly travel deals</a></div>
      <div class="layout"><section class="entries"><div class="copy">
        ${ENTRIES.map((p) => `<p class="body-copy">${p}</p>`).join('')}
      </div></section></div>
      <footer><a href="/about">About</a> <a href="/contact">Contact</a></footer></body></html>`;
    const r = extractContent(doc(html), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, ...ENTRIES]);
  });
});
