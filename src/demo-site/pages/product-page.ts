import type { DemoProduct } from '../catalog';
import { breadcrumb, esc, layout, shopFooter, shopHeader } from '../html';
import { html, notFound, type Reply } from '../reply';
import type { SiteState } from '../state';

/**
 * Product detail pages in two layouts (JD-like and Tmall-like). Name, breadcrumb, shop, brand,
 * SKU and attributes are in the HTML; price, promotional price, stock, rating and reviews are
 * filled in by an inline script from /api/products/<id>, so plain HTTP fetching sees no price.
 */

export function productPage(s: SiteState, id: string): Reply {
  const p = s.productById.get(id);
  if (!p) return notFound('商品已下架或不存在');
  return p.layout === 'jd' ? jdPage(s, p) : tbPage(s, p);
}

function structuredData(p: DemoProduct): { wrapOpen: string; wrapClose: string; nameAttr: string; head: string } {
  switch (p.markup) {
    case 'json-ld':
      return {
        wrapOpen: '', wrapClose: '', nameAttr: '',
        // Identity only: no "offers", so nothing reveals the price without running the page script.
        head: `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: p.name, sku: p.sku, brand: { '@type': 'Brand', name: p.brand }, image: p.image })}</script>`,
      };
    case 'microdata':
      return { wrapOpen: '<div itemscope itemtype="https://schema.org/Product">', wrapClose: '</div>', nameAttr: ' itemprop="name"', head: '' };
    case 'plain':
      return { wrapOpen: '', wrapClose: '', nameAttr: '', head: '' };
  }
}

/** JD-like inline client script: fills price, stock, rating and reviews from the JSON API. */
function jdScript(id: string): string {
  return `<script>
(function () {
  var skuId = ${JSON.stringify(id)};
  function el(id) { return document.getElementById(id); }
  function escapeHtml(t) { return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  fetch('/api/products/' + skuId, { headers: { 'Accept': 'application/json' } })
    .then(function (r) { if (!r.ok) throw new Error('HTTP ' + r.status); return r.json(); })
    .then(function (d) {
      var now = d.promoPrice || d.price;
      el('J-price').textContent = now;
      if (d.promoPrice) { el('J-origin').innerHTML = '<del>\\u00a5' + d.price + '</del>'; el('J-origin').style.display = ''; }
      el('J-stock').textContent = d.stockState;
      el('J-score').textContent = d.score.toFixed(1) + '\\u5206';
      el('J-goodrate').textContent = '\\u597d\\u8bc4\\u7387' + d.goodRate;
      el('J-comment-count').textContent = d.commentCount;
      el('comment-list').innerHTML = d.comments.length ? d.comments.map(function (c) {
        return '<div class="comment-item"><div class="user-info"><span class="user-name">' + escapeHtml(c.nickname) + '</span></div>' +
          '<div class="comment-column"><div class="comment-star star' + c.score + '" title="' + c.score + '\\u661f"></div>' +
          '<p class="comment-con">' + escapeHtml(c.content) + '</p><div class="order-info"><span>' + escapeHtml(c.creationTime) + '</span></div></div></div>';
      }).join('') : '<div class="no-comment">\\u6682\\u65e0\\u8bc4\\u4ef7</div>';
    })
    .catch(function () { el('J-price').textContent = '\\u6682\\u65e0\\u62a5\\u4ef7'; });
})();
</script>`;
}

