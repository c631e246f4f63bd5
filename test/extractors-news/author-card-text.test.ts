import { describe, expect, it } from 'vitest';
import { pageAuthor } from './dom';

/** Hand-written story pages whose byline is laid out in the ways news and blog templates set it. */
const P = '<p>The city council voted on Tuesday to expand the bike lane network across the downtown core, a move that supporters say will make commuting safer for thousands of residents who ride every day.</p>';
const story = (header: string, tail = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Council expands bike lanes | Example News</title></head><body><header><a href="/">Example News</a></header>
   <article><h1>Council expands bike lanes</h1>${header}<time datetime="2025-03-04T10:00:00-05:00">March 4, 2025</time>${P.repeat(5)}${tail}</article></body></html>`;
const authorOf = (header: string, tail = '') => pageAuthor(story(header, tail), 'https://news.example.com/2025/03/04/council-bike-lanes');

describe('an author card whose parts sit side by side', () => {
  it('reads the name, not the role set in the next element ("<a>Jane Doe</a><span>Senior Reporter</span>")', () => {
    expect(authorOf('<div class="article-author"><a href="/staff/jane-doe">Jane Doe</a><span class="role">Senior Reporter</span></div>')).toBe('Jane Doe');
  });
  it('reads the name, not the date or its label after it', () => {
    expect(authorOf('<div class="author-box"><a href="/u/nick">Nick van Mead</a><span>2022-11-23T08:10+02:00</span></div>')).toBe('Nick van Mead');
    expect(authorOf('<div class="author-box"><a href="/u/craig">Craig McCarthy</a><span>Last updated on Dec 5, 2024</span></div>')).toBe('Craig McCarthy');
    expect(authorOf('<div class="author-box"><a href="/u/js">jsteinhardt</a><span>18th Dec 2025</span></div>')).toBe('jsteinhardt');
  });
  it('takes no name from a tag and a date in a byline box ("Personal finance January 27, 2025")', () => {
    expect(authorOf('<div class="post__byline"><span><a class="tag" href="/tag/personal-finance">Personal finance</a></span> <span>January 27, 2025</span></div>')).toBeNull();
  });
});

describe('a "By" line', () => {
  it('ends the name at a line break ("By Jane Doe<br>Medically reviewed by …")', () => {
    expect(authorOf('<div>By Jane Doe<br>Medically reviewed by Dr. John Smith, MD</div>')).toBe('Jane Doe');
  });
  it('reads names that start with an accented capital ("By José Álvarez")', () => {
    expect(authorOf('<div class="byline">By José Álvarez</div>')).toBe('José Álvarez');
  });
  it('reads every writer of a list with commas and "and", but not an employer after a comma', () => {
    expect(authorOf('<div class="byline">By Jane Doe, John Smith and Ann Lee</div>')).toBe('Jane Doe, John Smith and Ann Lee');
    expect(authorOf('<div class="byline">By Jane Doe, The Associated Press</div>')).toBe('Jane Doe');
    expect(authorOf('<div class="byline">By Jane Doe, Staff Writer</div>')).toBe('Jane Doe');
  });
});

describe('an "Authors:" list', () => {
  it('keeps every linked name of a paper\'s author list', () => {
    expect(authorOf('<div class="authors"><span class="descriptor">Authors:</span><a href="/a/roy">Ann Roy</a>, <a href="/a/patel">Jyoti Patel</a>, <a href="/a/das">Amit Das</a></div>')).toBe(
      'Ann Roy, Jyoti Patel, Amit Das',
    );
  });
});

describe("the writer's tagline closing the story", () => {
  it('names the writer when nothing else does ("Jane Doe is a staff writer covering transportation.")', () => {
    expect(authorOf('', '<p><em>Jane Doe is a staff writer covering transportation.</em></p>')).toBe('Jane Doe');
    expect(authorOf('', '<p><em>Nina Koziol is a garden writer and horticulturist who lives in Palos Park.</em></p>')).toBe('Nina Koziol');
  });
  it('is not read from a sentence of the story about someone who writes, with the story going on after it', () => {
    const html = story('', '').replace('</h1>', `</h1><p>Mark Field is a reporter for a local radio station, and he said the vote was expected.</p>`);
    expect(pageAuthor(html, 'https://news.example.com/2025/03/04/council-bike-lanes')).toBeNull();
  });
});
