import { PAGE_SIZE } from '../catalog';
import { gbkVariant } from '../charset';
import { breadcrumb, esc, layout, money, pager, shopFooter, shopHeader } from '../html';
export { productPage } from './product-page';
import { hashString } from '../prng';
import { html, notFound, type Reply } from '../reply';
import type { SiteState } from '../state';
import { listingBlock, listingItem, type ListingStyle } from './listing-item';

/** Home, category, listing, product, shop pages and the product JSON API. */

const STYLES: ListingStyle[] = ['grid', 'tb', 'table'];
const styleFor = (key: string): ListingStyle => STYLES[hashString(key) % STYLES.length]!;

function megaMenu(s: SiteState): string {
  return `<div class="cate_menu" id="J_cate"><ul class="JS_navCtn cate_menu">${s.topCategories.map((top) => `
<li class="cate_menu_item"><a class="cate_menu_lk" href="${top.url}">${esc(top.name)}</a>
<div class="cate_part"><div class="cate_part_col1">${top.childIds.map((sid) => {
    const sub = s.categoryById.get(sid)!;
    return `<dl class="cate_detail_item"><dt class="cate_detail_tit"><a href="${sub.url}">${esc(sub.name)}<i class="cate_detail_tit_arrow">&gt;</i></a></dt><dd class="cate_detail_con">${sub.childIds
      .map((lid) => `<a class="cate_detail_con_lk" href="/c/${lid}">${esc(s.categoryById.get(lid)!.name)}</a>`).join('')}</dd></dl>`;
  }).join('')}</div></div></li>`).join('')}</ul></div>`;
}

