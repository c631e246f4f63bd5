import { describe, expect, it } from 'vitest';
import { extractCommerce } from '../../extractors/commerce/index';
import { reviewsFromJson } from '../../extractors/commerce/state/review-json';
import { ctxFor, htmlDoc } from './helpers';

/** Hand-written pages of the kinds of review blocks and shop pages real shops use. */

const NOW = new Date('2026-01-01T00:00:00Z');

/** An old-style product page: one table per review, class names that say nothing, every part labelled. */
const LABELLED = `<html lang="zh-CN"><head><title>金丝楠木手串 - 某某商城</title></head><body>
<div class="k9x"><h1>金丝楠木手串 2.0cm</h1><div class="q1">促销价：<b>￥268.00</b></div><a class="q2" href="/cart.asp?id=77">加入购物车</a></div>
<div class="z7"><div class="z8">商品评价</div>
<table class="t3" width="100%"><tr><td class="a1">会员：j***n</td><td class="a2">发表于 2013-05-12 14:32</td></tr>
<tr><td class="a1">评价：好评</td><td class="a2"></td></tr>
<tr><td colspan="2" class="a3">心得：珠子很圆润，纹路清晰，包装也很用心。</td></tr>
<tr><td colspan="2" class="a4">商家回复：感谢您的支持，欢迎再次光临！</td></tr></table>
<table class="t3" width="100%"><tr><td class="a1">会员：小***鱼</td><td class="a2">发表于 2013-06-01 09:05</td></tr>
<tr><td class="a1">评价：中评</td><td class="a2"></td></tr>
<tr><td colspan="2" class="a3">心得：颜色比图片深一些，其他还好。</td></tr></table>
<table class="t3" width="100%"><tr><td class="a1">会员：</td><td class="a2">老***王</td></tr>
<tr><td class="a1">发表于</td><td class="a2">2013-07-20 21:10</td></tr>
<tr><td class="a1">评价：</td><td class="a2">差评</td></tr>
<tr><td colspan="2" class="a3">心得：</td></tr><tr><td colspan="2">发货太慢了。</td></tr></table>
</div></body></html>`;

/** An English product page with review blocks of the kind large marketplaces use. */
const ENGLISH = `<html lang="en"><head><title>Trail Lamp 300</title></head><body>
<h1>Trail Lamp 300</h1><span class="pp">$39.99</span><button>Add to Cart</button>
<div id="cr-list"><h3>Top reviews from the United States</h3>
<div class="rv" id="R1"><div class="rv-row"><a class="pf" href="/profile/1"><span class="pf-name">Dana K.</span></a></div>
<div class="rv-row"><a title="4.0 out of 5 stars" href="/r/1"><i class="ico"><span class="off">4.0 out of 5 stars</span></i></a> <a class="rv-t" href="/r/1"><span>Bright and light</span></a></div>
<span class="rv-d">Reviewed in the United States on March 5, 2024</span>
<div class="rv-row"><span class="rv-meta">Color: Black</span> <span class="vp">Verified Purchase</span></div>
<div class="rv-row rv-b"><span>Lights the whole tent. Battery lasts three nights.</span></div>
<div class="rv-row"><span class="hf">12 people found this helpful</span></div>
<div class="rv-row"><span class="bt"><a href="/vote/1">Helpful</a></span> <a href="/report/1">Report</a></div></div>
<div class="rv" id="R2"><div class="rv-row"><a class="pf" href="/profile/2"><span class="pf-name">M. Ortiz</span></a></div>
<div class="rv-row"><a title="2.0 out of 5 stars" href="/r/2"><i class="ico"><span class="off">2.0 out of 5 stars</span></i></a> <a class="rv-t" href="/r/2"><span>Clip broke</span></a></div>
<span class="rv-d">Reviewed in the United States on January 17, 2024</span>
<div class="rv-row rv-b"><span>The clip snapped in the first week.</span></div>
<div class="rv-row"><span class="hf">One person found this helpful</span></div>
<div class="rv-row"><span class="bt"><a href="/vote/2">Helpful</a></span> <a href="/report/2">Report</a></div></div>
</div></body></html>`;

