import { describe, expect, it } from 'vitest';
import { buildPageIndex } from '../../extractors/commerce/dom/page-index';
import { pageAvailability, productFromDom } from '../../extractors/commerce/dom/product-dom';
import { findRecordRegion, recordCandidate, spotsByRecord } from '../../extractors/commerce/dom/records';
import { categoriesFromMenus } from '../../extractors/commerce/dom/categories';
import { crumbsToCategories, domCrumbs } from '../../extractors/commerce/dom/breadcrumbs';
import { shopFromDom } from '../../extractors/commerce/dom/shop';
import { nextPageUrl } from '../../extractors/commerce/dom/pagination';
import { domReviews } from '../../extractors/commerce/dom/reviews';
import { ctxFor, htmlDoc, listingHtml, PAGE_URL } from './helpers';
import { extractCommerce } from '../../extractors/commerce/index';
import { classContains, firstDescendant } from '../../extractors/commerce/util';

const hints = { locale: 'zh-CN', host: 'shop.example.cn' };
const indexOf = (html: string) => {
  const doc = htmlDoc(html);
  return { doc, idx: buildPageIndex(doc, hints) };
};

describe('product page DOM', () => {
  it('takes the price near the title and the struck price as the regular one', () => {
    const { doc, idx } = indexOf(`<html lang="zh-CN"><head><title>保温杯 500ml - 某店</title></head><body>
      <div class="mini-cart">¥0.00</div><div class="pop"><h1>登录</h1></div>
      <div class="main"><h1>保温杯 500ml</h1><div class="price-box"><span class="price">¥89.00</span>
      <s>¥129.00</s></div><div>商品编号：100012043978</div><div>现货</div><button class="buy">加入购物车</button></div>
      <div class="rec"><span class="price">¥19.90</span></div></body></html>`);
    expect(productFromDom(doc, idx)).toMatchObject({ name: '保温杯 500ml', price: 129, salePrice: 89, currency: 'CNY', sku: '100012043978', availability: 'InStock' });
  });

  it('reads out-of-stock wording in the buy box and a label whose value is in the next cell', () => {
    const { doc, idx } = indexOf(`<body><h1>Desk Lamp</h1><div class="buy"><span class="product-price">$24.99</span>
      <p>Sold out</p></div><table><tr><th>SKU</th><td>DL-2048</td></tr></table></body>`);
    expect(productFromDom(doc, idx)).toMatchObject({ price: 24.99, salePrice: null, currency: 'USD', availability: 'OutOfStock', sku: 'DL-2048' });
  });

  it('reads schema.org availability links outside microdata', () => {
    const { doc, idx } = indexOf('<head><link rel="x" href="http://schema.org/OutOfStock"></head><body><h1>X</h1></body>');
    expect(pageAvailability(doc, idx)).toBe('OutOfStock');
  });
});

describe('listing records', () => {
  it('mines the repeated item structure, not the page chrome', () => {
    const { doc, idx } = indexOf(listingHtml(20));
    const region = findRecordRegion(idx)!;
    expect(region.records).toHaveLength(20);
    const spots = spotsByRecord(idx, region);
    const items = region.records.map((r) => recordCandidate(r, spots.get(r) ?? [], PAGE_URL, hints));
    expect(items[0]).toMatchObject({ name: '商品 0 号', url: 'https://shop.example.cn/item/0', price: 150, salePrice: 100, currency: 'CNY', image: 'https://img.example.cn/0.jpg', shopName: '店铺0', reviewCount: 0 });
    expect(items[1]).toMatchObject({ name: '商品 1 号', price: 101, salePrice: null, reviewCount: 10 });
    expect(items[19].url).toBe('https://shop.example.cn/item/19');
    expect(nextPageUrl(doc, PAGE_URL)).toBe('https://shop.example.cn/p/1?page=2');
  });

  it('finds no region on a page without repeated priced items', () => {
    const { idx } = indexOf('<body><ul class="nav"><li><a href="/a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul></body>');
    expect(findRecordRegion(idx)).toBeNull();
  });
});

