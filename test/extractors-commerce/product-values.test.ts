import { describe, expect, it } from 'vitest';
import { extractCommerce } from '../../extractors/commerce/index';
import { parsePrice } from '../../extractors/price/parse-price';
import { skuFromText, skuLabel } from '../../extractors/commerce/signals/sku';
import { ctxFor, htmlDoc } from './helpers';

/** The product of a hand-written product page, read as the crawler reads a product page. */
function productOf(html: string, url = 'https://shop.example.com/p/1') {
  return extractCommerce(htmlDoc(html, url), ctxFor('product', url)).commodities[0];
}

describe('prices on product pages of many shops', () => {
  it('reads a Korean price written with 원 in an element no class calls a price', () => {
    const c = productOf(`<html lang="ko"><head><title>무선 이어폰 X2</title></head><body>
      <h1>무선 이어폰 X2</h1><div class="info"><strong>29,000원</strong></div>
      <button class="btn">장바구니 담기</button></body></html>`, 'https://shop.example.kr/goods/77');
    expect(c).toMatchObject({ price: 29000, currency: 'KRW' });
  });

  it('does not read a model number or a spec line as a price on a page that shows none', () => {
    const c = productOf(`<html lang="en"><head><title>Rugged Laptop R14</title></head><body>
      <h1>Rugged Laptop R14</h1><p>Price loading…</p>
      <table><tr><th>Durability</th><td>MIL-STD-810H</td></tr>
      <tr><th>BIOS/Performance Profile</th><td>Intel XMP 3.0</td></tr></table></body></html>`);
    expect(c.price).toBeNull();
    expect(c.salePrice).toBeNull();
  });

  it('does not read an item code whose parts look like an amount and a currency ("BB-20-RM") as a price', () => {
    const c = productOf(`<html lang="en"><head><title>Bamboo Gift Basket</title></head><body>
      <h1>Bamboo Gift Basket</h1><p>Currently unavailable.</p>
      <table><tr><th>SKU</th><td>BB-20-RM</td></tr><tr><th>Diameter</th><td>28 cm</td></tr></table></body></html>`);
    expect(c.price).toBeNull();
    expect(c.currency).not.toBe('MYR');
  });

  it('reads a microdata price written with a decimal comma', () => {
    const c = productOf(`<html lang="de"><body><div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Brettspiel Deluxe</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <meta itemprop="price" content="59,99"><meta itemprop="priceCurrency" content="EUR"></div>
      <div class="buy">59,99€</div></div></body></html>`);
    expect(c).toMatchObject({ price: 59.99, currency: 'EUR' });
  });

  it('never takes a neighbour item’s price when structured data says the item costs nothing', () => {
    const c = productOf(`<html lang="en"><head><title>Space Game</title>
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org', '@type': 'Product', name: 'Space Game',
        offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' },
      })}</script></head><body><h1>Space Game</h1><p>Free to play</p>
      <section><h2>Add-ons</h2><div class="bundle"><span>Space Game: Deluxe Pack</span><span class="price">$19.99</span></div></section>
      </body></html>`);
    expect(c.name).toBe('Space Game');
    expect(c.price).toBeNull();
  });

  it('takes a price marked as promotional by its label alone as the sale price, the shop price as the price', () => {
    const c = productOf(`<html lang="zh-CN"><head><title>智能手表 S3</title></head><body>
      <h1>智能手表 S3</h1>
      <div class="summary">
        <div class="row"><span class="dt">商城价：</span><span class="dd">￥2999.00</span></div>
        <div class="row"><span class="dt">促销价：</span><span class="dd">￥2599.00</span></div>
      </div><a class="btn" href="/cart/add?id=1">加入购物车</a></body></html>`, 'https://mall.example.cn/item/1.html');
    expect(c).toMatchObject({ price: 2999, salePrice: 2599, currency: 'CNY' });
  });

  it('reads "Was / Now" prices with nothing struck through', () => {
    const c = productOf(`<html lang="en"><head><title>Desk Lamp</title></head><body><h1>Desk Lamp</h1>
      <p><span>Now</span> <span>£24.00</span> <span>Was</span> <span>£30.00</span></p></body></html>`, 'https://shop.example.co.uk/lamp');
    expect(c).toMatchObject({ price: 30, salePrice: 24, currency: 'GBP' });
  });
});

