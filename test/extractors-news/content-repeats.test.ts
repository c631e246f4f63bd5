import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

/** A guide with an FAQ, as a site builder renders it: the story once per screen size. */
const INTRO = [
  'A mesh system spreads one network over a whole house with a main router and a few satellites placed between rooms.',
  'We set up four systems in a three-storey house and measured speed in every room, at night and during the day.',
];
const FAQ = [
  'What is a mesh network?',
  'It is a router and one or more satellites that relay traffic to each other, so the whole house shares one network name and one password, and a phone or laptop moves between the units on its own.',
  'Do I need a wired connection between the units?',
  'No, but a cable between the router and each satellite keeps the speed up in rooms far from the router, because the satellites no longer spend part of their radio time talking to each other.',
  'How many satellites does a house need?',
  'One unit covers about a hundred and fifty square metres through two interior walls; thick brick or concrete, floor heating and mirrors cut that range, so large older houses often need one unit per floor.',
  'Can I mix units from different brands?',
  'Usually not: each maker runs its own protocol between the units, and the few systems that follow the EasyMesh standard still work best with units of their own brand, set up from the same app.',
  'Is a mesh system worth it in a small flat?',
  'Rarely. A single good router placed in the middle of a flat covers it, and two units in a small space mostly interfere with each other and with the neighbours instead of filling any dead spot.',
];
const SCHEDULE = ['Monday', 'Rest day', 'Tuesday', 'Easy run of thirty minutes along the river path', 'Wednesday', 'Rest day'];
const page = (body: string) => `<html><head><title>How mesh networks work</title></head><body><article class="post">
  <h1>How mesh networks work</h1>${body}</article></body></html>`;
const paras = (lines: readonly string[]) => lines.map((p) => `<p>${p}</p>`).join('\n');

describe('text repeated on the page', () => {
  it('keeps one copy of a story the page renders once per screen size', () => {
    const copy = `${paras(INTRO)}<h2>Questions</h2>${paras(FAQ)}`;
    const html = page(`<div class="variant desktop">${copy}</div><div class="variant tablet">${copy}</div><div class="variant phone">${copy}</div>`);
    const r = extractContent(doc(html), null, { title: 'How mesh networks work' });
    expect(r.paragraphs).toEqual([...INTRO, 'Questions', ...FAQ]);
  });

  it('keeps one copy of an FAQ repeated under the answers, and of a standfirst repeated as the first paragraph', () => {
    const dek = 'Mesh systems fix the dead spots a single router leaves in large homes, and they are easier to set up than ever; we tested four of them for a month, in a brick house and a wooden one, to see which are worth the money.';
    const html = page(`<p>${dek}</p><p>${dek}</p>${paras(INTRO)}${paras(FAQ)}<div class="faq-schema">${paras(FAQ)}</div>`);
    const r = extractContent(doc(html), null, { title: 'How mesh networks work' });
    expect(r.paragraphs).toEqual([dek, ...INTRO, ...FAQ]);
  });

  it("keeps a short passage the page shows twice (an event's blurb under each of its dates)", () => {
    const blurb = ['Two days of talks on home networks for installers and enthusiasts, with hands-on sessions in the afternoon.', 'Tickets include lunch and the evening meetup.'];
    const html = page(`${paras(INTRO)}<h3>Spring meetup, 12 April</h3>${paras(blurb)}<h3>Autumn meetup, 4 October</h3>${paras(blurb)}`);
    const r = extractContent(doc(html), null, { title: 'How mesh networks work' });
    expect(r.paragraphs).toEqual([...INTRO, 'Spring meetup, 12 April', ...blurb, 'Autumn meetup, 4 October', ...blurb]);
  });

  it('keeps short lines that recur in a schedule', () => {
    const html = page(`${paras(INTRO)}${paras(SCHEDULE)}${paras(['Thursday', 'Rest day'])}${paras(INTRO.map((p) => `${p} Again.`))}`);
    const r = extractContent(doc(html), null, { title: 'How mesh networks work' });
    expect(r.paragraphs).toEqual([...INTRO, ...SCHEDULE, 'Thursday', 'Rest day', ...INTRO.map((p) => `${p} Again.`)]);
  });
});