function pageNumber(query: URLSearchParams): number | null {
  const raw = query.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

export function homePage(s: SiteState, traps: boolean): Reply {
  const featured = s.catalog.products.slice(0, 10);
  const news = [...s.catalog.news].sort((a, b) => b.lastModified - a.lastModified).slice(0, 6);
  const trapLinks = traps
    ? `<div class="friend-links"><h3>友情链接</h3><a href="/trap/slow.html">慢速页面</a> <a href="/trap/hang.html">专题活动</a> <a href="/trap/redirect-a">跳转</a> <a href="/trap/manual.pdf">说明书下载</a> <a href="/trap/photo.png">大图</a> <a href="/trap/huge.html">全部商品归档</a> <a href="/trap/error.html">年终盘点</a> <a href="/trap/blocked.html">会员专区</a></div>`
    : '';
  const body = `${shopHeader(s.topCategories)}
<div class="w fs"><div class="fs_col1">${megaMenu(s)}</div>
<div class="fs_col2"><div class="ad-banner slider"><a href="/c/1-1-1"><img src="/img/banner-1.png" alt="新品手机 限时直降"></a><a href="/c/3-1-1"><img src="/img/banner-2.png" alt="家电焕新季"></a></div></div>
<div class="fs_col3"><div class="user"><a href="/account/login">登录</a> / <a href="/account/register">注册</a></div>
<div class="news-brief"><h3>商城快报</h3><ul>${news.map((n) => `<li><a href="${n.url}">${esc(n.title)}</a></li>`).join('')}</ul><a class="more" href="/news/">更多 &gt;</a></div></div></div>
<div class="w floor"><div class="floor-hd"><h3>为你推荐</h3></div>${listingBlock(featured.map((p) => listingItem(p, s.shopById.get(p.shopId), 'grid')), 'grid')}</div>
<div class="w shops"><div class="floor-hd"><h3>品牌店铺</h3></div><ul class="shop-list">${s.catalog.shops.map((sh) => `<li><a href="${sh.url}">${esc(sh.name)}</a></li>`).join('')}</ul></div>
<div class="w ad"><span class="ad-tag">广告</span><a href="/c/4">秋冬新款服饰 满299减50</a></div>
<div class="w">${trapLinks}</div>
${shopFooter()}`;
  return html(layout({ title: '优选商城 - 正品低价、品质保障、配送及时、轻松购物！', charset: 'utf-8', body, topCategories: s.topCategories,
    head: '<meta name="description" content="优选商城-专业的综合网上购物商城，销售手机、电脑、家电、服饰、食品等数万种商品。"><meta name="keywords" content="网上购物,手机,电脑,家电,服饰">' }));
}

export function categoryPage(s: SiteState, id: string, query: URLSearchParams): Reply {
  const cat = s.categoryById.get(id);
  if (!cat) return notFound('分类不存在');
  const path = s.categoryPath(cat);
  if (cat.level < 3) {
    if (query.has('page')) return notFound();
    const children = cat.childIds.map((cid) => s.categoryById.get(cid)!);
    const inner = children.map((c) => c.level === 2
      ? `<div class="channel-floor"><h2><a href="${c.url}">${esc(c.name)}</a></h2><ul>${c.childIds.map((l) => { const lc = s.categoryById.get(l)!; return `<li><a href="${lc.url}">${esc(lc.name)}</a></li>`; }).join('')}</ul></div>`
      : `<li class="sub-cat"><a href="${c.url}"><img src="/img/cat-${c.id}.png" alt=""><span>${esc(c.name)}</span></a></li>`).join('\n');
    const body = `${shopHeader(s.topCategories)}<div class="w">${breadcrumb(path)}
<div class="ad-banner"><span class="ad-tag">广告</span><a href="${children[0]?.url ?? '/'}">${esc(cat.name)}品类日 爆款低至5折</a></div>
<div class="category-children"><h1>${esc(cat.name)}</h1>${cat.level === 1 ? inner : `<ul class="sub-cats">${inner}</ul>`}</div></div>${shopFooter()}`;
    return html(layout({ title: `${cat.name} - 优选商城`, charset: 'utf-8', body }));
  }
  const page = pageNumber(query);
  const goods = s.productsInCategory(id);
  const pages = Math.max(1, Math.ceil(goods.length / PAGE_SIZE));
  if (page === null || page > pages) return notFound();
  const style = styleFor(cat.id);
  const items = goods.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((p) => listingItem(p, s.shopById.get(p.shopId), style));
  const siblings = s.categoryById.get(cat.parentId!)!.childIds.map((x) => s.categoryById.get(x)!);
  const body = `${shopHeader(s.topCategories)}<div class="w">${breadcrumb(path)}
<div class="aside"><div class="m-aside"><h3>相关分类</h3><ul>${siblings.map((c) => `<li${c.id === cat.id ? ' class="curr"' : ''}><a href="${c.url}">${esc(c.name)}</a></li>`).join('')}</ul></div>
<div class="ad"><span class="ad-tag">广告</span><a href="/c/${cat.parentId}">热卖推荐</a></div></div>
<div class="main"><div class="filter"><div class="f-sort"><a class="curr" href="${cat.url}">综合</a><span>销量</span><span>评论数</span><span>价格</span></div>
<div class="f-result-sum">共<span id="J_resCount">${goods.length}</span>件商品</div></div>
${listingBlock(items, style)}
${pager(cat.url, page, pages, style === 'tb')}</div></div>${shopFooter()}`;
  return html(layout({ title: `${cat.name}${page > 1 ? ` 第${page}页` : ''} - 优选商城`, charset: 'utf-8', body }));
}

export function productApi(s: SiteState, id: string): Reply {
  const p = s.productById.get(id);
  if (!p) return { status: 404, contentType: 'application/json', charsetHeader: true, body: JSON.stringify({ code: 404, message: 'product not found' }) };
  const body = {
    id: p.id,
    skuId: p.sku,
    price: money(p.price, false),
    promoPrice: p.salePrice === null ? null : money(p.salePrice, false),
    currency: p.currency,
    stockState: p.availability === 'InStock' ? '有货' : '无货',
    score: p.rating,
    goodRate: `${p.goodRate}%`,
    commentCount: p.reviews.length,
    comments: p.reviews.map((r) => ({ nickname: r.author, score: r.rating, content: r.content, creationTime: r.date })),
  };
  return { status: 200, contentType: 'application/json', charsetHeader: true, body: JSON.stringify(body), lastModified: p.lastModified };
}

export function shopPage(s: SiteState, id: string, query: URLSearchParams): Reply {
  const shop = s.shopById.get(id);
  if (!shop) return notFound('店铺不存在');
  const page = pageNumber(query);
  const goods = s.productsOfShop(id);
  const pages = Math.max(1, Math.ceil(goods.length / PAGE_SIZE));
  if (page === null || page > pages) return notFound();
  const index = s.catalog.shops.indexOf(shop);
  const variant = gbkVariant(index);
  const style: ListingStyle = index % 3 === 2 ? 'table' : index % 3 === 1 ? 'tb' : 'grid';
  const items = goods.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((p) => listingItem(p, undefined, style, true));
  const ratingHtml = shop.ratingKind === 'score'
    ? `<div class="shop-score"><span class="label">店铺评分</span> <em class="score">${shop.rating}</em></div>`
    : `<div class="shop-score"><span class="label">${shop.rating.replace(/ (\d+%)$/, '</span> <em class="rate">$1</em>')}</div>`;
  const body = `${shopHeader(s.topCategories)}
<div class="shop-head"><div class="w"><div class="shop-logo"><img src="/img/shop-${shop.id}.png" alt=""></div>
<div class="shop-title"><h1 class="shop-name">${esc(shop.name)}</h1>${ratingHtml}
<div class="shop-goods-count">共 ${goods.length} 件商品</div><a class="follow" href="/account/favorites?shop=${shop.id}" rel="nofollow">收藏店铺</a></div></div></div>
<div class="w"><div class="shop-nav"><a href="${shop.url}">首页</a> <a href="${shop.url}">全部商品</a></div>
<div class="ad"><span class="ad-tag">广告</span>店铺上新 关注有礼</div>
${listingBlock(items, style)}
${pager(shop.url, page, pages, index % 2 === 1)}</div>${shopFooter()}`;
  return html(layout({ title: `${shop.name} - 优选商城`, charset: variant.markup, body }), 200, { gbk: true, charsetHeader: variant.header });
}
