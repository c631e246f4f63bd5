import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../extractors/index';
import { extractCommerce } from '../../extractors/commerce/index';
import { parseHtml } from '../../extractors/parse';
import { FEATURE_NAMES } from '../../extractors/classify/features';
import model from '../../extractors/classify/page-type-model.json';
import {
  articleWithRelatedBox, blogPostWithStoreBox, listingWithSellerBox, newsCentreIndex, portalBrief, productSoldOut, productSoldOutNoPrice, productWhilePriceLoads, productWithCarousel, sectionFront, shopGuideArticle, smallCategoryList,
  SMALL_LIST_ITEMS, storyWithMoreBox,
} from './fixtures';

describe('page typing in auto mode', () => {
  it('types an item page whose price is still loading as a product, not as a listing of its "看了又看" box', () => {
    const r = extractHtml(productWhilePriceLoads(), 'https://mall.example.cn/item/100012.html');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toHaveLength(1);
    expect(r.commodities[0]).toMatchObject({ name: '华为 MatePad 11.5 平板电脑 8GB+128GB 曜石黑', price: null });
  });


  it('types a product page that says so in its markup and has a buy button as a product while its price and reviews load by script', () => {
    const shell = `<!doctype html><html><head><title>Walnut desk lamp - Lamps</title><meta property="og:type" content="product"></head><body>
<div class="crumbs"><a href="/">Home</a> &gt; <a href="/lamps/">Lamps</a></div>
<h1>Walnut desk lamp</h1><div class="price-box">Price: <span id="price"></span></div>
<button class="add-to-cart">Add to cart</button><div class="reviews"><h2>Reviews</h2><ul id="reviews"></ul></div>
<script>fetch('/api/price?sku=WL-2').then(function (r) { return r.json(); }).then(function (d) { document.getElementById('price').textContent = d.price; });</script>
</body></html>`;
    const r = extractHtml(shell, 'https://lamps.example.com/item/2.htm');
    expect(r.pageType).toBe('product');
    // The price the page's data request brings is read as the product's.
    const withData = extractHtml(shell, 'https://lamps.example.com/item/2.htm', { xhr: [{ url: 'https://lamps.example.com/api/price?sku=WL-2', body: { sku: 'WL-2', price: 49.5, currency: 'USD' } }] });
    expect(withData.pageType).toBe('product');
    expect(withData.commodities[0]).toMatchObject({ name: 'Walnut desk lamp', price: 49.5 });
  });

  it('types a sold-out item page as a product: a stock-out line beside its cart link still marks the item\'s own box', () => {
    const r = extractHtml(productSoldOut(), 'https://mall.example.cn/item/300006.htm');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toHaveLength(1);
    expect(r.commodities[0]).toMatchObject({ name: '小米 移动电源 20000mAh 黑色', price: 129, sku: 'MI-PB20K-B' });
  });

  it('types an item page with a "you may also like" carousel of ten priced items as the product, not as a listing of the carousel', () => {
    const r = extractHtml(productWithCarousel(), 'https://vintage.example.com/item/6999-vintage-leather-flap-bag');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toHaveLength(1);
    expect(r.commodities[0]).toMatchObject({ name: 'Vintage Leather Flap Bag', price: 400 });
  });

  it('types a sold-out item page without a price as the product, by its labelled SKU and stock line, not as a page of department menus', () => {
    const r = extractHtml(productSoldOutNoPrice(), 'https://store.example.de/item/BB-20-RM');
    expect(r.pageType).toBe('product');
    expect(r.commodities).toEqual([expect.objectContaining({ name: 'Bamboo Gift Basket, round, medium', sku: 'BB20RM', price: null, availability: 'OutOfStock' })]);
  });

  it('still types a story with a related-reading box as news', () => {
    const r = extractHtml(articleWithRelatedBox(), 'https://news.example.cn/news/2026/03/02/12345.html');
    expect(r.pageType).toBe('news');
    expect(r.news?.content).toContain('规模以上工业增加值');
  });


  it('keeps a search page with a seller box a listing: the shop box does not make it the shop\'s page', () => {
    const r = extractHtml(listingWithSellerBox(), 'https://search.example.cn/search?keyword=mouse');
    expect(r.pageType).toBe('listing');
    expect(r.commodities).toHaveLength(12);
    // The same results on the shop's own address are that shop's page.
    const own = extractHtml(listingWithSellerBox().replace('<title>无线鼠标 - 商品搜索 - 某某商城</title>', '<title>某某商城 - 无线鼠标</title>'), 'https://search.example.cn/shop/88');
    expect(own.pageType).toBe('shop');
  });
});

