import { describe, expect, it } from 'vitest';
import { jsonLdNodes, type SchemaNode } from '../../extractors/commerce/structured/jsonld';
import { flattenNodes, microdataNodes } from '../../extractors/commerce/structured/microdata';
import { productCandidate, productNodes, schemaReviews } from '../../extractors/commerce/structured/schema-product';
import { metaCandidate } from '../../extractors/commerce/structured/meta-tags';
import { schemaCrumbs } from '../../extractors/commerce/dom/breadcrumbs';
import { htmlDoc, PAGE_URL } from './helpers';

const sctx = { url: PAGE_URL, locale: null, host: 'shop.example.cn' };
const ld = (obj: unknown, wrap = (s: string) => s) => `<script type="application/ld+json">${wrap(JSON.stringify(obj))}</script>`;
const allElements = (doc: Document) => Array.from(doc.querySelectorAll('*'));

describe('JSON-LD Product', () => {
  it('reads offer price, list price, currency, availability, sku, brand, rating', () => {
    const doc = htmlDoc(
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Product', name: 'Tea Kettle', sku: 'TK-100', brand: { '@type': 'Brand', name: 'Kettleco' },
            image: ['/img/k.jpg'], aggregateRating: { ratingValue: '4.6', reviewCount: '120' },
            offers: [{
              '@type': 'Offer', price: '79.00', priceCurrency: 'CNY', availability: 'https://schema.org/InStock',
              priceSpecification: [{ '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/ListPrice', price: 99 }],
            }],
            review: [{ '@type': 'Review', author: { name: 'Li' }, reviewBody: 'Boils fast', reviewRating: { ratingValue: 5 }, datePublished: '2025-03-01' }],
          },
        ],
      }),
    );
    const nodes = jsonLdNodes(doc);
    const [p] = productNodes(nodes).map((n) => productCandidate(n, sctx, 'jsonld'));
    expect(p).toMatchObject({ name: 'Tea Kettle', price: 99, salePrice: 79, currency: 'CNY', availability: 'InStock', sku: 'TK-100', brand: 'Kettleco', rating: 4.6, reviewCount: 120, image: 'https://shop.example.cn/img/k.jpg' });
    // A date alone stays a day.
    expect(schemaReviews(nodes)).toEqual([{ author: 'Li', rating: 5, content: 'Boils fast', date: '2025-03-01' }]);
  });

  it("keeps a review's time in the page's zone: an offset as written, a zone-less time as the shop's local time", () => {
    const review = (datePublished: string): SchemaNode => ({ '@type': 'Review', author: 'Li', reviewBody: 'Boils fast', datePublished });
    const now = new Date('2026-01-01T00:00:00Z');
    expect(schemaReviews([review('2025-03-01T14:22:00')], now, () => 'Asia/Shanghai')[0]!.date).toBe('2025-03-01T14:22:00+08:00');
    expect(schemaReviews([review('2025-03-01T14:22:00-05:00')], now, () => 'Asia/Shanghai')[0]!.date).toBe('2025-03-01T14:22:00-05:00');
    // Zone unknown: kept as written, never read in this machine's zone.
    expect(schemaReviews([review('2025-03-01T14:22:00')], now, () => null)[0]!.date).toBe('2025-03-01T14:22:00');
    expect(schemaReviews([review('Sat, 01 Mar 2025 14:22:00 GMT')], now, () => null)[0]!.date).toBe('2025-03-01T14:22:00+00:00');
  });

  it('survives CDATA wrappers, lower-case types and variant offers (in stock when any variant is)', () => {
    const doc = htmlDoc(
      ld(
        { '@type': 'product', name: 'Dress', offers: [
          { '@type': 'Offer', price: '29.99', priceCurrency: 'EUR', availability: 'http://schema.org/OutOfStock' },
          { '@type': 'Offer', price: '29.99', priceCurrency: 'EUR', availability: 'http://schema.org/InStock' },
        ] },
        (s) => `\n/*<![CDATA[*/\n${s}\n/*]]>*/\n`,
      ),
    );
    const [p] = productNodes(jsonLdNodes(doc)).map((n) => productCandidate(n, sctx, 'jsonld'));
    expect(p).toMatchObject({ name: 'Dress', price: 29.99, salePrice: null, availability: 'InStock' });
  });

  it('reads BreadcrumbList in position order', () => {
    const doc = htmlDoc(ld({ '@type': 'BreadcrumbList', itemListElement: [
      { '@type': 'ListItem', position: 2, name: 'Phones', item: 'https://shop.example.cn/c/phones' },
      { '@type': 'ListItem', position: 1, name: 'Electronics', item: { '@id': '/c/el', name: 'Electronics' } },
    ] }));
    expect(schemaCrumbs(jsonLdNodes(doc), PAGE_URL)).toEqual([
      { name: 'Electronics', url: 'https://shop.example.cn/c/el' },
      { name: 'Phones', url: 'https://shop.example.cn/c/phones' },
    ]);
  });

  it('ignores broken JSON-LD blocks without losing the good ones', () => {
    const doc = htmlDoc(`<script type="application/ld+json">{ not json</script>${ld({ '@type': 'Product', name: 'Ok' })}`);
    expect(productNodes(jsonLdNodes(doc)).map((n) => n.name)).toEqual(['Ok']);
  });
});

describe('microdata and RDFa', () => {
  it('reads a microdata Product with nested Offer', () => {
    const doc = htmlDoc(`<div itemscope itemtype="http://schema.org/Product">
      <h1 itemprop="name">Lamp</h1><span itemprop="sku">LMP-7</span>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
        <meta itemprop="priceCurrency" content="USD"><span itemprop="price" content="19.50">$19.50</span>
        <link itemprop="availability" href="http://schema.org/OutOfStock">
      </div></div>`);
    const [p] = productNodes(flattenNodes(microdataNodes(allElements(doc)))).map((n) => productCandidate(n, sctx, 'microdata'));
    expect(p).toMatchObject({ name: 'Lamp', sku: 'LMP-7', price: 19.5, currency: 'USD', availability: 'OutOfStock' });
  });

  it('reads an RDFa Lite Product', () => {
    const doc = htmlDoc(`<div vocab="https://schema.org/" typeof="Product"><span property="name">Chair</span>
      <div property="offers" typeof="Offer"><span property="price">45.00</span><span property="priceCurrency">GBP</span></div></div>`);
    const [p] = productNodes(flattenNodes(microdataNodes(allElements(doc)))).map((n) => productCandidate(n, sctx, 'rdfa'));
    expect(p).toMatchObject({ name: 'Chair', price: 45, currency: 'GBP' });
  });
});

describe('meta tags', () => {
  it('reads OpenGraph product price tags', () => {
    const doc = htmlDoc(`<head><meta property="og:type" content="product"><meta property="og:title" content="Mug">
      <meta property="product:price:amount" content="12.00"><meta property="product:price:currency" content="EUR">
      <meta property="product:original_price:amount" content="15.00"><meta property="product:availability" content="in stock">
      <meta property="product:retailer_item_id" content="MUG-1"></head>`);
    expect(metaCandidate(doc, PAGE_URL)).toMatchObject({ ogType: 'product', name: 'Mug', price: 15, salePrice: 12, currency: 'EUR', availability: 'InStock', sku: 'MUG-1' });
  });
});
