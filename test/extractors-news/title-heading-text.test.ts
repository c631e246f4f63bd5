import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

const page = (title: string, h1: string): Document =>
  doc(
    `<html><head><title>${title}</title></head><body><h1>${h1}</h1><p>First paragraph of the story.</p></body></html>`,
    'https://www.fieldnotes.example/2026/03/story',
  );

/** The <h1> read as a reader sees it, not as its raw text nodes run together. */
describe('headline text as shown', () => {
  it('reads a line break inside the <h1> as a space', () => {
    expect(findTitle(page('Rivers and Bridges | Field Notes', 'Rivers and<br>Bridges of the North'), null, null)).toBe('Rivers and Bridges of the North');
  });

  it('reads a block inside the <h1> as a separate word', () => {
    expect(findTitle(page('Night trains return | Field Notes', '<div>Night trains</div><div>return to the Alps</div>'), null, null)).toBe(
      'Night trains return to the Alps',
    );
  });

  it('drops soft hyphens and word joiners that only hint where a line may break', () => {
    expect(findTitle(page('Home Repair Assistance Grants | Field Notes', 'Home Repair Assis&shy;tance Grants for Older Own&#8288;ers'), null, null)).toBe(
      'Home Repair Assistance Grants for Older Owners',
    );
  });

  it("drops the permalink mark a documentation tool links after the heading ('Quick tour¶')", () => {
    expect(findTitle(page('Quick tour — Widgetry 2.1 documentation', 'Quick tour<a class="headerlink" href="#quick-tour" title="Link to this heading">¶</a>'), null, null)).toBe(
      'Quick tour',
    );
  });
});