describe('listing records: price markup and card variants', () => {
  const hintsEn = { locale: 'en-US', host: 'shop.example.com' };
  const records = (html: string, h = hintsEn) => {
    const doc = htmlDoc(html, 'https://shop.example.com/c/1');
    const idx = buildPageIndex(doc, h);
    const region = findRecordRegion(idx);
    if (!region) return [];
    const spots = spotsByRecord(idx, region);
    return region.records.map((r) => recordCandidate(r, spots.get(r) ?? [], 'https://shop.example.com/c/1', h));
  };

  it('reads a price whose number the markup splits across elements', () => {
    const cards = [
      ['Desk lamp', '$<strong>459</strong><sup>.99</sup>'],
      ['Floor lamp', '<span>$</span><span>1</span><span>,299</span>'],
      ['Wall lamp', '<span>$89</span><sup>95</sup>'],
    ].map(([name, price], i) => `<div class="card"><a href="/p/${i}">${name}</a><div class="price-now">${price}</div><p>Free shipping</p></div>`);
    const items = records(`<body><div class="grid">${cards.join('')}</div></body>`);
    expect(items.map((c) => [c.name, c.price])).toEqual([['Desk lamp', 459.99], ['Floor lamp', 1299], ['Wall lamp', 89.95]]);
  });

  it('reads prices on pretty-printed pages whose price elements hold lines of indentation', () => {
    const pad = '\n' + ' '.repeat(40);
    const cards = Array.from({ length: 4 }, (_, i) => `<li class="result">${pad}<a href="/p/${i}">${pad}Cotton shirt ${i}${pad}</a>${pad}<span class="amount">${pad}<!--x-->${pad}$${10 + i}.50${pad}<!--y-->${pad}</span>${pad}</li>`);
    const items = records(`<body><ul class="results">${cards.join('')}</ul></body>`);
    expect(items.map((c) => c.price)).toEqual([10.5, 11.5, 12.5, 13.5]);
  });

  it('keeps cards whose class adds a modifier (featured, sponsored) in the same list', () => {
    const card = (i: number, extra: string) => `<div class="product-tile${extra}"><a href="/p/${i}">Chair ${i}</a><span>$${20 + i}.00</span></div>`;
    const grid = [card(0, ' is-sponsored'), card(1, ''), card(2, ''), card(3, ' is-sponsored'), card(4, ''), card(5, ''), card(6, ' is-featured')].join('');
    const items = records(`<body><div class="grid">${grid}</div></body>`);
    expect(items.map((c) => c.name)).toEqual(['Chair 0', 'Chair 1', 'Chair 2', 'Chair 3', 'Chair 4', 'Chair 5', 'Chair 6']);
  });
});