describe('news index pages and articles in auto mode', () => {
  it('does not type a 资讯中心 index of headlines with teasers as news', () => {
    const r = extractHtml(newsCentreIndex(), 'https://news.example.cn/news/');
    expect(['category', 'other']).toContain(r.pageType);
    // No news facet either: storage would keep it as an article mixed from ten stories.
    expect(r.news).toBeNull();
  });

  it('does not type a section front whose lead story shows its whole first paragraph as news', () => {
    const r = extractHtml(sectionFront(), 'https://gazette.example.com/local');
    expect(['category', 'other']).toContain(r.pageType);
    expect(r.news).toBeNull();
  });

  it('types a story with a "More from" box of headlines and standfirsts as news', () => {
    const r = extractHtml(storyWithMoreBox(), 'https://gazette.example.com/local/2026/03/flood-defences-budget');
    expect(r.pageType).toBe('news');
    expect(r.news?.content).toContain('two new pumping stations');
  });

  it('types a blog post whose sidebar invites readers to the company store as news: a shop named without goods is no shop page', () => {
    const r = extractHtml(blogPostWithStoreBox(), 'https://www.greenrow.example/blog/how-often-to-water-vegetable-beds');
    expect(r.pageType).toBe('news');
    expect(r.news?.content).toContain('A deep soak twice a week');
    expect(r.commodities).toHaveLength(0);
  });

  it('types a portal\'s brief of one short paragraph, dated to the minute beside its headline, as news in the page\'s zone', () => {
    const r = extractHtml(portalBrief(), 'https://news.example.cn/a/20260318/5521.html');
    expect(r.pageType).toBe('news');
    expect(r.news).toMatchObject({ title: '央行今日开展2000亿元逆回购操作', publishedAt: '2026-03-18T09:21:00+08:00' });
    expect(r.news?.content).toContain('净投放500亿元');
    // The same paragraph under a date without its minute is not told from other short text.
    const dayOnly = extractHtml(portalBrief().replace('2026-03-18 09:21', '2026-03-18'), 'https://news.example.cn/a/20260318/5521.html');
    expect(dayOnly.pageType).not.toBe('news');
    expect(dayOnly.news).toBeNull();
  });

  it('types a buying guide on a shop\'s site, with priced goods under it, as news rather than a listing', () => {
    const r = extractHtml(shopGuideArticle(), 'https://mall.example.cn/guide/home/3301.html');
    expect(r.pageType).toBe('news');
    expect(r.news?.content).toContain('洁净空气输出比率');
  });
});

describe('the page-type model', () => {
  it('is shipped trained on the feature list the extractor computes, small and deterministic', () => {
    const m = model as { kind: string; features?: string[] };
    expect(m.kind).toBe('forest');
    expect(m.features).toEqual([...FEATURE_NAMES]);
    expect(JSON.stringify(model).length).toBeLessThan(200_000);
    const doc = () => parseHtml(productWhilePriceLoads(), 'https://mall.example.cn/item/100012.html');
    const ctx = { url: 'https://mall.example.cn/item/100012.html', kind: 'auto' as const, xhr: [], now: new Date('2026-01-01T00:00:00Z') };
    const a = extractCommerce(doc(), ctx).typing;
    const b = extractCommerce(doc(), ctx).typing;
    expect(a?.features).toHaveLength(FEATURE_NAMES.length);
    expect(a?.scores).toEqual(b?.scores);
  });
});

describe('a small category list the model leans to "product" for', () => {
  it('is read as the list of its items, never as a product without a name', () => {
    // A leaf category of the demo shop with four goods and no heading, as the browser renders it.
    const r = extractHtml(smallCategoryList(), 'https://shop.example.cn/c/1-1-3');
    expect(r.pageType).not.toBe('product');
    expect(r.commodities.map((c) => [c.name, c.price])).toEqual(SMALL_LIST_ITEMS);
  });
});
