import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const TITLE = 'How to install solar panels at home';
const INTRO = [
  'Installing solar panels can cut your electricity bill sharply, but the work takes several steps and a few weeks from the first quote to the day the system is switched on.',
  'This guide walks through each step in the order most installers follow, with the time each one usually takes and what you can do to speed it up.',
];
const STEP_1 = [
  'Gather a year of electricity bills so that installers can size the system to what your household actually uses over the seasons.',
  'A home energy audit before sizing the system often pays for itself, because every saving in use means fewer panels on the roof.',
];
const STEP_2 = [
  'Ask at least three installers for a quote and compare the equipment, the warranty and the total price rather than the price per panel.',
  'Check that each installer holds the certificates your region asks for, and ask how long the permits usually take where you live.',
];

describe('collapsed accordion panels', () => {
  it('reads the text of closed accordion panels their buttons open, not a closed menu', () => {
    const html = `<html><body>
      <header><button aria-controls="site-menu">Menu</button>
        <div id="site-menu" style="display:none"><a href="/a">Solar panels for homes and businesses</a> <a href="/b">Batteries</a> <a href="/c">Heat pumps</a></div></header>
      <article><h1>${TITLE}</h1>
        <div class="intro">${INTRO.map((p) => `<p>${p}</p>`).join('\n')}</div>
        <div class="accordion">
          <button aria-controls="step-1" aria-expanded="false">1. Understand your bill</button>
          <div id="step-1" style="display:none;" role="region">${STEP_1.map((p) => `<p>${p}</p>`).join('')}</div>
          <button aria-controls="step-2" aria-expanded="false">2. Get quotes</button>
          <div id="step-2" hidden>${STEP_2.map((p) => `<p>${p}</p>`).join('')}</div>
        </div>
      </article></body></html>`;
    const r = extractContent(doc(html), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, ...STEP_1, ...STEP_2]);
  });
});
