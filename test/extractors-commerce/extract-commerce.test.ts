import { describe, expect, it } from 'vitest';
import { extractCommerce } from '../../extractors/commerce/index';
import { ctxFor, htmlDoc, listingHtml } from './helpers';
import { extractHtml } from '../../extractors/index';

describe('extractCommerce end to end', () => {
  it('puts a JSON-LD product first, with breadcrumbs as its category path', () => {
    const doc = htmlDoc(`<html lang="en"><head><title>Trail Shoe | Shop</title>
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org', '@type': 'Product', name: 'Trail Shoe', sku: 'TS-9',
        offers: { '@type': 'Offer', price: '120.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      })}</script></head><body>
      <nav class="breadcrumbs"><a href="/">Home</a><a href="/men">Men</a><a href="/men/shoes">Shoes</a><span>Trail Shoe</span></nav>
      <h1>Trail Shoe</h1><div class="price"><del>$150.00</del> <span class="price-now">$120.00</span></div></body></html>`, 'https://shop.example.com/p/ts9');
    const r = extractCommerce(doc, ctxFor('auto', 'https://shop.example.com/p/ts9'));
    expect(r.pageType).toBe('product');
    expect(r.commodities[0]).toMatchObject({ name: 'Trail Shoe', price: 150, salePrice: 120, currency: 'USD', sku: 'TS-9', availability: 'InStock' });
    expect(r.categories.map((c) => [c.name, c.level])).toEqual([['Men', 1], ['Shoes', 2]]);
    expect(r.categories[1].path).toEqual(['Men', 'Shoes']);
  });

  it('turns a listing of 20 repeated items into 20 commodities with the next page', () => {
    const r = extractCommerce(htmlDoc(listingHtml(20)), ctxFor('auto'));
    expect(r.pageType).toBe('listing');
    expect(r.commodities).toHaveLength(20);
    expect(r.commodities.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `商品 ${i} 号`));
    expect(r.commodities[2]).toMatchObject({ price: 152, salePrice: 102, currency: 'CNY' });
    expect(r.commodities[3]).toMatchObject({ price: 103, salePrice: null });
    expect(r.links.next).toBe('https://shop.example.cn/p/1?page=2');
  });

  it('reads a listing held only in embedded state JSON (a client-rendered page)', () => {
    const goods = Array.from({ length: 5 }, (_, i) => ({ goodsName: `Item ${i}`, salePrice: 10 + i, marketPrice: 20 + i, goodsUrl: `/g/${i}` }));
    const doc = htmlDoc(`<html lang="zh-CN"><body><div id="app"></div>
      <script>window.__INITIAL_STATE__ = ${JSON.stringify({ search: { result: { goods } } })};</script></body></html>`);
    const r = extractCommerce(doc, ctxFor('listing'));
    expect(r.commodities).toHaveLength(5);
    expect(r.commodities[4]).toMatchObject({ name: 'Item 4', price: 24, salePrice: 14, url: 'https://shop.example.cn/g/4', currency: 'CNY' });
  });

  it('keeps the records on screen when the state JSON lists something else, and takes it when it holds them and more', () => {
    const shown = Array.from({ length: 4 }, (_, i) => `<li class="card"><a href="/products/g${i}?v=1">Guitar ${i}</a><span class="price">$${100 + i}.00</span></li>`).join('');
    const collection = Array.from({ length: 12 }, (_, i) => ({ title: `Bass ${i}`, price: 500 + i, url: `/products/b${i}` }));
    const onScreen = extractCommerce(htmlDoc(`<html lang="en"><body><ul class="grid">${shown}</ul>
      <script>window.meta = ${JSON.stringify({ collection })};</script></body></html>`, 'https://shop.example.com/c'), ctxFor('auto', 'https://shop.example.com/c'));
    expect(onScreen.commodities.map((c) => c.name)).toEqual(['Guitar 0', 'Guitar 1', 'Guitar 2', 'Guitar 3']);
    const all = [...Array.from({ length: 4 }, (_, i) => ({ title: `Guitar ${i}`, price: 100 + i, url: `/products/g${i}` })), ...collection];
    const lazy = extractCommerce(htmlDoc(`<html lang="en"><body><ul class="grid">${shown}</ul>
      <script>window.meta = ${JSON.stringify({ all })};</script></body></html>`, 'https://shop.example.com/c'), ctxFor('auto', 'https://shop.example.com/c'));
    expect(lazy.commodities).toHaveLength(16);
  });

  it('reads items from captured XHR JSON', () => {
    const body = { data: { list: [{ title: 'Alpha', price: '5.50' }, { title: 'Beta', price: '6.50' }, { title: 'Gamma', price: '7.50' }] } };
    const r = extractCommerce(htmlDoc('<body><div id="root"></div></body>'), ctxFor('listing', 'https://shop.example.com/s', [{ url: 'https://shop.example.com/api', body }]));
    expect(r.commodities.map((c) => [c.name, c.price])).toEqual([['Alpha', 5.5], ['Beta', 6.5], ['Gamma', 7.5]]);
  });

  it('finds the product in state JSON by its title when there is no structured data', () => {
    const doc = htmlDoc(`<html lang="zh-CN"><head><title>智能手表 X2</title></head><body><h1>智能手表 X2</h1>
      <script>var g_page_config = {"item":{"title":"智能手表 X2","price":"899.00","originalPrice":"1099.00","skuId":"SW-X2"}};</script></body></html>`);
    const r = extractCommerce(doc, ctxFor('product'));
    expect(r.commodities[0]).toMatchObject({ name: '智能手表 X2', price: 1099, salePrice: 899, sku: 'SW-X2', currency: 'CNY' });
  });

  it('never throws on odd pages and invents nothing on an empty one', () => {
    for (const html of ['', '<html><body></body></html>', '<frameset></frameset>', '<script type="application/ld+json">[[[{"@type":</script>']) {
      const r = extractCommerce(htmlDoc(html), ctxFor('auto'));
      expect(r.commodities).toEqual([]);
      expect(r.pageType).toBe('other');
    }
  });

  it('takes a news page whose related headlines mention sums (870亿元, 2028年) for news, not a listing of goods', () => {
    const heads = ['工信部：2028年人工智能市场规模有望突破870亿元', '直播带货价格回落，电商平台行业竞争进入下半场', '中国信通院：2027年光伏市场规模有望突破344亿元', '工信部：2029年半导体市场规模有望突破851亿元', '聚焦人工智能：北京出台新政支持大模型建设'];
    const body = Array.from({ length: 6 }, (_, i) => `<p>第${i + 1}段：数据要素市场加快培育，云计算与人工智能协同发展，多地出台支持政策，推动产业链上下游企业加大投入，行业整体保持较快增长态势。</p>`).join('');
    const html = `<html lang="zh-CN"><head><title>数字经济迎来新一轮增长</title></head><body>
      <h1>数字经济迎来新一轮增长</h1><div class="info">2026年03月02日 10:00</div><div class="article">${body}</div>
      <div class="related"><h3>相关新闻</h3><ul>${heads.map((h, i) => `<li><a href="/news/zh/${i}.html">${h}</a></li>`).join('')}</ul></div></body></html>`;
    const r = extractHtml(html, 'https://news.example.cn/news/zh/20012.html');
    expect(r.pageType).toBe('news');
    expect(r.commodities).toEqual([]);
    expect(r.news?.content).toContain('第1段');
  });

  it('does not take the product name in the last crumb for a category when the price is filled in by script', () => {
    const r = extractHtml(`<html><head><title>OPPO G88 对讲机</title></head><body>
      <div class="crumb"><a href="/">首页</a> &gt; <a href="/c/1">手机数码</a> &gt; <a href="/c/1-1">手机通讯</a> &gt; <a href="/c/1-1-3">对讲机</a> &gt; <span>OPPO G88 对讲机</span></div>
      <div class="sku-name">OPPO G88 对讲机</div><span class="price" id="J-price"></span><button>加入购物车</button></body></html>`, 'https://shop.example.cn/p/3.html');
    expect(r.categories.map((c) => c.name)).toEqual(['手机数码', '手机通讯', '对讲机']);
  });

  it('types a page with a buy button and a labelled SKU as a product even when script fills in the price', () => {
    const html = `<html><head><title>OPPO G88 对讲机</title></head><body><div class="crumb"><a href="/c/1">对讲机</a> &gt; <span>OPPO G88 对讲机</span></div>
      <div class="info"><div class="sku-name">OPPO G88 对讲机</div><div class="p-price"><span>¥</span><span class="price" id="J-price"></span></div>
      <div class="btn-wrap"><a href="/cart/add?pid=3" class="btn">加入购物车</a></div></div>
      <ul class="parameter"><li>商品名称：OPPO G88 对讲机</li><li>商品编号：SNB3A1B6-2</li></ul>
      <div class="intro"><p>${'这款对讲机通话距离远，续航时间长，适合户外活动和工地使用。'.repeat(12)}</p><p>${'机身防水防尘，按键手感清晰，音质洪亮。'.repeat(12)}</p><p>${'附赠充电底座和耳机。'.repeat(12)}</p></div></body></html>`;
    const r = extractHtml(html, 'https://shop.example.cn/p/3.html');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toMatchObject([{ name: 'OPPO G88 对讲机', sku: 'SNB3A1B6-2', price: null }]);
    expect(r.news).toBeNull();
    // The same page without its buy button is not an offer: no commodity is made up.
    expect(extractHtml(html.replace(/<a href="\/cart[^]*?<\/a>/, ''), 'https://shop.example.cn/p/3.html').commodities).toEqual([]);
  });

  it('counts a plain link to the cart labelled as a buy button as one', () => {
    const html = `<html><head><title>小米 X60 充电宝</title></head><body><div class="tb-detail-hd"><h1>小米 X60 充电宝 10000mAh</h1></div>
      <dl><dt>价格</dt><dd><span id="J_StrPrice"></span></dd></dl>
      <div class="tb-btn-basket"><a id="J_LinkBasket" href="/cart/add?pid=6&amp;pcount=1" rel="nofollow">加入购物车</a></div>
      <ul id="J_AttrUL"><li>货号:&nbsp;SKC6AF07-5</li><li>品牌:&nbsp;小米</li></ul></body></html>`;
    const r = extractHtml(html, 'https://shop.example.cn/item/6.html');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toMatchObject([{ sku: 'SKC6AF07-5', availability: 'InStock', price: null }]);
  });
});