describe('listing records: labels, strays and hidden wrappers', () => {
  const hintsIn = { locale: 'en-IN', host: 'shop.example.in' };
  const records = (html: string) => {
    const doc = htmlDoc(html, 'https://shop.example.in/c/1');
    const idx = buildPageIndex(doc, hintsIn);
    const region = findRecordRegion(idx);
    if (!region) return [];
    const spots = spotsByRecord(idx, region);
    return region.records.map((r) => recordCandidate(r, spots.get(r) ?? [], 'https://shop.example.in/c/1', hintsIn));
  };

  it('reads the price a written label names, whatever the class says, and skips instalments', () => {
    const card = (i: number, sale: string, regular: string) => `<div class="card"><img src="/i/${i}.jpg"><a href="/p/${i}">Guitar ${i}</a>
      <div class="price"><span class="sr-only">Sale price</span><span class="price__regular">${sale}</span>
      <span class="sr-only">Regular price</span><span class="price__sale">${regular}</span></div>
      <div class="emi"><span>or <span>₹<span class="emi-price">855</span></span>/Month</span></div></div>`;
    const items = records(`<body><div class="grid">${card(0, '₹9,299', '₹10,999')}${card(1, '₹18,999', '₹23,840')}${card(2, '₹6,399', '₹9,800')}</div></body>`);
    expect(items.map((c) => [c.price, c.salePrice])).toEqual([[10999, 9299], [23840, 18999], [9800, 6399]]);
  });

  it('does not read a promo-code saving or a chip name with a currency-code word as the price', () => {
    const card = (i: number) => `<li class="item"><a href="/p/${i}">Laptop ${i}</a><ul><li>AMD Ryzen 5 Hexa Core Processor</li></ul>
      <p class="promo">+ ₹2000 off w/ promo code</p><div class="cost">₹${40 + i},990</div></li>`;
    const items = records(`<body><ul class="results">${[0, 1, 2].map(card).join('')}</ul></body>`);
    expect(items.map((c) => c.price)).toEqual([40990, 41990, 42990]);
  });

  it("names a card by its title link (in a heading, or the picture's address), not a longer side link or an offer line", () => {
    const card = (i: number) => `<li class="tile"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><h3><a href="/p/${i}"><span>Oat biscuits ${i}</span></a></h3>
      <a href="/shelf/biscuits">Rest of the chocolate biscuits shelf</a><div class="offer-title">₹90 member price until Sunday</div><p>₹${100 + i}</p></li>`;
    const items = records(`<body><ul class="grid">${[0, 1, 2].map(card).join('')}</ul></body>`);
    expect(items.map((c) => [c.name, c.url])).toEqual([0, 1, 2].map((i) => [`Oat biscuits ${i}`, `https://shop.example.in/p/${i}`]));
  });

  it('leaves out promo tiles and a "Next" cell that sit in the grid', () => {
    const card = (i: number) => `<div class="tile"><img src="/i/${i}.jpg"><a href="/p/${i}">Mug ${i}</a><span>₹${300 + i}</span></div>`;
    const promo = '<div class="tile tile--promo"><img src="/i/promo.jpg"><a href="/subscribe">Save on your first order</a></div>';
    const next = '<div class="tile"><a href="?page=2">Next</a></div>';
    const items = records(`<body><div class="grid">${card(0)}${card(1)}${promo}${card(2)}${card(3)}${next}</div></body>`);
    expect(items.map((c) => c.name)).toEqual(['Mug 0', 'Mug 1', 'Mug 2', 'Mug 3']);
  });

  it('reads a grid that a loading cover hides until script shows it, but not a hidden popup', () => {
    const cards = Array.from({ length: 40 }, (_, i) => `<li class="p"><a href="/p/${i}">Tea caddy number ${i} in brushed steel, airtight lid</a><span>₹${200 + i}</span></li>`).join('');
    const popup = '<div style="display:none"><ul><li class="q"><a href="/x/1">Hidden 1</a><span>₹1</span></li><li class="q"><a href="/x/2">Hidden 2</a><span>₹2</span></li><li class="q"><a href="/x/3">Hidden 3</a><span>₹3</span></li></ul></div>';
    const items = records(`<body><header>Shop</header><div class="content-lock" style="display:none;"><main><ul class="grid">${cards}</ul></main></div>${popup}</body>`);
    expect(items).toHaveLength(40);
    expect(items[29]).toMatchObject({ name: 'Tea caddy number 29 in brushed steel, airtight lid', price: 229 });
    expect(records(`<body><div class="grid">${popup}</div><p>${'Our story. '.repeat(300)}</p></body>`)).toEqual([]);
  });
});

