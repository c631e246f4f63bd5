import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { dropControlForms } from '../../extractors/news/content/forms';
import { dropRelatedBoxes, dropTeaserCards } from '../../extractors/news/content/teasers';
import { isFurniture, isSectionEnd } from '../../extractors/news/content/boilerplate';
import { doc } from './dom';

const STORY = [
  'The harbour authority said on Monday that the old ferry pier will close for repairs in March, after inspectors found cracks in two of its supports.',
  'Commuters will be moved to a temporary landing stage a few hundred metres to the north, with shuttle buses running from the station every ten minutes.',
  'Work is expected to take about six months, and the authority has promised to publish weekly updates on its website while the pier is closed.',
];

const TEASERS = [
  'A long excerpt from another story about the lighthouse keepers who spent forty winters on the island, and what they remember of the storms and the supply boats that sometimes never came.',
  'Another excerpt, this time about a bakery that has sold the same rye loaf since 1921 and still uses the wood oven the founder built with his brothers in the back yard.',
  'A third excerpt about the marathon runners who train on the coastal path before dawn and the volunteers who hand out water at the top of the steepest hill of the course.',
];

describe('dropRelatedBoxes', () => {
  it('removes a box opened by a "related" heading even when its teasers outweigh a short story', () => {
    const d = doc(`<html><body><div id="main"><article><p>${STORY[0]}</p></article>
      <section class="more"><h3 class="relatedposts-title">You may enjoy…</h3>${TEASERS.map((t) => `<article><p>${t}</p></article>`).join('')}</section></div></body></html>`);
    dropRelatedBoxes(d.body);
    expect(d.body.textContent).toContain(STORY[0]);
    for (const t of TEASERS) expect(d.body.textContent).not.toContain(t);
  });

  it('recognises section headings in other languages by their words', () => {
    for (const t of ['Você pode gostar...', 'Artículos relacionados', 'À lire aussi', 'Das könnte Sie auch interessieren', 'Читайте также:', 'Самые популярные диеты']) {
      expect(isSectionEnd(t)).toBe(true);
    }
    expect(isSectionEnd('Most athletes read the label before they buy a drink.')).toBe(false);
  });

  it('does not grow the box into a wrapper that also holds the story', () => {
    const d = doc(`<html><body><p>Site header text that is long enough to count as something before the box, really, with a few more words.</p>
      <div id="wrap"><div class="side"><h3>Related stories</h3><ul><li><a href="/x">Other</a></li></ul></div>
      <div class="story">${STORY.map((p) => `<p>${p}</p>`).join('')}</div></div></body></html>`);
    dropRelatedBoxes(d.body);
    expect(d.querySelector('.side')).toBeNull();
    for (const p of STORY) expect(d.body.textContent).toContain(p);
  });

  it('leaves a box alone when no story comes before it', () => {
    const d = doc(`<html><body><div><h3>Related stories</h3>${STORY.map((p) => `<p>${p}</p>`).join('')}</div></body></html>`);
    dropRelatedBoxes(d.body);
    for (const p of STORY) expect(d.body.textContent).toContain(p);
  });
});

describe('dropTeaserCards', () => {
  const card = (i: number) => `<article class="card"><div class="kicker">KICKER ${i}</div><h2><a href="/other-${i}">Another headline ${i}</a></h2><p>A one-line blurb for story ${i}.</p></article>`;

  it('removes a list of <article> cards with linked headlines, keeps the story', () => {
    const d = doc(`<html><body><div id="c"><article><h1>Pier to close</h1>${STORY.map((p) => `<p>${p}</p>`).join('')}</article>${card(1)}${card(2)}${card(3)}</div></body></html>`);
    const root = d.getElementById('c')!;
    dropTeaserCards(root);
    expect(root.querySelectorAll('article')).toHaveLength(1);
    expect(root.textContent).not.toContain('KICKER');
  });

  it('keeps a lone card and a short story whose headline links to itself', () => {
    const d = doc(
      `<html><body><div id="c"><article><h2><a href="https://news.example.com/a/1.html">Pier to close</a></h2><p>${STORY[0]}</p></article>${card(1)}</div></body></html>`,
    );
    const root = d.getElementById('c')!;
    dropTeaserCards(root);
    expect(root.querySelectorAll('article')).toHaveLength(2);
  });
});

describe('dropControlForms', () => {
  it('drops a poll form, keeps a page-wide form that holds the story', () => {
    const poll = `<form class="vote"><h3>Survey</h3><p>What do you think of the closure?</p>
      <label><input type="radio" name="q">A good idea, the pier is unsafe</label><br>
      <label><input type="radio" name="q">A bad idea, it should stay open</label></form>`;
    const d = doc(`<html><body><form id="page"><input type="text" name="search"><div>${STORY.map((p) => `<p>${p}</p>`).join('')}</div>${poll}</form></body></html>`);
    dropControlForms(d);
    expect(d.getElementById('page')).not.toBeNull();
    expect(d.querySelector('form.vote')).toBeNull();
  });

  it('keeps poll answers out of the extracted text', () => {
    const html = `<html><body><article><h1>Pier to close</h1>${STORY.map((p) => `<p>${p}</p>`).join('')}
      <form><h3>Survey</h3><table><tr><td><input type="radio" name="q"></td><td>A good idea, the pier is unsafe</td></tr>
      <tr><td><input type="radio" name="q"></td><td>A bad idea, it should stay open for everyone</td></tr></table></form></article></body></html>`;
    expect(extractContent(doc(html), null, { title: 'Pier to close' }).paragraphs).toEqual(STORY);
  });
});

describe('counter bars', () => {
  it('treats a bar of counters and tool links as furniture', () => {
    expect(isFurniture('0人参与0条评论打印转发')).toBe(true);
    expect(isFurniture('12 comments | Print | Share')).toBe(true);
    expect(isFurniture('12 people took part in the vote, the council said.')).toBe(false);
  });
});

describe('extractContent with teasers', () => {
  it('returns a short story without the teaser excerpts under a "related" heading', () => {
    const html = `<html><body><nav><a href="/">Home</a></nav><div id="content"><article class="post"><h1>Pier to close</h1><p>${STORY[0]}</p></article>
      <div class="box"><h3 class="related-heading">Leia também</h3>${TEASERS.map((t, i) => `<article class="post"><a href="/t${i}"><img src="t.jpg"></a><p>${t}</p></article>`).join('')}</div></div></body></html>`;
    expect(extractContent(doc(html), null, { title: 'Pier to close' }).paragraphs).toEqual([STORY[0]]);
  });
});
