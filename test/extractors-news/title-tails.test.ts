import { describe, expect, it } from 'vitest';
import { findTitle } from '../../extractors/news/meta/title';
import { doc } from './dom';

const page = (title: string, h1: string, head = '', url?: string): Document =>
  doc(`<html><head><title>${title}</title>${head}</head><body><h1>${h1}</h1><p>Body text of the article.</p></body></html>`, url);

describe('headlines without what themes print around them', () => {
  it('drops a post date and byline printed inside the <h1>', () => {
    expect(findTitle(page('Top Strategies to Optimize Blockchain Security | Infuy', 'Top Strategies to Optimize Blockchain Security Posted on July 1, 2024 by infuy'), null, null)).toBe(
      'Top Strategies to Optimize Blockchain Security',
    );
    expect(findTitle(page('Preparing a transition in Debusine', 'Dec 18 2025 Preparing a transition in Debusine'), null, null)).toBe('Preparing a transition in Debusine');
  });
  it('drops a section or site name after " | " even when the <h1> or og:title carries it', () => {
    expect(
      findTitle(page('How to help babies sleep through the night | Patient Education | Example Hospital', 'How to help babies sleep through the night | Patient Education | Example Hospital'), null, null),
    ).toBe('How to help babies sleep through the night');
    const og = '<meta property="og:title" content="How meditation rewires brains | Opinion">';
    expect(findTitle(doc(`<html><head><title>The impact of meditation | Opinion</title>${og}</head><body><p>Text.</p></body></html>`), null, null)).toBe('How meditation rewires brains');
  });
  it('keeps a long subtitle after " | ": a phrase, not a section or site name', () => {
    const headline = 'Twelve Quiet Trails Near the City for 2025 | The Best Walks for a Rainy Weekend';
    expect(findTitle(page(`${headline} — Trailnotes`, headline), null, null)).toBe(headline);
  });
  it('keeps a short head before " | " (a name, not a headline)', () => {
    // (On a host that does not spell "Example Park": there the tail would be the site's name.)
    expect(findTitle(page('Webcams | Example Park', 'Webcams | Example Park', '', 'https://www.nps.example/webcams.htm'), null, null)).toBe('Webcams | Example Park');
  });
});
