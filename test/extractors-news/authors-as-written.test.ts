import { describe, expect, it } from 'vitest';
import { findAuthor } from '../../extractors/news/meta/author';
import { findArticle, readJsonLd } from '../../extractors/news/jsonld';
import { doc } from './dom';

/** Hand-written pages whose JSON-LD lists several writers that the visible byline joins in its own words. */
const P = '<p>The two teams compared every streaming service on price, catalogue size and picture quality over a month.</p>';

function authorOf(byline: string): string | null {
  const d = doc(
    `<html><head><title>Streaming services compared</title>
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Streaming services compared",
        "author":[{"@type":"Person","name":"Ann Lee"},{"@type":"Person","name":"Bo Park"},{"@type":"Person","name":"Cy Moss"}]}</script>
      </head><body><h1>Streaming services compared</h1><p class="meta">${byline}</p>${P}${P}</body></html>`,
    'https://www.tvdesk.example/guides/streaming',
  );
  return findAuthor(d, findArticle(readJsonLd(d)), null);
}

describe('several authors', () => {
  it('are joined as the byline writes them', () => {
    expect(authorOf('By Ann Lee, Bo Park, and Cy Moss')).toBe('Ann Lee, Bo Park, and Cy Moss');
    expect(authorOf('By Ann Lee, Bo Park & Cy Moss')).toBe('Ann Lee, Bo Park & Cy Moss');
  });

  it('keep the plain list when no line names them all with only separators between', () => {
    expect(authorOf('Ann Lee tested the apps while Bo Park and Cy Moss watched')).toBe('Ann Lee, Bo Park, Cy Moss');
  });
});