describe('categories and breadcrumbs', () => {
  it('reads nested menus and dl trees into levels and paths', () => {
    const { idx } = indexOf(`<body><div class="category-menu"><ul>
      <li><a href="/c/1">家电</a><div class="sub"><dl><dt><a href="/c/11">电视</a></dt><dd><a href="/c/111">曲面电视</a><a href="/c/112">OLED电视</a></dd></dl></div></li>
      <li><a href="/c/2">手机</a><ul><li><a href="/c/21">5G手机</a></li></ul></li></ul></div>
      <footer><ul><li><a href="/about">关于</a><ul><li><a href="/jobs">招聘</a></li></ul></li></ul></footer></body>`);
    const cats = categoriesFromMenus(idx, PAGE_URL);
    expect(cats).toEqual([
      { name: '家电', url: 'https://shop.example.cn/c/1', level: 1, path: ['家电'] },
      { name: '电视', url: 'https://shop.example.cn/c/11', level: 2, path: ['家电', '电视'] },
      { name: '曲面电视', url: 'https://shop.example.cn/c/111', level: 3, path: ['家电', '电视', '曲面电视'] },
      { name: 'OLED电视', url: 'https://shop.example.cn/c/112', level: 3, path: ['家电', '电视', 'OLED电视'] },
      { name: '手机', url: 'https://shop.example.cn/c/2', level: 1, path: ['手机'] },
      { name: '5G手机', url: 'https://shop.example.cn/c/21', level: 2, path: ['手机', '5G手机'] },
    ]);
  });

  it('reads DOM breadcrumbs into category paths without home or the product itself', () => {
    const { idx } = indexOf('<body><div class="breadcrumb"><a href="/">首页</a> &gt; <a href="/c/1">家电</a> &gt; <a href="/c/11">电视</a> &gt; <span>某型号电视</span></div></body>');
    const crumbs = domCrumbs(idx, PAGE_URL);
    expect(crumbs.map((c) => c.name)).toEqual(['首页', '家电', '电视', '某型号电视']);
    expect(crumbsToCategories(crumbs, true)).toEqual([
      { name: '家电', url: 'https://shop.example.cn/c/1', level: 1, path: ['家电'] },
      { name: '电视', url: 'https://shop.example.cn/c/11', level: 2, path: ['家电', '电视'] },
    ]);
  });
  it('counts categories deeper than three steps as leaves and keeps their whole path', () => {
    const crumbs = ['首页', '家电', '电视', '平板电视', '4K电视'].map((name, i) => ({ name, url: `https://shop.example.cn/c/${i}` }));
    expect(crumbsToCategories(crumbs, false).map((c) => [c.level, c.path.length])).toEqual([[1, 1], [2, 2], [3, 3], [3, 4]]);
    const { idx } = indexOf(`<body><div class="category-menu"><ul><li><a href="/c/1">A</a><ul><li><a href="/c/2">B</a><ul><li><a href="/c/3">C</a><ul><li><a href="/c/4">D</a></li></ul></li></ul></li></ul></li><li><a href="/c/5">E</a></li></ul></div></body>`);
    const menu = categoriesFromMenus(idx, PAGE_URL);
    expect(menu.find((c) => c.name === 'D')).toMatchObject({ level: 3, path: ['A', 'B', 'C', 'D'] });
  });
});

describe('category directories and menus with levels', () => {
  const group = (title: string, subs: Array<[string, string[]]>, id: number) => `<div class="cat-block"><div class="hd"><h2>${title}</h2></div>
    <div class="bd">${subs.map(([sub, leaves], j) => `<dl><dt><a href="/c/${id}-${j}">${sub}</a><i>&gt;</i></dt><dd>${leaves.map((l, k) => `<a href="/c/${id}-${j}-${k}">${l}</a>`).join('')}</dd></dl>`).join('')}</div></div>`;
  const directoryHtml = `<html lang="zh-CN"><head><title>全部商品分类</title></head><body><div class="content">
    ${group('家用电器', [['电视', ['超薄电视', '全面屏电视']], ['空调', ['挂机', '柜机']]], 1)}
    ${group('手机通讯', [['手机', ['游戏手机', '老人机']], ['配件', ['手机壳', '数据线', '充电器']]], 2)}</div></body></html>`;

  it('reads a directory of headed groups as heading (1) > group (2) > links (3), and types the page category', () => {
    const r = extractCommerce(htmlDoc(directoryHtml), ctxFor('auto'));
    expect(r.pageType).toBe('category');
    const at = (name: string) => r.categories.find((c) => c.name === name);
    expect(at('家用电器')).toMatchObject({ level: 1, path: ['家用电器'], url: null });
    expect(at('空调')).toMatchObject({ level: 2, path: ['家用电器', '空调'], url: 'https://shop.example.cn/c/1-1' });
    expect(at('数据线')).toMatchObject({ level: 3, path: ['手机通讯', '配件', '数据线'], url: 'https://shop.example.cn/c/2-1-1' });
    expect(r.categories).toHaveLength(2 + 4 + 9);
  });

  it('takes one heading over the whole directory for its title, not a category', () => {
    const { idx } = indexOf(`<body><h3>All categories</h3><div class="menu">
      <dl><dt>Fashion</dt><dd><a href="/c/women">Women</a><a href="/c/men">Men</a></dd></dl>
      <dl><dt>Home</dt><dd><a href="/c/kitchen">Kitchen</a><a href="/c/garden">Garden</a></dd></dl></div></body>`);
    expect(categoriesFromMenus(idx, PAGE_URL).map((c) => [c.name, c.level])).toEqual([['Fashion', 1], ['Women', 2], ['Men', 2], ['Home', 1], ['Kitchen', 2], ['Garden', 2]]);
  });

  it('reads every link of a menu item that holds several, and no level for an item that only wraps a list', () => {
    const { idx } = indexOf(`<body><div class="cate"><ul class="cate_menu">
      <li><a href="/c/phone">手机</a><span>/</span><a href="/c/carrier">运营商</a><span>/</span><a href="/c/digital">数码</a></li>
      <li><a href="/c/pc">电脑</a><span>/</span><a href="/c/office">办公</a></li></ul>
      <ul class="genres"><li class="genre"><dl><dt>Books</dt><dd class="flyout" style="display:none"><ul><li><a href="/g/novels">Novels</a></li><li><a href="/g/comics">Comics</a></li></ul></dd></dl></li>
      <li class="genre"><dl><dt>Music</dt><dd style="display:none"><ul><li><a href="/g/cd">CDs</a></li></ul></dd></dl></li></ul></div></body>`);
    const cats = categoriesFromMenus(idx, PAGE_URL).map((c) => [c.name, c.level]);
    expect(cats.slice(0, 5)).toEqual([['手机', 1], ['运营商', 1], ['数码', 1], ['电脑', 1], ['办公', 1]]);
    expect(cats).toContainEqual(['Books', 1]);
    expect(cats).toContainEqual(['Novels', 2]);
    expect(cats).toContainEqual(['CDs', 2]);
  });
});

