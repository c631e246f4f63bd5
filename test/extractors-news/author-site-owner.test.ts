import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { doc } from './dom';

const P = '<p>Most of what I build starts on paper: a rough sketch, a cut list and a guess at how long the glue needs before the next step, which is usually wrong by a day.</p>';

/** A post with no byline anywhere: only the site says whose it is. */
function post(head: string, footer: string): string {
  return `<html><head><title>Notes on a Workbench${head}</title></head><body>
    <header><a href="/">${footer ? 'Home' : 'Nora Quill'}</a></header><h1>Notes on a Workbench</h1><p>March 5, 2026</p>${P.repeat(5)}
    <footer>${footer}</footer></body></html>`;
}

describe('the owner of a personal site named after them', () => {
  it('writes the posts of a site whose host spells its name (<title>, home link, copyright notice)', () => {
    expect(findAuthor(doc(post(' | Nora Quill', ''), 'https://noraquill.example/notes/workbench'), null, null)).toBe('Nora Quill');
    expect(findAuthor(doc(post('', ''), 'https://nora.example/notes/workbench'), null, null)).toBe('Nora Quill');
    expect(findAuthor(doc(post('', '&copy; 2025 Nora Quill. All rights reserved.'), 'https://quill.example/notes/workbench'), null, null)).toBe('Nora Quill');
  });
  it('is not a brand named like a person, nor a name the host does not spell', () => {
    expect(findAuthor(doc(post(' | Austin Hardware', ''), 'https://austinhardware.example/blog/workbench'), null, null)).toBeNull();
    expect(findAuthor(doc(post(' | Bread Dad', ''), 'https://breaddad.example/blog/workbench'), null, null)).toBeNull();
    expect(findAuthor(doc(post(' | Field Notes', ''), 'https://fieldnotes.example/blog/workbench'), null, null)).toBeNull();
    expect(findAuthor(doc(post(' | Logan University', ''), 'https://logan.example/blog/workbench'), null, null)).toBeNull();
    expect(findAuthor(doc(post(' | Nora Quill', ''), 'https://woodnotes.example/notes/workbench'), null, null)).toBeNull();
  });
  it('gives way to a byline', () => {
    const html = post(' | Nora Quill', '').replace('<p>March 5, 2026</p>', '<p class="byline">By Sam Lee, March 5, 2026</p>');
    expect(findAuthor(doc(html, 'https://noraquill.example/notes/workbench'), null, null)).toBe('Sam Lee');
  });
});

describe('an author box read part by part', () => {
  const page = (box: string) => `<html><head><title>Short Video in 2026</title></head><body><h1>Short Video in 2026</h1>${box}${P.repeat(5)}</body></html>`;
  const url = 'https://studio.example/learn/short-video';
  it('reads the part marked as the name, not the box around it nor its heading, position or description', () => {
    const box = `<div class="post-author"><h4 class="post-author-heading">Insights from</h4><div class="post-author-box"><div class="post-author-info">
      <div class="post-author-name">Liza Burke</div><div class="post-author-position">Marketing Director</div><div>May 14, 2025</div></div></div></div>`;
    expect(findAuthor(doc(page(box), url), null, null)).toBe('Liza Burke');
    const described = `<div class="grid"><p class="headline">Asa Lind</p><div class="dynamic-author-description">Licensed Q Grader, M.A. Journalism</div></div>`;
    expect(findAuthor(doc(page(described), url), null, null)).not.toBe('Licensed Q Grader, M.A. Journalism');
    const tagged = `<div class="post-byline">Asa Lind <span class="byline__tag">Personal Finance Desk</span></div>`;
    expect(findAuthor(doc(page(tagged), url), null, null)).toBe('Asa Lind');
  });
  it('joins the names of one list of authors', () => {
    const list = `<div class="video-post_author-list"><a class="video-post_author-text" href="/a"><div class="video-post_author-name">Corti</div><div class="video-post_author-title">AI platform for healthcare</div></a>
      <a class="video-post_author-text" href="/b"><div class="video-post_author-name">Joakim Edin</div><div class="video-post_author-title">Research &amp; Development</div></a></div>`;
    expect(findAuthor(doc(page(list), url), null, null)).toBe('Corti, Joakim Edin');
  });
});
