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
    expect(findAuthor(doc(post(' | Nora Quill', ''), 'https://woodnotes.example/notes/workbench'), null, null)).toBeNull();
  });
  it('gives way to a byline', () => {
    const html = post(' | Nora Quill', '').replace('<p>March 5, 2026</p>', '<p class="byline">By Sam Lee, March 5, 2026</p>');
    expect(findAuthor(doc(html, 'https://noraquill.example/notes/workbench'), null, null)).toBe('Sam Lee');
  });
});
