import { describe, expect, it } from 'vitest';
import { extractContent } from '../../extractors/news/content/index';
import { isFurniture, trimBoilerplate } from '../../extractors/news/content/boilerplate';
import { doc } from './dom';

const STORY = [
  'The harbour authority said on Monday that the new ferry terminal would open to passengers in early June, two months later than planned.',
  'Engineers found cracks in two of the mooring posts during a final inspection, and the contractor agreed to replace them at its own cost.',
  'Regular travellers said the delay was a nuisance but that they would rather wait than board from a pier that might not be safe.',
  'The old terminal, built in 1964, will stay open until the last day of May and will then be handed over to the city for demolition.',
];

describe('author bio boxes', () => {
  it('drops an "about the author" bio kept inside the story container, keeps the story', () => {
    const html = `<html><body><article class="post">
      <h1>Ferry terminal opening delayed</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
      <div class="post-author"><h5>Maria Lopez</h5>
        <p>Maria Lopez is a transport reporter who has covered ports, ferries and the people who run them for more than a decade.</p></div>
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal opening delayed' });
    expect(r.paragraphs).toEqual(STORY);
  });

  it('keeps a story whose own container carries an author class', () => {
    const html = `<html><body><div class="layout has-author">
      <h1>Ferry terminal opening delayed</h1>
      ${STORY.map((p) => `<p>${p}</p>`).join('\n')}
    </div></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal opening delayed' });
    expect(r.paragraphs).toEqual(STORY);
  });
});

describe('standfirst', () => {
  it('drops a sentence-long subheading above the first paragraph, keeps section headings', () => {
    const dek = 'A two-month delay follows the discovery of cracks in the mooring posts during the final inspection.';
    const html = `<html><body><article>
      <h1>Ferry terminal opening delayed</h1>
      <h2 class="subtitle">${dek}</h2>
      ${STORY.slice(0, 2).map((p) => `<p>${p}</p>`).join('\n')}
      <h2>What happens to the old terminal</h2>
      ${STORY.slice(2).map((p) => `<p>${p}</p>`).join('\n')}
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal opening delayed' });
    expect(r.paragraphs).toEqual([...STORY.slice(0, 2), 'What happens to the old terminal', ...STORY.slice(2)]);
  });
});

describe('captions', () => {
  it('drops a caption paragraph whose class names it a caption after a prefix', () => {
    const html = `<html><body><article>
      <h1>Ferry terminal opening delayed</h1>
      ${STORY.slice(0, 2).map((p) => `<p>${p}</p>`).join('\n')}
      <div><img src="ferry.jpg"><p class="featured-image-caption">The new terminal seen from the water on a grey morning in spring.</p></div>
      ${STORY.slice(2).map((p) => `<p>${p}</p>`).join('\n')}
    </article></body></html>`;
    const r = extractContent(doc(html), null, { title: 'Ferry terminal opening delayed' });
    expect(r.paragraphs).toEqual(STORY);
  });
});

describe('furniture lines', () => {
  it('drops sign-up consent, affiliate notices and image copyright credits', () => {
    for (const line of [
      'By signing up, you agree to receive marketing e-mails from Example Deals and to our privacy policy.',
      'Editorial note: this page may contain affiliate links. If you buy through them we may earn a commission.',
      'Image copyright Example Photo Agency',
      'Email Maria Lopez at maria@example.com or follow her @marialopez. Follow us on Twitter @ExampleNews.',
    ]) {
      expect(isFurniture(line)).toBe(true);
    }
    expect(isFurniture('By signing up for the trial, the council agreed to report back to residents within a year, the mayor said.')).toBe(false);
    expect(isFurniture('The company pays its affiliate partners a flat fee, the report said.')).toBe(false);
  });

  it('drops Chinese picture notes, a bracketed byline and a font-size tool line', () => {
    for (const line of ['圖說:港口新建的渡輪碼頭，預計六月啟用。（記者王小明攝）', '【本報記者李華／台北報導】', '作者：陳大文 文字大小：【大】【中】【小】']) {
      expect(isFurniture(line)).toBe(true);
    }
    expect(isFurniture('【本報記者李華／台北報導】港務局週一表示，新渡輪碼頭將延後兩個月啟用。')).toBe(false);
  });

  it('cuts a traditional-script reprint notice like the simplified one', () => {
    const blocks = [...STORY.slice(0, 2), '(內容由本報提供。未經授權，不得轉載。)'].map((text) => ({ text, linkChars: 0, tag: 'p', hint: '' }));
    expect(trimBoilerplate(blocks).map((b) => b.text)).toEqual(STORY.slice(0, 2));
  });
});

describe("a newsroom's appeal for money under the story", () => {
  const page = (tail: string) =>
    extractContent(doc(`<html><body><article><h1>Ferry terminal opening delayed</h1>${STORY.map((p) => `<p>${p}</p>`).join('')}${tail}</article></body></html>`), null, { title: 'Ferry terminal opening delayed' }).paragraphs;
  it('ends the text where it opens ("Since you made it to the bottom of this article, we have a small favor to ask.")', () => {
    expect(page('<p>Since you made it to the bottom of this article, we have a small favor to ask.</p><p>We are in the midst of our end-of-year campaign, and every dollar you give will be doubled.</p><p>Thank you.</p>')).toEqual(STORY);
    expect(page('<p>Support independent journalism.</p><p>Our reporting is free for everyone because readers like you chip in what they can each month.</p>')).toEqual(STORY);
  });
  it('drops a lone "Donate now" and a "Get the best of … delivered to your inbox" promo', () => {
    expect(page('<p>Get the best of Example News delivered to your inbox every morning.</p><p><a href="/donate">Donate now</a></p>')).toEqual(STORY);
  });
  it('keeps a sentence of the story about funding journalism', () => {
    const line = 'The city also announced a small grant that will support local journalism in the harbour district, starting next year.';
    expect(page(`<p>${line}</p>`)).toEqual([...STORY, line]);
  });
});
