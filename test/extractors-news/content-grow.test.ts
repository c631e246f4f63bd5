import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

// A story in sections that a page builder nests deep, each in its own stack of wrappers:
// Readability keeps the first (heaviest) section and none of the others.
const PARTS = [
  [
    'The city council approved the new cycling plan on Tuesday after a long debate that lasted well into the evening hours.',
    'Under the plan, twelve kilometres of protected bike lanes will be built along the main avenues over the next three years.',
    'Council members who voted against it said the money would be better spent on repairing the roads that already exist.',
    'Supporters answered that safer lanes would take cars off the road and save money on repairs in the long run.',
    'The mayor said the first lanes would open next spring, starting with the avenue that leads to the central station.',
  ],
  [
    'Cycling groups welcomed the vote but warned that lanes alone would not be enough to change how people travel.',
    'They asked the council to add secure bike parking at every school and at the stations of the regional railway line.',
    'A spokesperson said the group would watch closely whether the promised budget is actually spent on the lanes.',
  ],
  [
    'Shop owners on the main avenues are split: some fear losing parking spaces in front of their stores for good.',
    'Others expect more customers on foot and on bikes, pointing to cities where trade grew after lanes were built.',
    'The council promised to meet the owners before the final design of each street is drawn up by the planners.',
  ],
];
const HEADS = [null, 'Cyclists want more', 'Shops are divided'];

function section(head: string | null, paras: string[]): string {
  return `<div class="wrap"><div class="row"><div class="col"><div class="widget">${head ? `<h2>${head}</h2>` : ''}
    <div class="row"><div class="col"><div class="module"><span class="rich-text">${paras.map((p) => `<p>${p}</p>`).join('')}</span></div></div></div>
    </div></div></div></div>`;
}

function page(after = ''): string {
  return `<!doctype html><html><head><title>Council approves cycling plan</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/city">City</a></nav></header>
    <main><h1>Council approves cycling plan</h1>
    ${section(HEADS[0], PARTS[0])}
    ${section(HEADS[1], PARTS[1])}
    <aside class="promo"><h2>Our newsletter</h2><a href="/subscribe">Subscribe</a></aside>
    ${section(HEADS[2], PARTS[2])}
    </main>${after}
    <footer><a href="/about">About us</a> <a href="/privacy">Privacy</a></footer></body></html>`;
}

const WHOLE = [...PARTS[0], HEADS[1], ...PARTS[1], HEADS[2], ...PARTS[2]];

describe('a story split over sections Readability does not join', () => {
  for (const consume of [false, true]) {
    it(`returns every section, with its sub-heading, in page order (consume ${consume})`, () => {
      const r = extractContent(doc(page()), null, { title: 'Council approves cycling plan', consume });
      expect(r.paragraphs).toEqual(WHOLE);
    });
  }

  it('stops at a list of other stories after the story (linked headlines with blurbs)', () => {
    const teasers = ['Bus fares to rise in April', 'New library opens downtown', 'Park renovation finished early']
      .map(
        (t) => `<div class="card"><h3><a href="/news/${t.length}">${t}</a></h3>
        <p>The city announced the change this week after months of talks with residents, planners and the regional transport board.</p></div>`,
      )
      .join('');
    const r = extractContent(doc(page(`<div class="latest">${teasers}</div>`)), null, { title: 'Council approves cycling plan', consume: true });
    expect(r.paragraphs).toEqual(WHOLE);
  });

  it('does not reach back over the headline into the page header', () => {
    const intro = '<div class="hero"><p>Welcome to the City Times, your source for local news, events and opinion since 1887, published every day.</p><p>Read our coverage of the council, the schools, the courts and the businesses that shape the life of our town.</p></div>';
    const html = page().replace('<main><h1>', `${intro}<main><h1>`);
    const r = extractContent(doc(html), null, { title: 'Council approves cycling plan', consume: true });
    expect(r.paragraphs).toEqual(WHOLE);
  });
});

describe('copyright lines', () => {
  const STORY = [
    'Artists have filed a new lawsuit against the makers of an image generator, saying their work was used without pay.',
    'The case is the third of its kind this year and will be heard by a federal court in the spring, lawyers said.',
  ];
  const MORE = [
    'Courts in different countries have reached different answers on whether training a model is fair use of a work.',
    'Lawyers for both sides expect the question to reach the highest courts before any clear rule is settled.',
  ];

  it('keeps a sub-heading that merely starts with the word "Copyright", and the story after it', () => {
    const html = `<html><body><article><h1>Artists sue again</h1>${STORY.map((p) => `<p>${p}</p>`).join('')}
      <h2>Copyright law in a fragmented world</h2>${MORE.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Artists sue again' });
    expect(r.paragraphs).toEqual([...STORY, 'Copyright law in a fragmented world', ...MORE]);
  });

  it('still drops the copyright notice that ends an article, whatever its sign', () => {
    for (const notice of ['Copyright © 2024 City Times.', 'Copyright ⓒ Example Media. Reproduction prohibited', 'Copyright @ 2019 The Daily Example.', '© 2024 City Times']) {
      const html = `<html><body><article><h1>Artists sue again</h1>${[...STORY, ...MORE].map((p) => `<p>${p}</p>`).join('')}<p>${notice}</p></article></body></html>`;
      expect(extractContent(doc(html), null, { title: 'Artists sue again' }).paragraphs, notice).toEqual([...STORY, ...MORE]);
    }
  });
});
