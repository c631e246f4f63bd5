import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findArticle, readJsonLd } from '../../extractors/news/jsonld';
import { doc } from './dom';

/** Hand-written report and blog pages whose writer sits in a details box or a dated byline bar, not in a "By …" line. */
const P = '<p>The survey asked four hundred growers how the dry spring changed what they planted and when they sold.</p>';

function authorOf(body: string): string | null {
  const d = doc(
    `<html><head><title>Growers and the dry spring - Field Notes</title></head>
      <body><h1>Growers and the dry spring</h1>${body}${P}${P}${P}</body></html>`,
    'https://fieldnotes.example/reports/dry-spring',
  );
  return findAuthor(d, findArticle(readJsonLd(d)), null);
}

describe('a writer named in a field of its own', () => {
  it('reads the value under an "Author" label', () => {
    expect(authorOf('<div class="details"><div><h3>Published</h3><p>May 2, 2024</p></div><div><h3>Author</h3><p>Lisa Q. Marsh</p></div></div>')).toBe('Lisa Q. Marsh');
  });

  it('joins a list of writers under an "Author(s)" label', () => {
    expect(authorOf('<div class="meta"><h6>Author(s)</h6><ul><li><a href="/lib?a=1">Ann Lee</a></li><li><a href="/lib?a=2">Bo Park</a></li></ul></div>')).toBe('Ann Lee, Bo Park');
  });

  it('does not read a menu of roles ("Writers", "Photographers") as a label and its value', () => {
    expect(authorOf('<ul class="jobs"><li>Join us<ol><li>Writers</li><li>Photographers</li></ol></li></ul>')).toBeNull();
  });
});

describe('a byline bar that opens with the date', () => {
  it('takes the capitalised name after the separator', () => {
    expect(authorOf('<div class="publish-date-author">Dec. 19, 2025 &middot; Niko Brandt on behalf of <a href="/teams/docs">the docs group</a></div>')).toBe('Niko Brandt');
    expect(authorOf('<p class="post-author">Dec 26, 2025 <span>&bull;</span> Mahua Sen in <a href="/blog/projects">Projects</a></p>')).toBe('Mahua Sen');
  });

  it('finds no name in a bar that is only a date and a section', () => {
    expect(authorOf('<div class="publish-date-author">Dec. 19, 2025 &middot; news and notes</div>')).toBeNull();
  });
});