describe('flat category lists placed by the breadcrumb path', () => {
  const pagePath = crumbsToCategories([{ name: '手机数码', url: 'https://shop.example.cn/c/1' }, { name: '手机通讯', url: 'https://shop.example.cn/c/1-1' }], false);

  it("puts a category page's sub-category list under the current category", () => {
    const { idx } = indexOf('<body><div class="category-children"><ul class="sub-cats"><li><a href="/c/1-1-1">手机</a></li><li><a href="/c/1-1-2">对讲机</a></li></ul></div></body>');
    expect(categoriesFromMenus(idx, PAGE_URL, pagePath)).toEqual([
      { name: '手机', url: 'https://shop.example.cn/c/1-1-1', level: 3, path: ['手机数码', '手机通讯', '手机'] },
      { name: '对讲机', url: 'https://shop.example.cn/c/1-1-2', level: 3, path: ['手机数码', '手机通讯', '对讲机'] },
    ]);
  });

  it('puts a list holding the current category beside it (siblings)', () => {
    const { idx } = indexOf('<body><ul class="cat-list"><li><a href="/c/1-1">手机通讯</a></li><li><a href="/c/1-2">摄影摄像</a></li></ul></body>');
    expect(categoriesFromMenus(idx, PAGE_URL, pagePath).map((c) => [c.level, c.path.join('>')])).toEqual([[2, '手机数码>手机通讯'], [2, '手机数码>摄影摄像']]);
  });
});

