import { describe, expect, it } from 'vitest';
import { buildPageIndex } from '../../extractors/commerce/dom/page-index';
import { productFromDom } from '../../extractors/commerce/dom/product-dom';
import { extractCommerce } from '../../extractors/commerce/index';
import { preferBuyButton, preferLabelledSku, votePrice } from '../../extractors/commerce/precedence';
import { isOldPriceClass, struckHow } from '../../extractors/commerce/signals/price-text';
import { labelBefore, priceLabelKind } from '../../extractors/commerce/signals/price-label';
import { cleanSku, skuFromText, skuFromUrl, skuLabel } from '../../extractors/commerce/signals/sku';
import type { Candidate } from '../../extractors/commerce/candidate';
import { ctxFor, htmlDoc } from './helpers';

const hints = { locale: 'en', host: 'shop.example.com' };
const indexOf = (html: string) => {
  const doc = htmlDoc(html, 'https://shop.example.com/p/1');
  return { doc, idx: buildPageIndex(doc, hints) };
};
const jsonLd = (o: unknown) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...(o as object) })}</script>`;

describe('old-price class words', () => {
  it('reads class words, not substrings', () => {
    expect(isOldPriceClass('price-old')).toBe(true);
    expect(isOldPriceClass('oldPrice')).toBe(true);
    expect(isOldPriceClass('listprice')).toBe(true);
    expect(isOldPriceClass('product__list-price')).toBe(true);
    expect(isOldPriceClass('font-bold price')).toBe(false);
    expect(isOldPriceClass('list-unstyled')).toBe(false);
    expect(isOldPriceClass('placeholder')).toBe(false);
    expect(isOldPriceClass('full-width')).toBe(false);
  });
  it('tells drawn strike-through from an "old" class name', () => {
    const doc = htmlDoc('<del><b id="a">$5</b></del><ul class="list-unstyled"><li><span class="price-old" id="b">$4</span></li><li><span id="c">$3</span></li></ul>');
    expect(['a', 'b', 'c'].map((id) => struckHow(doc.getElementById(id)!))).toEqual(['drawn', 'class', null]);
  });
});

describe('price labels', () => {
  it('marks instalments and prices without tax by the words right before them', () => {
    expect(priceLabelKind('每期')).toBe('instalment');
    expect(priceLabelKind('or 12 x')).toBe('instalment');
    expect(priceLabelKind('Pay monthly from')).toBe('instalment');
    expect(priceLabelKind('Brez DDV:')).toBe('exclTax');
    expect(priceLabelKind('excl. VAT')).toBe('exclTax');
    expect(priceLabelKind('Price:')).toBeNull();
    // a label that belongs to an earlier number does not carry over
    expect(priceLabelKind('12 monthly payments of $5 ·')).toBeNull();
  });
  it('reads a regular-price label with the generic word after it, and the selling-price labels', () => {
    expect(priceLabelKind('Was Price:')).toBe('list');
    expect(priceLabelKind('M.R.P.: ₹')).toBe('list');
    expect(priceLabelKind('Sale Price')).toBe('sale');
    // A bare "Offer:" label names the price paid now, as "Offer price" does.
    expect(priceLabelKind('Offer:')).toBe('sale');
    expect(priceLabelKind('Special offer')).toBe('sale');
    expect(priceLabelKind('售价：')).toBe('current');
    expect(priceLabelKind('Selling price')).toBe('current');
  });
  it('pairs the price after "Was Price:" or "M.R.P." as the regular one with the price paid now', () => {
    const was = indexOf('<body><h1>Kettle</h1><p>Was Price: <span>$30.00</span></p><p><span class="amount">$20.00</span></p></body>');
    expect(productFromDom(was.doc, was.idx)).toMatchObject({ price: 30, salePrice: 20 });
    const mrp = indexOf('<body><h1>Kurta</h1><div>M.R.P.: <span>₹1,299</span></div><div><span>₹999</span></div></body>');
    expect(productFromDom(mrp.doc, mrp.idx)).toMatchObject({ price: 1299, salePrice: 999 });
  });
  it('reads the text before an element in its container', () => {
    const doc = htmlDoc('<div>Our price <b>now</b> <span id="p">$10</span></div>');
    expect(labelBefore(doc.getElementById('p')!).replace(/\s+/g, ' ').trim()).toBe('Our price now');
  });
});

describe('DOM price spots', () => {
  it('joins a bare number with the currency in the next element and skips instalments', () => {
    const { idx } = indexOf(`<body><h1>Camp Sink</h1>
      <div>Special <span class="big">2320</span><span>元</span></div>
      <table><tr><td>3 期</td><td>每期<span>$<span>806</span></span></td></tr></table></body>`);
    expect(idx.spots.map((s) => s.amount)).toEqual([2320]);
  });
  it('skips a price labelled as without tax', () => {
    const { idx } = indexOf('<body><h1>Lens</h1><p class="p"><span>40,00 €</span></p><p>Excl. VAT: <span>33,06 €</span></p></body>');
    expect(idx.spots.map((s) => s.amount)).toEqual([40]);
  });
});

describe('product page DOM, new signals', () => {
  it('takes a price marked old only by class when no live price stands anywhere', () => {
    const { doc, idx } = indexOf(`<body><h1>Reading Lens</h1><ul class="list-unstyled"><li class="price">
      <span class="price-old-live">40.00€</span></li><li>Without VAT: <span class="price-tax-live">32.79€</span></li></ul></body>`);
    expect(productFromDom(doc, idx)).toMatchObject({ price: 40, salePrice: null });
  });
  it('still pairs an old-class price with the live one next to it', () => {
    const { doc, idx } = indexOf('<body><h1>Kettle</h1><span class="price-old">$30.00</span> <span class="price">$20.00</span></body>');
    expect(productFromDom(doc, idx)).toMatchObject({ price: 30, salePrice: 20 });
  });
  it('reads availability after the title when no price box says', () => {
    const { doc, idx } = indexOf(`<body><div class="rec"><a href="/p/2">Other thing</a><span class="price">$9.99</span></div>
      <h1>Bread Bin</h1><div>4 ratings</div><div><span>Currently unavailable.</span></div><div>Brand: Oak</div></body>`);
    expect(productFromDom(doc, idx).availability).toBe('OutOfStock');
    const empty = indexOf('<body><h1>Bread Bin</h1><p>Derzeit nicht verfügbar.</p></body>');
    expect(productFromDom(empty.doc, empty.idx).availability).toBe('OutOfStock');
  });
  it('remembers an enabled buy button next to the title', () => {
    const { doc, idx } = indexOf('<body><h1>Boot</h1><span>136</span><label>7</label><label>8</label><button>Add to your basket</button></body>');
    expect(productFromDom(doc, idx)).toMatchObject({ availability: 'InStock', buyButton: true });
  });
  it('reads a SKU from a dash label, and from an element whose class names it', () => {
    const a = indexOf('<body><h1>Boot</h1><ul><li><strong>Product Code -</strong></li><li>39100001</li></ul></body>');
    expect(productFromDom(a.doc, a.idx)).toMatchObject({ sku: '39100001', skuLabel: 'strong' });
    const b = indexOf('<body><h1>Camera</h1><span class="Name__CatNumber-x1">123/4567</span></body>');
    expect(productFromDom(b.doc, b.idx)).toMatchObject({ sku: '123/4567', skuLabel: 'class' });
  });
});

describe('sku signals, new labels and shapes', () => {
  it('reads more languages, with a colon where the word is common', () => {
    expect(skuFromText('Bestellnummer 106000')).toEqual({ value: '106000', strong: true });
    expect(skuFromText('Код: 73000')).toEqual({ value: '73000', strong: true });
    expect(skuFromText('Промо-код SALE2020')).toBeNull();
    expect(skuLabel('Šifra:')).toBe('strong');
  });
  it('reads a long number at the end of a prefixed URL token', () => {
    expect(skuFromUrl('https://ads.example.at/tv/c7200a278000196/remote.html')).toBe('278000196');
    expect(skuFromUrl('https://example.com/galaxy-s10-case')).toBeNull();
  });
  it('cuts a caption off a structured-data code, keeping codes written with spaces', () => {
    expect(cleanSku('TE500000-1200000 Housse de canapé, chaise')).toBe('TE500000-1200000');
    expect(cleanSku('GARNI 570 EASY II')).toBe('GARNI 570 EASY II');
    expect(cleanSku('AB-12')).toBe('AB-12');
  });
});

describe('precedence between signals', () => {
  const cand = (o: Partial<Candidate>): Candidate => ({ source: 'x', extra: {}, ...o });
  it('lets meta tags and the visible price outvote structured data', () => {
    const merged = cand({ price: 90 });
    votePrice(merged, cand({ price: 90 }), cand({ price: 400 }), cand({ price: 400 }));
    expect(merged).toMatchObject({ price: 400, salePrice: null });
    const kept = cand({ price: 90 });
    votePrice(kept, cand({ price: 90 }), cand({ price: 400 }), cand({ price: 380 }));
    expect(kept.price).toBe(90);
  });
  it('prefers a strongly labelled visible SKU, never a weak one', () => {
    const merged = cand({ sku: '238000001' });
    preferLabelledSku(merged, cand({ sku: '83800010', skuLabel: 'strong' }));
    expect(merged.sku).toBe('83800010');
    const weak = cand({ sku: '12200051' });
    preferLabelledSku(weak, cand({ sku: 'NC5100', skuLabel: 'weak' }));
    expect(weak.sku).toBe('12200051');
  });
  it('trusts an enabled buy button over a structured OutOfStock', () => {
    const merged = cand({ availability: 'OutOfStock' });
    preferBuyButton(merged, cand({ buyButton: true }));
    expect(merged.availability).toBe('InStock');
  });

  it('end to end: an auction page whose JSON-LD carries the starting bid', () => {
    const url = 'https://auction.example.com/item/5001_vase';
    const doc = htmlDoc(`<html lang="en"><head><title>Vase</title><meta property="og:type" content="product">
      <meta property="product:price:amount" content="400"><meta property="product:price:currency" content="USD">
      ${jsonLd({ '@type': 'Product', name: 'Vase', sku: '5001', offers: { '@type': 'Offer', price: 90, priceCurrency: 'USD' } })}
      </head><body><h1>Vase</h1><div class="bid"><span class="price">$400</span></div><div>Starting Price $90</div></body></html>`, url);
    expect(extractCommerce(doc, ctxFor('product', url)).commodities[0]).toMatchObject({ price: 400, sku: '5001' });
  });
  it('end to end: the shop code label beats a variant id in JSON-LD; a live basket button beats OutOfStock', () => {
    const url = 'https://shop.example.com/boot/p5000001';
    const doc = htmlDoc(`<html lang="en"><head><title>Chelsea Boot</title>
      ${jsonLd({ '@type': 'Product', name: 'Chelsea Boot', sku: '238000002', offers: { '@type': 'Offer', price: 136, priceCurrency: 'GBP', availability: 'OutOfStock' } })}
      </head><body><h1>Chelsea Boot</h1><span>136</span><button>Add to your basket</button>
      <p class="product-code">Product code: 39100001</p></body></html>`, url);
    expect(extractCommerce(doc, ctxFor('product', url)).commodities[0]).toMatchObject({ price: 136, sku: '39100001', availability: 'InStock' });
  });
});

describe('sku by class, guarded', () => {
  it('ignores words that only end in a SKU word, such as a cart counter', () => {
    const { doc, idx } = indexOf('<body><header><span class="cart-number">12</span></header><h1>Lamp</h1><span class="product-code">LP-200</span></body>');
    expect(productFromDom(doc, idx)).toMatchObject({ sku: 'LP-200', skuLabel: 'class' });
  });
});

describe('prices in other items\' tiles', () => {
  it('skips a price in a list-item card that links its picture to another page', () => {
    const { doc, idx } = indexOf(`<body><h2>Consider this available item</h2><ul><li class="card">
      <a href="/p/2"><img src="/i/2.jpg"></a><a href="/p/2">Other Chips</a><span class="price">$29.99</span></li></ul>
      <h1>Sour Cream Chips</h1><p>Currently unavailable.</p></body>`);
    expect(productFromDom(doc, idx)).toMatchObject({ name: 'Sour Cream Chips', availability: 'OutOfStock' });
    expect(productFromDom(doc, idx).price).toBeUndefined();
  });
  it('keeps a price in a list item without such a picture link', () => {
    const { doc, idx } = indexOf('<body><h1>Lens</h1><ul><li class="price"><span>40.00 €</span></li><li><a href="/help"><i>?</i></a></li></ul></body>');
    expect(productFromDom(doc, idx).price).toBe(40);
  });
});