describe('reviews', () => {
  it('reads labelled review blocks: author, date, grade and text without the labels or the shop reply', () => {
    const r = extractCommerce(htmlDoc(LABELLED, 'https://www.example-shop.cn/product.asp?id=77'), ctxFor('product', 'https://www.example-shop.cn/product.asp?id=77'));
    expect(r.reviews).toEqual([
      // 好评 / 中评 / 差评 are kept on the 5-star scale those shops derive them from: 5 / 3 / 1.
      // The times, shown without a zone on a Chinese shop, are its +08:00 local times.
      { author: 'j***n', rating: 5, content: '珠子很圆润，纹路清晰，包装也很用心。', date: '2013-05-12T14:32:00+08:00' },
      { author: '小***鱼', rating: 3, content: '颜色比图片深一些，其他还好。', date: '2013-06-01T09:05:00+08:00' },
      { author: '老***王', rating: 1, content: '发货太慢了。', date: '2013-07-20T21:10:00+08:00' },
    ]);
  });

  it('reads a lone labelled review (a product with one review)', () => {
    const one = LABELLED.replace(/<table class="t3" width="100%"><tr><td class="a1">会员：小[^]*<\/table>\n<\/div>/, '</div>');
    const r = extractCommerce(htmlDoc(one, 'https://www.example-shop.cn/product.asp?id=77'), ctxFor('product', 'https://www.example-shop.cn/product.asp?id=77'));
    expect(r.reviews).toEqual([{ author: 'j***n', rating: 5, content: '珠子很圆润，纹路清晰，包装也很用心。', date: '2013-05-12T14:32:00+08:00' }]);
  });

  it('reads one review per marketplace-style block: title and body, stars, date, without vote lines', () => {
    const r = extractCommerce(htmlDoc(ENGLISH, 'https://lamps.example.com/dp/TL300'), ctxFor('product', 'https://lamps.example.com/dp/TL300'));
    expect(r.reviews).toEqual([
      { author: 'Dana K.', rating: 4, content: 'Bright and light Lights the whole tent. Battery lasts three nights.', date: '2024-03-05' },
      { author: 'M. Ortiz', rating: 2, content: 'Clip broke The clip snapped in the first week.', date: '2024-01-17' },
    ]);
  });

  it('finds reviews a page fetched by XHR by their shape, whatever the keys are called', () => {
    const xhr = [
      { url: 'https://www.example-shop.cn/api/rates?page=1', body: { code: 0, data: { total: 2, rateList: [
        { rateId: 1, displayUserNick: 't***1', rateContent: '很好，<br>物流快', rateDate: '2024-02-03 10:20:00', star: 5, reply: '谢谢亲' },
        { rateId: 2, displayUserNick: 't***2', rateContent: '一般般吧', rateDate: '2024-02-04 08:00:00', star: 3, reply: '' },
      ] } } },
      { url: 'https://www.example-shop.cn/api/more', body: [{ user: { nickName: 'abc' }, commentText: '第二页的评价', commentScore: '4', createdAt: 1706745600000 }] },
    ];
    const r = extractCommerce(htmlDoc(LABELLED.replace(/<div class="z7">[^]*<\/div><\/body>/, '</body>'), 'https://www.example-shop.cn/product.asp?id=77'), ctxFor('product', 'https://www.example-shop.cn/product.asp?id=77', xhr));
    expect(r.reviews).toEqual([
      { author: 't***1', rating: 5, content: '很好， 物流快', date: '2024-02-03T10:20:00+08:00' },
      { author: 't***2', rating: 3, content: '一般般吧', date: '2024-02-04T08:00:00+08:00' },
      // An epoch time is an instant, shown in the shop's zone.
      { author: 'abc', rating: 4, content: '第二页的评价', date: '2024-02-01T08:00:00+08:00' },
    ]);
  });

  it('adds reviews fetched later to the rendered ones, once each', () => {
    const xhr = [{ url: 'https://www.example-shop.cn/api/rates?page=2', body: { list: [
      { nickname: 'j***n', content: '珠子很圆润，纹路清晰，包装也很用心。', score: 5, time: '2013-05-12 14:32' },
      { nickname: '新***客', content: '第二页：质量不错。', score: 4, time: '2013-08-01 10:00' },
    ] } }];
    const r = extractCommerce(htmlDoc(LABELLED, 'https://www.example-shop.cn/product.asp?id=77'), ctxFor('product', 'https://www.example-shop.cn/product.asp?id=77', xhr));
    expect(r.reviews.map((x) => x.author)).toEqual(['j***n', '小***鱼', '老***王', '新***客']);
  });

  it('takes no menu or tag list in JSON for reviews', () => {
    expect(reviewsFromJson([{ nav: [{ name: '手机', text: '手机' }, { name: '电脑', text: '电脑' }], tags: [{ text: '物流快', count: 12 }, { text: '好用', count: 3 }] }], { now: NOW })).toEqual([]);
  });
});