describe('shop and reviews', () => {
  it('reads a shop box with goods count and rating', () => {
    const { idx } = indexOf('<body><div class="shop-info"><a class="shop-name" href="/shop/9">好物旗舰店</a><span>共123件商品</span><span>好评率98%</span></div></body>');
    expect(shopFromDom(idx, PAGE_URL)).toEqual({ name: '好物旗舰店', url: 'https://shop.example.cn/shop/9', goodsCount: 123, rating: '98%', ownPage: false });
  });

  it("reads a shop's own page: the heading names it, the page (without its page number) is its address", () => {
    const { idx } = indexOf(`<body><div class="shop-head"><div class="shop-title"><h1 class="shop-name">好物旗舰店</h1>
      <div class="shop-score"><span>店铺评分</span> <em>4.6</em></div><div>共 2 件商品</div>
      <a class="follow" href="/account/favorites?shop=9" rel="nofollow">收藏店铺</a></div></div></body>`);
    expect(shopFromDom(idx, 'https://shop.example.cn/shop/9?page=2')).toEqual({ name: '好物旗舰店', url: 'https://shop.example.cn/shop/9', goodsCount: 2, rating: 4.6, ownPage: true });
  });

  it('takes the repeated review items, not the score summary beside them', () => {
    const { idx } = indexOf(`<body><div id="comment" class="comment"><div class="mt"><h3>商品评价</h3></div>
      <div class="comment-info"><div class="percent-con">好评率98%</div><div class="score">4.9分</div></div>
      <div id="comment-list" class="comment-list">
        <div class="comment-item"><span class="user-name">王五</span><p class="comment-con">做工精细，值这个价格。</p></div>
        <div class="comment-item"><span class="user-name">赵六</span><p class="comment-con">物流很快。</p></div>
        <div class="comment-item"><span class="user-name">钱七</span><p class="comment-con">一般般。</p></div></div></div></body>`);
    expect(domReviews(idx).map((r) => [r.author, r.content])).toEqual([['王五', '做工精细，值这个价格。'], ['赵六', '物流很快。'], ['钱七', '一般般。']]);
  });

  it('keeps a review that repeats a vote word, and drops the vote rows (read in linear time: the old row rule took seconds per word)', () => {
    const chant = `${'有用 '.repeat(24)}真的好用！`;
    const { idx } = indexOf(`<body><div id="comment-list" class="comment-list">
      <div class="comment-item"><span class="user-name">王五</span><p class="comment-con">${chant}</p><div class="ops">有用(3) 回复</div></div>
      <div class="comment-item"><span class="user-name">赵六</span><p class="comment-con">物流很快，包装完好。</p><div class="ops">有用 12 | 举报</div></div>
      <div class="comment-item"><span class="user-name">钱七</span><p class="comment-con">一般般，凑合用。</p><div class="ops">赞（5）回复（2）</div></div></div></body>`);
    expect(domReviews(idx).map((r) => [r.author, r.content])).toEqual([['王五', chant.trim()], ['赵六', '物流很快，包装完好。'], ['钱七', '一般般，凑合用。']]);
  });

  it('finds no reviews in a "no reviews yet" notice', () => {
    const { idx } = indexOf('<body><div class="comment"><div class="comment-info">好评率 --</div><div class="comment-list"><div class="no-comment">暂无评价</div></div></div></body>');
    expect(domReviews(idx)).toEqual([]);
  });

  it('reads repeated review items', () => {
    const { idx } = indexOf(`<body><div class="reviews">
      <div class="review-item"><span class="user">张三</span><div class="star" style="width:80%"></div><p class="content">很好用</p><time datetime="2025-04-02">4月2日</time></div>
      <div class="review-item"><span class="user">李四</span><p class="content">一般</p><span class="date">2025年4月3日</span></div></div></body>`);
    expect(domReviews(idx)).toEqual([
      // A date without a time or zone stays a calendar date (not UTC midnight, which is another day east of Greenwich).
      { author: '张三', rating: 4, content: '很好用', date: '2025-04-02' },
      { author: '李四', rating: null, content: '一般', date: '2025-04-03' },
    ]);
  });
});

describe('firstDescendant and classContains (the selector-free lookups records use)', () => {
  it('find what querySelector finds, from every element of a nested tree', () => {
    const doc = htmlDoc(`<ul id="r">
      <li class="item"><div class="pic"><a href="/a"><img src="a.jpg"></a></div>
        <div class="info"><span class="item-title">A</span><div><em class="star-4">4</em></div></div>
        <div class="foot"><a class="shop-link" href="/s/1">Shop 1</a><img alt="A pic" src="x.png"></div></li>
      <li class="item"><p><b><i class="Title">case</i></b></p><span class="name">B</span><a>no href</a></li>
      <li class="item"><div></div><div><div><div><a href="/deep"><img alt="deep"></a></div></div></div><span class="seller">S</span></li>
    </ul>`);
    const pairs: Array<[string, (e: Element) => boolean]> = [
      ['[class*=title], [class*=name]', (e) => classContains(e, ['title', 'name'])],
      ['[class*=star], [class*=rating], [class*=score]', (e) => classContains(e, ['star', 'rating', 'score'])],
      ['[class*=shop], [class*=store], [class*=seller]', (e) => classContains(e, ['shop', 'store', 'seller'])],
      ['img', (e) => e.tagName === 'IMG'],
      ['img[alt]', (e) => e.tagName === 'IMG' && e.hasAttribute('alt')],
      ['a[href]', (e) => e.tagName === 'A' && e.hasAttribute('href')],
    ];
    const roots = Array.from(doc.body.querySelectorAll('*'));
    let found = 0;
    for (const root of roots) {
      for (const [sel, test] of pairs) {
        const want = root.querySelector(sel);
        expect(firstDescendant(root, test), `${sel} under <${root.tagName} class="${root.className}">`).toBe(want);
        if (want) found++;
      }
    }
    expect(found).toBeGreaterThan(20);
  });
});
