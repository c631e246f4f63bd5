import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

/** A story whose sections page builders and CSS frameworks wrap in blocks named with Readability's "negative" words. */
const TITLE = 'Easy everyday bread';
const para = (topic: string, i: number) =>
  `<p>${topic} step ${i}: keep the dough covered and warm, check it every half hour, and give it a gentle fold whenever it starts to slump at the edges of the bowl, because a loose dough spreads in the oven.</p>`;
const section = (topic: string) => [1, 2, 3].map((i) => para(topic, i)).join('\n');
/** The last section sits in the named block: nothing after it lets the page's own lines fill it back in. */
const page = (wrap: (inner: string) => string, sidebar = '') => `<html><body>
  <header><nav><a href="/">Home</a> <a href="/recipes">Recipes</a> <a href="/blog">Blog</a></nav></header>
  <main><article><h1>${TITLE}</h1>
    <div class="entry-content">${section('Mixing')}
      ${section('Baking')}
      ${wrap(section('Cooling'))}</div>
  </article>${sidebar}</main>
  <footer><p>© 2026 The Bakery</p></footer></body></html>`;

const text = (html: string) => extractContent(doc(html, 'https://bakery.example.com/recipes/bread'), null, { title: TITLE }).paragraphs.join('\n');

describe('a story section in a block whose class name Readability counts against it', () => {
  for (const cls of ['elementor-widget-container', 'card overflow-hidden rounded', 'node node--promoted', 'ck-widget']) {
    it(`is kept when the block is class="${cls}"`, () => {
      const out = text(page((inner) => `<div class="${cls}">${inner}</div>`));
      for (const topic of ['Mixing', 'Baking', 'Cooling']) expect(out).toContain(`${topic} step 2:`);
    });
  }

  it('while a widget of links beside the story stays out', () => {
    const links = Array.from({ length: 8 }, (_, i) => `<li><a href="/recipes/${i}">Another bread recipe number ${i} with a long enough title to read</a></li>`).join('');
    const out = text(page((inner) => `<div class="elementor-widget-container">${inner}</div>`, `<aside><div class="widget widget_recent_entries"><h2>Recent recipes</h2><ul>${links}</ul></div></aside>`));
    expect(out).toContain('Cooling step 2:');
    expect(out).not.toContain('Another bread recipe');
  });
});
