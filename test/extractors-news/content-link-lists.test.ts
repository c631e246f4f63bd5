import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { doc } from './dom';

const TITLE = 'Five trails worth the drive this autumn';
const INTRO = [
  'Autumn is the best time of year to walk in the hills: the air is cool, the paths are dry, the leaves are turning and the summer crowds have finally gone home again.',
  'We asked three park rangers which trails they would pick for a weekend away from the city, and the same five names came up again and again in their answers.',
];
const OUTRO = [
  'All five trails are open until the first snow falls, and the rangers ask walkers to stay on the marked paths to protect the young trees planted along them last spring.',
  'Parking at the trailheads is free on weekdays; at weekends the small car parks fill up well before nine in the morning, so plan to arrive early or come by the hourly bus.',
];
const TRAILS = ['Red Ridge Loop', 'Miller Creek Path', 'Old Quarry Walk', 'Lakeshore Trail', 'Beacon Hill Climb'];

function page(middle: string, after = ''): string {
  return `<!doctype html><html><head><title>${TITLE}</title></head><body>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/outdoors">Outdoors</a></li><li><a href="/travel">Travel</a></li></ul></nav>
    <article><h1>${TITLE}</h1>
    ${INTRO.map((p) => `<p>${p}</p>`).join('\n')}
    ${middle}
    ${OUTRO.map((p) => `<p>${p}</p>`).join('\n')}
    ${after}
    </article>
    <footer><ul><li><a href="/about">About us</a></li><li><a href="/privacy">Privacy</a></li></ul></footer></body></html>`;
}

const linkedList = (items: string[], href: (t: string) => string) =>
  `<ul>${items.map((t) => `<li><a href="${href(t)}">${t}</a></li>`).join('')}</ul>`;
const slug = (t: string) => t.toLowerCase().replace(/\s+/g, '-');

describe('link lists inside the story', () => {
  it('keeps a list of linked names between story paragraphs', () => {
    const html = page(`<h2>The rangers' picks</h2>${linkedList(TRAILS, (t) => `https://parks.example.org/trails/${slug(t)}`)}`);
    const r = extractContent(doc(html), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, "The rangers' picks", ...TRAILS, ...OUTRO]);
  });

  it('keeps table rows whose first cell links to the entry', () => {
    const rows = TRAILS.map((t, i) => `<tr><td><a href="https://parks.example.org/trails/${slug(t)}">${t}</a></td><td>${4 + i} km</td></tr>`);
    const r = extractContent(doc(page(`<table><tr><th>Trail</th><th>Length</th></tr>${rows.join('')}</table>`)), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, 'Trail Length', ...TRAILS.map((t, i) => `${t} ${4 + i} km`), ...OUTRO]);
  });

  it('drops a table of contents (links to the page\'s own sections), also when written as the full URL', () => {
    for (const href of [(t: string) => `#${slug(t)}`, (t: string) => `https://news.example.com/a/1.html#${slug(t)}`]) {
      const r = extractContent(doc(page(linkedList(TRAILS, href))), null, { title: TITLE });
      expect(r.paragraphs).toEqual([...INTRO, ...OUTRO]);
    }
  });

  it('keeps sub-headings that link to themselves (permalink anchors), and still drops the table of contents', () => {
    const heads = ['Before you go', 'On the trail'];
    const toc = linkedList(heads, (t) => `#${slug(t)}`);
    const texts = [
      'Pack a warm layer and a head torch: the sun sets early in October and the valleys cool down quickly once it has gone behind the ridge.',
      'Keep dogs on a lead near the grazing fields, and close every gate behind you even when you found it open, as the farmers ask every season.',
    ];
    const section = (h: string, i: number) => `<h2 id="${slug(h)}"><a href="#${slug(h)}">${h}</a></h2><p>${texts[i]}</p>`;
    const r = extractContent(doc(page(`${toc}${heads.map(section).join('')}`)), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, heads[0], texts[0], heads[1], texts[1], ...OUTRO]);
  });

  it('drops a list of other stories after the story, and one a "Related" heading opens', () => {
    const others = ['Why the bridge on Route 9 is closed again', 'Ten campsites with a view of the lake', 'A guide to the best autumn colours'];
    const links = linkedList(others, (t) => `/news/${slug(t)}`);
    const r = extractContent(doc(page(`<h3>Related</h3>${links}`, `<h3>Read next</h3>${links}`)), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, ...OUTRO]);
  });

  it('drops a "Related post: …" pointer set inside the story', () => {
    const r = extractContent(doc(page('<h3>Related post: <a href="/news/campsites">Ten campsites with a view of the lake</a></h3>')), null, { title: TITLE });
    expect(r.paragraphs).toEqual([...INTRO, ...OUTRO]);
  });
});