function jdPage(s: SiteState, p: DemoProduct): Reply {
  const cat = s.categoryById.get(p.categoryId)!;
  const shop = s.shopById.get(p.shopId)!;
  const sd = structuredData(p);
  const name = esc(p.name);
  const attrs = Object.entries(p.extra);
  const related = s.productsInCategory(cat.id).filter((x) => x.id !== p.id).slice(0, 6);
  const brandHtml = p.markup === 'microdata'
    ? `<span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><a href="/c/${cat.id}" itemprop="name">${esc(p.brand)}</a></span>`
    : `<a href="/c/${cat.id}">${esc(p.brand)}</a>`;
  const skuHtml = p.markup === 'microdata' ? `<span itemprop="sku">${esc(p.sku)}</span>` : esc(p.sku);
  const body = `${shopHeader(s.topCategories)}<div class="w">${breadcrumb(s.categoryPath(cat), p.name)}
${sd.wrapOpen}<div class="product-intro clearfix">
<div class="preview-wrap"><div id="spec-n1" class="jqzoom main-img"><img id="spec-img" width="450" height="450" src="${p.image}" alt="${name}"${p.markup === 'microdata' ? ' itemprop="image"' : ''}></div></div>
<div class="itemInfo-wrap">
<div class="sku-name"${sd.nameAttr}>${name}</div>
<div class="news"><div class="item hide">【限时抢购】下单立减，数量有限，先到先得</div></div>
<div class="summary summary-first"><div class="summary-price-wrap"><div class="summary-price J-summary-price"><div class="dt">价 格</div><div class="dd">
<span class="p-price"><span>¥</span><span class="price J-p-${p.id}" id="J-price"></span></span>
<span class="pricing" id="J-origin" style="display:none"></span></div></div>
<div class="summary-info J-summary-info"><div class="comment-count"><p>累计评价</p><a class="count J-comm-${p.id}" href="#comment" id="J-comment-count"></a></div></div></div>
<div class="summary-stock"><div class="dt">配 送 至</div><div class="dd"><div class="store-prompt" id="J-stock"></div></div></div></div>
<div class="summary p-choose-wrap"><div class="dt">数量</div><div class="dd"><input class="buy-num" value="1"></div></div>
<div class="btn-wrap"><a href="/cart/add?pid=${p.id}&amp;pcount=1" id="InitCartUrl" class="btn-special1 btn-lg">加入购物车</a> <a href="/account/favorites?add=${p.id}" class="btn-follow" rel="nofollow">关注</a></div>
</div></div>
<div class="shop-info-wrap"><div class="J-hove-wrap"><div class="name"><a href="${shop.url}" target="_blank" title="${esc(shop.name)}">${esc(shop.name)}</a></div>
<div class="btns"><a href="${shop.url}" class="btn-def enter-shop">进店逛逛</a></div></div></div>
<div class="detail" id="detail"><div class="tab-main"><ul><li class="current">商品介绍</li><li>规格与包装</li><li>商品评价</li></ul></div>
<div class="p-parameter"><ul class="parameter2 p-parameter-list">
<li title="${name}">商品名称：${name}</li><li>商品编号：${skuHtml}</li><li>品牌：${brandHtml}</li>
${attrs.map(([k, v]) => `<li title="${esc(v)}">${esc(k)}：${esc(v)}</li>`).join('')}</ul></div>
<div class="Ptable"><div class="Ptable-item"><h3>主体</h3><dl class="clearfix">${attrs.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl></div></div>
<div class="detail-content"><img src="/img/detail-${p.id}.png" alt=""></div></div>${sd.wrapClose}
<div id="comment" class="m m-content comment"><div class="mt"><h3>商品评价</h3></div>
<div class="comment-info"><div class="comment-percent"><strong class="percent-tit">好评度</strong><div class="percent-con" id="J-goodrate"></div></div><div class="score" id="J-score"></div></div>
<div id="comment-list" class="comment-list">评价加载中...</div></div>
<div class="m recommend"><div class="mt"><h3>为你推荐</h3></div><ul>${related.map((r) => `<li><a href="${r.url}"><img src="${r.image}" alt=""><div class="p-name">${esc(r.name)}</div></a></li>`).join('')}</ul></div>
</div>${shopFooter()}
${jdScript(p.id)}`;
  return html(layout({ title: `【${p.brand}】${p.name}【行情 报价 价格 评测】-优选商城`, charset: 'utf-8', body, head: sd.head + `<meta name="keywords" content="${esc(p.brand)},${esc(cat.name)}">` }), 200, { lastModified: p.lastModified });
}