describe('shops', () => {
  it("reads a shop's own page whose figures are shown as 宝贝数量 and 描述 / 服务 / 物流 scores", () => {
    const url = 'https://mall.example.cn/shop/8823?page=2';
    const html = `<html lang="zh-CN"><head><title>山茶花旗舰店 - 首页</title></head><body>
      <div class="h0"><div class="h1x"><span class="s9">山茶花旗舰店</span><a class="s8" href="/fav?s=8823">收藏店铺</a></div>
      <div class="h2x"><span>宝贝数量 358</span><span>描述 4.8</span><span>服务 4.7</span><span>物流 4.9</span></div></div>
      <ul class="g0">${[1, 2, 3].map((i) => `<li class="g1"><a href="/item/${i}.html">茶花面霜 ${i} 号</a><span class="g2">￥${i}9.00</span></li>`).join('')}</ul></body></html>`;
    const r = extractCommerce(htmlDoc(html, url), ctxFor('auto', url));
    expect(r.pageType).toBe('shop');
    expect(r.shop).toEqual({ name: '山茶花旗舰店', url: 'https://mall.example.cn/shop/8823', goodsCount: 358, rating: 4.8 });
  });

  it('reads an old shop script page (shop.asp?sid=) with 商品数量 and 店铺好评率', () => {
    const url = 'http://www.example-old.cn/shop.asp?sid=12';
    const html = `<html><head><title>老字号茶庄</title></head><body><table width="960"><tr><td width="200">
      <table><tr><td><b>老字号茶庄</b></td></tr><tr><td>商品数量：86 件</td></tr><tr><td>店铺好评率：98.5%</td></tr></table></td>
      <td><table>${[1, 2, 3].map((i) => `<tr><td><a href="product.asp?id=${i}">龙井 ${i}</a></td><td>￥${i}8.00</td></tr>`).join('')}</table></td></tr></table></body></html>`;
    const r = extractCommerce(htmlDoc(html, url), ctxFor('auto', url));
    expect(r.pageType).toBe('shop');
    expect(r.shop).toEqual({ name: '老字号茶庄', url, goodsCount: 86, rating: '98.5%' });
  });

  it('reads an English store page with "Seller rating 98% positive" and "1,234 products"', () => {
    const url = 'https://market.example.com/store/north-gear';
    const html = `<html lang="en"><head><title>North Gear | Market</title></head><body>
      <div class="x1"><h2 class="x2">North Gear</h2><p>Seller rating 98% positive</p><p>1,234 products</p></div>
      <div class="x3">${[1, 2, 3].map((i) => `<div class="x4"><a href="/p/${i}">Tent ${i}</a><span>$${i}9.00</span></div>`).join('')}</div></body></html>`;
    const r = extractCommerce(htmlDoc(html, url), ctxFor('auto', url));
    expect(r.shop).toEqual({ name: 'North Gear', url, goodsCount: 1234, rating: '98%' });
    expect(r.pageType).toBe('shop');
  });

  it("gives a product page's commodity the shop of its seller box", () => {
    const url = 'https://mall.example.cn/item/5.html';
    const html = `<html lang="zh-CN"><head><title>茶花面霜 5 号</title></head><body><h1>茶花面霜 5 号</h1>
      <div class="p1"><span class="p2">￥59.00</span></div><a href="/cart/add?id=5">加入购物车</a>
      <div class="r7"><div><a href="/shop/8823">山茶花旗舰店</a></div><div>宝贝数量 358</div><div>描述 4.8 服务 4.7 物流 4.9</div><a href="/shop/8823">进店逛逛</a></div></body></html>`;
    // Typed as a product page (the page-type model decides that on real, fuller pages).
    const r = extractCommerce(htmlDoc(html, url), ctxFor('product', url));
    expect(r.commodities[0]).toMatchObject({ name: '茶花面霜 5 号', price: 59, shopName: '山茶花旗舰店', shopUrl: 'https://mall.example.cn/shop/8823' });
    expect(r.shop).toMatchObject({ name: '山茶花旗舰店', url: 'https://mall.example.cn/shop/8823' });
  });
});