describe('figures beside the price that are not it', () => {
  it('skips delivery thresholds, bundle totals, shipping and savings, and reads raised cents', () => {
    const c = productOf(`<html lang="en"><head><title>Jigsaw Puzzle 500</title></head><body>
      <nav><a href="/gifts">Gifts under $100</a></nav>
      <h1>Jigsaw Puzzle 500</h1>
      <p class="promo">Free standard delivery over $50</p>
      <div class="pp"><span class="now">$14<sup>99</sup></span></div>
      <p><span>Shipping:</span> <span>$4.99</span></p>
      <section><h2>Frequently bought together</h2><span>Total price:</span> <span>$29.98</span></section>
      </body></html>`);
    expect(c).toMatchObject({ price: 14.99, salePrice: null, currency: 'USD' });
  });

  it('does not take a model name with Q for a price in quetzales', () => {
    const c = productOf(`<html lang="en"><head><title>Roof Rack</title></head><body><h1>Roof Rack</h1>
      <p>Fits: <a href="/audi">AUDI Q5 / Q7</a></p></body></html>`);
    expect(c.price).toBeNull();
  });
});

describe('availability the buyer sees', () => {
  it('takes a visible "cannot be bought" over a structured InStock when no buy button is on the page', () => {
    const c = productOf(`<html lang="en"><head><title>Weather Station 570</title>
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org', '@type': 'Product', name: 'Weather Station 570',
        offers: { '@type': 'Offer', price: '54.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      })}</script></head><body><h1>Weather Station 570</h1>
      <div class="box"><p>This product cannot be purchased at the moment, but you can reserve it in a store.</p>
      <span class="price">54,50 €</span><a class="link" href="/stores">Reserve in store</a></div></body></html>`);
    expect(c.availability).toBe('OutOfStock');
    expect(c.price).toBe(54.5);
  });

  it('reads out-of-stock words that end in an accented letter', () => {
    const c = productOf(`<html lang="fr"><head><title>Lampe de bureau</title></head><body><h1>Lampe de bureau</h1>
      <div class="box"><span class="price">24,90 €</span><p class="stock">Article épuisé</p></div></body></html>`, 'https://boutique.example.fr/p/9');
    expect(c.availability).toBe('OutOfStock');
  });
});

describe('price strings', () => {
  it('reads free-shipping thresholds as no price and the euro sign as a decimal point', () => {
    expect(parsePrice('Free Shipping on Orders $49+.').amount).not.toBe(0);
    expect(parsePrice('Free').amount).toBe(0);
    expect(parsePrice('35€99')).toMatchObject({ amount: 35.99, currency: 'EUR' });
  });

  it('finds currencies written as words and does not find them inside other words', () => {
    expect(parsePrice('1 128 240 рублей')).toMatchObject({ amount: 1128240, currency: 'RUB' });
    expect(parsePrice('45 E£').currency).toBe('EGP');
    expect(parsePrice('2963yen').currency).toBe('JPY');
    expect(parsePrice('BIOS/Profile 3').currency).toBeNull();
    expect(parsePrice('рубашка 3').currency).toBeNull();
  });
});

describe('sku labels', () => {
  it('reads labels that name the shop, glued Chinese labels and Korean labels, not version numbers', () => {
    expect(skuFromText('Numero oggetto Mercato: 133588510845')).toEqual({ value: '133588510845', strong: true });
    expect(skuFromText('Artikelnummer bei Shopname: 4711-A')).toEqual({ value: '4711-A', strong: true });
    expect(skuLabel('Shopname item number:')).toBe('strong');
    expect(skuLabel('SKU MKI6IKW1N4')).toBeNull();
    expect(skuFromText('产品型号：X1-200')).toEqual({ value: 'X1-200', strong: false });
    expect(skuFromText('상품번호 12345678')).toEqual({ value: '12345678', strong: true });
    expect(skuFromText('Graphics: Shader Model 5.0')).toBeNull();
  });
});