/** Tmall-like script: list price goes to the struck "价格" row only when a promotion exists. */
function tbScript(id: string): string {
  return `<script>
(function () {
  var itemId = ${JSON.stringify(id)};
  var $ = function (id) { return document.getElementById(id); };
  function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  var xhr = new XMLHttpRequest();
  xhr.open('GET', '/api/products/' + itemId);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.onload = function () {
    if (xhr.status !== 200) { $('J_StrPrice').textContent = '\u5546\u54c1\u5df2\u4e0b\u67b6'; return; }
    var d = JSON.parse(xhr.responseText);
    if (d.promoPrice) {
      $('J_StrPrice').innerHTML = '<s><em class="tm-yen">\u00a5</em>' + d.price + '</s>';
      $('J_PromoPriceNum').textContent = d.promoPrice;
      $('J_PromoPrice').style.display = '';
    } else {
      $('J_StrPrice').innerHTML = '<em class="tm-yen">\u00a5</em><span class="tm-price">' + d.price + '</span>';
    }
    $('J_StockTip').textContent = d.stockState === '\u6709\u8d27' ? '\u5e93\u5b58\u5145\u8db3' : '\u6682\u65f6\u7f3a\u8d27';
    $('J_ItemRates').textContent = d.commentCount;
    $('J_RateScore').textContent = d.score.toFixed(1);
    $('J_RateList').innerHTML = d.comments.map(function (c) {
      return '<tr><td class="tm-col-master"><div class="tm-rate-content"><div class="tm-rate-fulltxt">' + esc(c.content) + '</div></div>' +
        '<div class="tm-rate-date">' + esc(c.creationTime) + '</div></td><td class="col-meta"><span class="tm-rate-score">' + c.score + '\u5206</span></td>' +
        '<td class="col-author"><div class="rate-user-info">' + esc(c.nickname) + '</div></td></tr>';
    }).join('');
  };
  xhr.send();
})();
</script>`;
}

