import { describe, it, expect } from 'vitest';
import { renderingNeed } from '../../src/crawler/fetching/render-need';
import { extractHtml } from '../../extractors/index';

/**
 * A product page whose price and buy box are written by a script: the static copy has neither, so
 * nothing but its markup says product (a static buy button would get it typed product already).
 */
const shell = (head: string) => `<!doctype html><html><head><title>Oak stool - A shop</title>${head}</head><body>
<h1>Oak stool</h1><div class="price-box" id="buy"></div>
<script>fetch('/api/price?id=7').then(function (r) { return r.json(); }).then(function (d) { document.getElementById('buy').innerHTML = 'Price: ' + d.price + ' <button>Add to cart</button>'; });</script>
</body></html>`;

const need = (html: string) => {
  const url = 'http://127.0.0.1/item/7.htm';
  return renderingNeed(html, url, extractHtml(html, url, { kind: 'auto' }));
};

describe('whether a page fetched over HTTP must be rendered', () => {
  it('renders a page whose markup says product when its static copy holds no price', () => {
    expect(need(shell('<meta property="og:type" content="product">'))).not.toBeNull();
    expect(need(shell('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Oak stool"}</script>'))).not.toBeNull();
  });

  it('reads a plain page over HTTP', () => {
    const article = `<!doctype html><html><head><title>A walk</title><meta property="og:type" content="article"></head><body><h1>A walk</h1>${'<p>We walked along the river and talked about the weather for a long while.</p>'.repeat(8)}</body></html>`;
    expect(need(article)).toBeNull();
  });
});
