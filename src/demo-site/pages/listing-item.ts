import type { DemoProduct, DemoShop } from '../catalog';
import { esc, money } from '../html';

/**
 * One product in a listing, in one of a few markup styles real shops use.
 * Price is always server-rendered here; the struck-through list price appears when on sale.
 * `gbkSafe` avoids "¥" (U+00A5 has no GBK code), using the full-width "￥" instead.
 */
export type ListingStyle = 'grid' | 'tb' | 'table';

const yuanShort = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export function listingItem(p: DemoProduct, shop: DemoShop | undefined, style: ListingStyle, gbkSafe = false): string {
  const now = p.salePrice ?? p.price;
  const was = p.salePrice !== null ? p.price : null;
  const name = esc(p.name);
  const cart = `<a class="p-o-btn addcart" href="/cart/add?pid=${p.id}&amp;pcount=1" rel="nofollow">加入购物车</a>`;
  const shopLink = shop ? `<div class="p-shop"><a href="${shop.url}" title="${esc(shop.name)}">${esc(shop.name)}</a></div>` : '';
  switch (style) {
    case 'grid': {
      const y = gbkSafe ? '￥' : '¥';
      return `<li class="gl-item" data-sku="${p.id}"><div class="gl-i-wrap">
<div class="p-img"><a target="_blank" title="${name}" href="${p.url}"><img width="220" height="220" src="${p.image}" alt="${name}"></a></div>
<div class="p-price"><strong><em>${y}</em><i>${money(now, false)}</i></strong>${was !== null ? ` <del>${y}${money(was)}</del>` : ''}</div>
<div class="p-name p-name-type-2"><a target="_blank" title="${name}" href="${p.url}"><em>${name}</em></a></div>
<div class="p-commit"><strong><a href="${p.url}#comment">${p.reviews.length}</a>条评价</strong> <span class="good-rate">好评率${p.goodRate}%</span></div>
${shopLink}<div class="p-operate">${cart}</div></div></li>`;
    }
    case 'tb':
      return `<div class="item J_MouserOnverReq"><div class="pic"><a class="pic-link" href="${p.url}"><img class="J_ItemPic img" src="${p.image}" alt="${name}"></a></div>
<div class="ctx-box"><div class="row row-1 g-clearfix"><div class="price g_price g_price-highlight"><span>￥</span><strong>${yuanShort(now)}</strong></div>${was !== null ? `<s class="origin-price">￥${yuanShort(was)}</s>` : ''}<div class="deal-cnt">${p.rating.toFixed(1)}分</div></div>
<div class="row row-2 title"><a class="J_ClickStat" href="${p.url}" target="_blank">${name}</a></div>
<div class="row row-3 g-clearfix">${shop ? `<div class="shop"><a class="shopname" href="${shop.url}"><span>${esc(shop.name)}</span></a></div>` : ''}<div class="location">${p.availability === 'InStock' ? '现货' : '缺货'}</div></div>${cart}</div></div>`;
    case 'table': {
      const y = gbkSafe ? '￥' : '¥';
      return `<tr class="goods-row"><td class="thumb"><a href="${p.url}"><img src="${p.image}" alt="" width="80" height="80"></a></td>
<td class="goods-name"><a href="${p.url}">${name}</a><br><span class="brand">品牌：${esc(p.brand)}</span></td>
<td class="goods-price"><span class="price">${y}${money(now)}</span>${was !== null ? `<br><span class="old-price">原价：${y}${money(was)}</span>` : ''}</td>
<td class="goods-rate">${p.rating.toFixed(1)}分</td><td>${cart}</td></tr>`;
    }
  }
}

export function listingBlock(items: string[], style: ListingStyle): string {
  if (items.length === 0) return '<div class="notice-search">抱歉，没有找到相关的商品</div>';
  switch (style) {
    case 'grid': return `<div id="J_goodsList" class="goods-list-v2 gl-type-1"><ul class="gl-warp clearfix">${items.join('\n')}</ul></div>`;
    case 'tb': return `<div class="m-itemlist"><div class="grid g-clearfix"><div class="items">${items.join('\n')}</div></div></div>`;
    case 'table': return `<table class="goods-table" cellspacing="0"><thead><tr><th></th><th>商品名称</th><th>价格</th><th>评分</th><th></th></tr></thead><tbody>${items.join('\n')}</tbody></table>`;
  }
}