function tbPage(s: SiteState, p: DemoProduct): Reply {
  const cat = s.categoryById.get(p.categoryId)!;
  const shop = s.shopById.get(p.shopId)!;
  const sd = structuredData(p);
  const name = esc(p.name);
  const attrs = Object.entries(p.extra);
  const crumbs = s.categoryPath(cat).map((c) => `<a href="${c.url}">${esc(c.name)}</a>`).join(' &gt; ');
  const sku = p.markup === 'microdata' ? `<span itemprop="sku">${esc(p.sku)}</span>` : esc(p.sku);
  const brand = p.markup === 'microdata' ? `<span itemprop="brand">${esc(p.brand)}</span>` : esc(p.brand);
  const body = `<div id="site-nav"><div class="sn-container"><p class="sn-back-home"><a href="/">优选商城首页</a></p>
<ul class="sn-quick-menu"><li><a href="/account/login">亲，请登录</a></li><li><a href="/account/orders">我的订单</a></li><li><a href="/cart/">购物车</a></li><li><a href="/account/favorites">收藏夹</a></li></ul></div></div>
<div id="header" class="tm-header"><div class="header-extra"><div id="shopExtra"><div class="slogo"><a class="slogo-shopname" href="${shop.url}"><strong>${esc(shop.name)}</strong></a></div>
<div class="shop-rate"><span>描述 ${(4.6 + (Number(p.id) % 4) / 10).toFixed(1)}</span> <span>服务 4.8</span> <span>物流 4.7</span></div></div></div></div>
<div id="J_Crumbs" class="crumbSlide-con">${crumbs}</div>
${sd.wrapOpen}<div id="detail" class="tm-clear"><div class="tb-property"><div class="tb-wrap">
<div class="tb-detail-hd"><h1${sd.nameAttr}>${name}</h1><p class="newp">满299减30 | 店铺会员享专属折扣</p></div>
<div class="tm-fcs-panel"><dl class="tm-price-panel" id="J_StrPriceModBox"><dt class="tb-metatit">价格</dt><dd><span id="J_StrPrice"></span></dd></dl>
<dl class="tm-promo-panel" id="J_PromoPrice" style="display:none"><dt class="tb-metatit">促销价</dt><dd><div class="tm-promo-price"><em class="tm-yen">¥</em><span class="tm-price" id="J_PromoPriceNum"></span></div></dd></dl></div>
<ul class="tm-ind-panel"><li class="tm-ind-item tm-ind-reviewCount"><div class="tm-indcon">累计评价 <span class="tm-count" id="J_ItemRates"></span></div></li><li class="tm-ind-item"><div class="tm-indcon">评分 <span class="tm-count" id="J_RateScore"></span></div></li></ul>
<div class="tb-key"><div class="tb-skin">${attrs.slice(0, 1).map(([k, v]) => `<dl class="tb-prop tm-sale-prop"><dt class="tb-metatit">${esc(k)}</dt><dd><ul class="tm-clear J_TSaleProp"><li class="tb-selected"><a href="javascript:;"><span>${esc(v)}</span></a></li></ul></dd></dl>`).join('')}
<dl class="tb-amount"><dt class="tb-metatit">数量</dt><dd><input class="tb-text mui-amount-input" value="1"> 件 <em id="J_StockTip"></em></dd></dl>
<div class="tb-action"><div class="tb-btn-basket"><a id="J_LinkBasket" href="/cart/add?pid=${p.id}&amp;pcount=1" rel="nofollow">加入购物车</a></div></div></div></div>
</div><div class="tb-gallery"><div class="tb-booth"><img id="J_ImgBooth" src="${p.image}" alt="${name}"${p.markup === 'microdata' ? ' itemprop="image"' : ''}></div></div></div></div>
<div id="bd"><div class="col-main"><div id="J_TabBarBox"><ul id="J_TabBar" class="tabbar tm-clear"><li class="tm-selected"><a href="#description">商品详情</a></li><li><a href="#J_Reviews">累计评价</a></li></ul></div>
<div id="J_AttrList"><div class="tb-attributes"><h4>产品参数：</h4><ul id="J_AttrUL">
<li title="${esc(p.sku)}">货号:&nbsp;${sku}</li><li title="${esc(p.brand)}">品牌:&nbsp;${brand}</li>${attrs.map(([k, v]) => `<li title="${esc(v)}">${esc(k)}:&nbsp;${esc(v)}</li>`).join('')}</ul></div></div>
<div id="description" class="J_DetailSection"><div class="content"><img src="/img/detail-${p.id}.png" alt=""></div></div>
<div id="J_Reviews" class="J_DetailSection"><h4 class="hd">累计评价</h4><div class="rate-grid"><table><tbody id="J_RateList"><tr><td>正在加载评价...</td></tr></tbody></table></div></div></div>
<div class="col-sub"><div class="shop-intro"><h3>${esc(shop.name)}</h3><a href="${shop.url}" class="enterShop">进入店铺</a> <a href="/account/favorites?shop=${shop.id}" rel="nofollow">收藏店铺</a></div>
<div class="ad"><span class="ad-tag">广告</span><a href="/c/${cat.parentId}">同类热卖</a></div></div></div>${sd.wrapClose}
<div id="footer" class="tm-footer"><p><a href="/about.html">关于我们</a> | <a href="/help.html">帮助中心</a> | <a href="/about.html#contact">联系客服</a></p><p>Copyright 2004-2024 优选商城 版权所有</p></div>
${tbScript(p.id)}`;
  return html(layout({ title: `${p.name}-tmall.com天猫`, charset: 'utf-8', body, head: sd.head }), 200, { lastModified: p.lastModified });
}
