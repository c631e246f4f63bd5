import { describe, expect, it } from 'vitest';
import { pageAuthor } from './dom';

/** Hand-written pages whose writer is shown only beside their photo, or credited only in prose. */
const P = '<p>A cold frame lets seedlings start three weeks early: a box, an old window and a sunny wall are all it takes.</p>';

const authorOf = (html: string, url = 'https://www.seedbox.example/blog/cold-frames') => pageAuthor(html, url);

describe('the name beside the author photo', () => {
  it('reads the heading an author card shows under the photo whose alt names it, over the site given as author', () => {
    const html = `<html><head><title>Cold frames</title><meta name="author" content="Seedbox">
      <meta property="og:site_name" content="Seedbox"></head><body><h1>Cold frames</h1>${P}${P}
      <section><div class="callout"><img class="author__photo" src="/p/ruth.jpg" alt="ruth Calder"></div>
      <div class="callout__content"><h3>Ruth Calder</h3><p>Ruth Calder grows vegetables at <a href="/">Seedbox</a>.</p></div></section>
      </body></html>`;
    expect(authorOf(html)).toBe('Ruth Calder');
  });

  it('reads the name after an avatar in a date line', () => {
    const html = `<html><head><title>Cold frames</title></head><body><h1>Cold frames</h1>
      <p>Mar 4, 2025 <span>•</span> <img class="avatar avatar-xs" src="/a.png"> Ruth Calder in Gardening</p>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Ruth Calder');
  });

  it('stops the name after the avatar where a line about the writer starts with it again', () => {
    const html = `<html><head><title>Cold frames</title></head><body><h1>Cold frames</h1>
      <div><img class="avatar" src="/a.png"> <b>Ruth Calder</b> <span>Ruth grows vegetables at home.</span></div>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Ruth Calder');
  });

  it('leaves a commenter avatar alone', () => {
    const html = `<html><head><title>Cold frames</title></head><body><h1>Cold frames</h1>${P}${P}
      <div class="comments"><img class="avatar" src="/b.png" alt="Tom Hale"><b>Tom Hale</b><p>Nice one.</p></div></body></html>`;
    expect(authorOf(html)).toBeNull();
  });
});

describe('a "by" inside a sentence', () => {
  it('is a maker credited in prose, not the byline', () => {
    const html = `<html><head><title>Thirty years of web pages</title></head><body><h1>Thirty years of web pages</h1>
      <p>Next came Gatsby, created by Kyle Mathews, which turned a folder of markdown into a fast site and changed how I built everything after it.</p>${P}</body></html>`;
    expect(authorOf(html)).toBeNull();
  });
});

describe('a name under an "Article written by" label', () => {
  it('is read before a JSON-LD Organization author stands in', () => {
    const html = `<html><head><title>Cold frames</title>
      <script type="application/ld+json">{"@type":"BlogPosting","headline":"Cold frames","author":{"@type":"Organization","name":"Seedbox Growers Guild"}}</script>
      </head><body><h1>Cold frames</h1>${P}${P}
      <section><h2>Article written by:</h2><div><img src="/r.jpg" class="rounded"><div><h3>Ruth Calder, MSc</h3></div></div></section></body></html>`;
    expect(authorOf(html)).toBe('Ruth Calder, MSc');
  });
});

describe('a declared author the page never shows', () => {
  const page = (under: string) => `<html><head><title>Cold frames</title>
      <script type="application/ld+json">{"@type":"BlogPosting","headline":"Cold frames","author":{"@type":"Person","name":"Owen Pratt"}}</script>
      </head><body><h1>Cold frames</h1><div><p>${under}</p></div>${P}${P}</body></html>`;

  it('yields to the "By" line under the headline naming someone else', () => {
    expect(authorOf(page('By: Ruth Calder'))).toBe('Ruth Calder');
  });

  it('stays when the line under the headline credits a reviewer', () => {
    expect(authorOf(page('Reviewed by: Ruth Calder'))).toBe('Owen Pratt');
  });
});

describe('credits that are not a byline as written', () => {
  it('skips a meta author listing labelled roles and reads the author element less its job title', () => {
    const html = `<html><head><title>Cold frames</title>
      <meta name="author" content="content: Seedbox, design: Owen Pratt, code: Ada Lind, Seedbox Labs"></head><body>
      <h1>Cold frames</h1><span class="author"><a href="/about">Ruth Calder</a>, Senior Director, Content &amp; Marketing, Seedbox Growers and Seedbox Labs Institute</span>
      ${P}${P}</body></html>`;
    expect(authorOf(html)).toBe('Ruth Calder');
  });
});

describe('the owner of a personal site', () => {
  it('is named by the menu link to the about page when the host spells that name', () => {
    const html = `<html><head><title>Ten kettlebell drills - Iron at Home</title><meta property="og:site_name" content="Iron at Home"></head><body>
      <nav><ul><li><a href="https://karenwhitby.example/about/">About Karen Whitby</a></li></ul></nav>
      <h1>Ten kettlebell drills</h1>${P}${P}</body></html>`;
    expect(authorOf(html, 'https://karenwhitby.example/ten-kettlebell-drills/')).toBe('Karen Whitby');
  });
});

describe('an empty value printed as text', () => {
  it('is no author', () => {
    const html = `<html><head><title>Cold frames</title><meta name="author" content="undefined"></head><body><h1>Cold frames</h1>${P}${P}</body></html>`;
    expect(authorOf(html)).toBeNull();
  });
});

describe('a byline card whose next parts run into the name', () => {
  it.each([
    ['Ruth Calder4 min read', 'Ruth Calder'],
    ['Ruth Calder Writer', 'Ruth Calder'],
    ['Ruth Calder| Author', 'Ruth Calder'],
    ['Ruth CalderSenior Reporter', 'Ruth Calder'],
    ['Ruth Calder Former Analyst at Example Bank', 'Ruth Calder'],
    ['Seedbox Blog Contributor', 'Seedbox Blog Contributor'],
    ['Jo McWriter', 'Jo McWriter'],
  ])('reads %s as %s', (raw, name) => {
    const html = `<html><head><title>Cold frames</title><meta name="author" content="${raw}"></head><body><h1>Cold frames</h1>${P}${P}</body></html>`;
    expect(authorOf(html)).toBe(name);
  });
});
