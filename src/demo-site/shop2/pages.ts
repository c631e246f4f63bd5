import { esc } from '../html';
import { html, notFound, type Reply } from '../reply';
import { SHOP2_FIRST_ITEMS, SHOP2_FIRST_REVIEWS, SHOP2_PREFIX, SHOP2_SHOP_PAGE, type Shop2Catalog, type Shop2Category, type Shop2Product, type Shop2Review, type Shop2Shop } from './catalog';

/**
 * Pages of the second demo shop (see catalog.ts). Built unlike the first on purpose:
 * - table layouts and class names that say nothing (`k3`, `t9`), ASP-style addresses;
 * - level-3 categories in the home page's hover menus, fetched by script on hover;
 * - a category page shows its first goods, the rest behind a `加载更多` button (JSON by XHR);
 * - product prices labelled only by words: `商城价` and, on promotion, `促销价` (nothing struck);
 * - labelled reviews (`会员：`, `发表于`, `评价：好评`, `心得：`, a `商家回复：`), in the HTML on
 *   even-numbered products and fetched by script after load on odd ones; more behind `查看更多评价`;
 * - shop pages showing `宝贝数量 358` and `描述 4.8 服务 4.7 物流 4.9` (or `店铺好评率：98.5%`).
 */

export class Shop2Site {
  private readonly cats = new Map<string, Shop2Category>();
  private readonly goods = new Map<string, Shop2Product>();
  private readonly shops = new Map<string, Shop2Shop>();

  constructor(readonly catalog: Shop2Catalog) {
    for (const c of catalog.categories) this.cats.set(c.id, c);
    for (const p of catalog.products) this.goods.set(p.id, p);
    for (const s of catalog.shops) this.shops.set(s.id, s);
  }

  /** A reply for a path under /s2/, else null (not this shop's). */
  route(pathname: string, query: URLSearchParams): Reply | null {
    if (!pathname.startsWith(SHOP2_PREFIX)) return null;
    const page = pathname.slice(SHOP2_PREFIX.length);
    switch (page) {
      case '':
      case 'index.asp': return this.home();
      case 'list.asp': return this.list(query.get('cid') ?? '');
      case 'product.asp': return this.product(query.get('id') ?? '');
      case 'shop.asp': return this.shop(query.get('sid') ?? '', query.get('page'));
      case 'api/menu.asp': return this.menuApi(query.get('cid') ?? '');
      case 'api/list.asp': return this.listApi(query.get('cid') ?? '', Number(query.get('start') ?? '0'));
      case 'api/reviews.asp': return this.reviewsApi(query.get('id') ?? '', query.get('all') === '1');
      default: return notFound();
    }
  }

  private leafGoods(cid: string): Shop2Product[] {
    return this.catalog.products.filter((p) => p.categoryId === cid);
  }

  private page(title: string, body: string, script = ''): Reply {
    const top = this.catalog.categories.filter((c) => c.level === 1);
    return html(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>${esc(title)}</title>
<style>.m9{display:none;position:absolute}.n4:hover .m9{display:block}</style></head>
<body><table width="960" align="center" cellpadding="0" cellspacing="0" class="t0"><tr><td class="k1"><a href="${SHOP2_PREFIX}"><b>福满多商城</b></a></td>
<td class="k2" align="right"><a href="${SHOP2_PREFIX}">首页</a> | ${top.map((c) => `<a href="${c.url}">${esc(c.name)}</a>`).join(' | ')}</td></tr></table>
${body}
<table width="960" align="center" class="t0"><tr><td class="k8" align="center">福满多商城 版权所有 2008-2014</td></tr></table>
${script}</body></html>`);
  }

  private crumbs(c: Shop2Category, last?: string): string {
    const path: Shop2Category[] = [];
    for (let x: Shop2Category | undefined = c; x; x = x.parentId ? this.cats.get(x.parentId) : undefined) path.unshift(x);
    return `<table width="960" align="center"><tr><td class="k5">您的位置：<a href="${SHOP2_PREFIX}">首页</a>${path.map((x) => ` &gt; <a href="${x.url}">${esc(x.name)}</a>`).join('')}${last ? ` &gt; ${esc(last)}` : ''}</td></tr></table>`;
  }

  private row(p: Shop2Product): string {
    const now = p.salePrice ?? p.price;
    return `<tr class="r2"><td class="c1"><a href="${p.url}">${esc(p.name)}</a></td><td class="c2">${p.salePrice !== null ? `<del>￥${p.price.toFixed(2)}</del> ` : ''}<font color="red">￥${now.toFixed(2)}</font></td></tr>`;
  }

  private home(): Reply {
    const top = this.catalog.categories.filter((c) => c.level === 1);
    const menu = `<table width="960" align="center" class="t1"><tr>${top.map((t) => `<td class="n4" data-cid="${t.id}"><a href="${t.url}"><b>${esc(t.name)}</b></a>
<div class="m9" id="m9-${t.id}">${t.childIds.map((sid) => { const s = this.cats.get(sid)!; return `<dl class="d3"><dt><a href="${s.url}">${esc(s.name)}</a></dt><dd class="d4" data-sub="${s.id}"></dd></dl>`; }).join('')}</div></td>`).join('')}</tr></table>`;
    const hot = this.catalog.products.slice(0, 4);
    const body = `${menu}
<table width="960" align="center" class="t2"><tr><td class="k6"><b>热卖推荐</b></td></tr>${hot.map((p) => this.row(p)).join('')}</table>
<table width="960" align="center" class="t2"><tr><td class="k6"><b>入驻店铺</b></td></tr>${this.catalog.shops.map((s) => `<tr><td><a href="${s.url}">${esc(s.name)}</a></td></tr>`).join('')}</table>`;
    // Level-3 categories arrive when a top menu is hovered (fetched once per menu).
    const script = `<script>
document.querySelectorAll('.n4').forEach(function (td) {
  td.addEventListener('mouseenter', function () {
    if (td.getAttribute('data-done')) return;
    td.setAttribute('data-done', '1');
    fetch('${SHOP2_PREFIX}api/menu.asp?cid=' + td.getAttribute('data-cid')).then(function (r) { return r.json(); }).then(function (d) {
      d.subs.forEach(function (s) {
        var dd = td.querySelector('[data-sub="' + s.id + '"]');
        if (dd) dd.innerHTML = s.leaves.map(function (l) { return '<a href="' + l.url + '">' + l.name + '</a>'; }).join(' ');
      });
    });
  });
});
</script>`;
    return this.page('福满多商城 - 茶叶 文玩 家居 网上商城', body, script);
  }

  private menuApi(cid: string): Reply {
    const t = this.cats.get(cid);
    if (!t || t.level !== 1) return json({ subs: [] }, 404);
    return json({ subs: t.childIds.map((sid) => ({ id: sid, leaves: this.cats.get(sid)!.childIds.map((lid) => { const l = this.cats.get(lid)!; return { name: l.name, url: l.url }; }) })) });
  }

  private list(cid: string): Reply {
    const c = this.cats.get(cid);
    if (!c) return notFound('分类不存在');
    if (c.level < 3) {
      // A directory of the sub-categories; level-2 pages list no level-3 links (those are in the hover menu).
      const kids = c.childIds.map((id) => this.cats.get(id)!);
      const inner = c.level === 1
        ? `<table width="960" align="center" class="t3"><tr>${kids.map((k) => `<td class="q7"><a href="${k.url}">${esc(k.name)}</a></td>`).join('')}</tr></table>`
        : `<table width="960" align="center" class="t3"><tr><td class="q8">${esc(c.name)}：请从首页分类菜单选择具体品类</td></tr></table>`;
      return this.page(`${c.name} - 福满多商城`, `${this.crumbs(c)}${inner}`);
    }
    const goods = this.leafGoods(c.id);
    const first = goods.slice(0, SHOP2_FIRST_ITEMS);
    const more = goods.length > first.length
      ? `<tr><td colspan="2" align="center"><a href="javascript:;" class="b5" id="more">加载更多</a></td></tr>`
      : '';
    const body = `${this.crumbs(c)}<table width="960" align="center" class="t4"><tr><td class="q1">共 ${goods.length} 件商品</td></tr></table>
<table width="960" align="center" class="t5"><tbody id="g5">${first.map((p) => this.row(p)).join('')}</tbody>${more}</table>`;
    const script = `<script>
(function () {
  var start = ${first.length}, btn = document.getElementById('more');
  if (!btn) return;
  btn.addEventListener('click', function () {
    fetch('${SHOP2_PREFIX}api/list.asp?cid=${c.id}&start=' + start).then(function (r) { return r.json(); }).then(function (d) {
      var tb = document.getElementById('g5');
      d.rows.forEach(function (g) {
        var tr = document.createElement('tr'); tr.className = 'r2';
        tr.innerHTML = '<td class="c1"><a href="' + g.link + '">' + g.goodsName + '</a></td><td class="c2">' + (g.marketPrice ? '<del>\\uffe5' + g.marketPrice + '</del> ' : '') + '<font color="red">\\uffe5' + g.shopPrice + '</font></td>';
        tb.appendChild(tr);
      });
      start += d.rows.length;
      if (!d.more) btn.parentNode.removeChild(btn);
    });
  });
})();
</script>`;
    return this.page(`${c.name} - 福满多商城`, body, script);
  }

  private listApi(cid: string, start: number): Reply {
    const goods = this.leafGoods(cid);
    const rows = goods.slice(start, start + SHOP2_FIRST_ITEMS).map((p) => ({
      goodsName: p.name,
      link: p.url,
      shopPrice: (p.salePrice ?? p.price).toFixed(2),
      marketPrice: p.salePrice !== null ? p.price.toFixed(2) : null,
    }));
    return json({ rows, more: start + rows.length < goods.length });
  }

  private sellerBox(s: Shop2Shop): string {
    const figures = s.ratingKind === 'dsr'
      ? `<tr><td>描述 ${s.dsr[0].toFixed(1)}</td></tr><tr><td>服务 ${s.dsr[1].toFixed(1)}</td></tr><tr><td>物流 ${s.dsr[2].toFixed(1)}</td></tr>`
      : `<tr><td>店铺好评率：${s.approval}</td></tr>`;
    return `<table class="v1" width="200"><tr><td><a href="${s.url}"><b>${esc(s.name)}</b></a></td></tr><tr><td>宝贝数量 ${s.goodsCount}</td></tr>${figures}<tr><td><a href="${s.url}">进入店铺</a></td></tr></table>`;
  }

  private review(r: Shop2Review): string {
    return `<table class="w3" width="100%"><tr><td class="w4">会员：${esc(r.author)}</td><td class="w5">发表于 ${r.time}</td></tr>
<tr><td class="w4" colspan="2">评价：${r.grade}</td></tr>
<tr><td class="w6" colspan="2">心得：${esc(r.content)}</td></tr>${r.reply ? `<tr><td class="w7" colspan="2">商家回复：${esc(r.reply)}</td></tr>` : ''}</table>`;
  }

  private product(id: string): Reply {
    const p = this.goods.get(id);
    if (!p) return notFound('商品不存在');
    const c = this.cats.get(p.categoryId)!;
    const s = this.shops.get(p.shopId)!;
    const prices = `<tr><td class="h3">商城价：</td><td class="h4"><span class="h5">￥${p.price.toFixed(2)}</span></td></tr>${p.salePrice !== null ? `<tr><td class="h3">促销价：</td><td class="h4"><span class="h6">￥${p.salePrice.toFixed(2)}</span></td></tr>` : ''}`;
    const first = p.reviews.slice(0, SHOP2_FIRST_REVIEWS);
    const shown = p.reviewsBy === 'html' ? first.map((r) => this.review(r)).join('') : '<div class="y0">评价加载中...</div>';
    const moreBtn = p.reviews.length > SHOP2_FIRST_REVIEWS ? '<div class="y2"><a href="javascript:;" id="morerev" class="b6">查看更多评价</a></div>' : '';
    const body = `${this.crumbs(c, p.name)}
<table width="960" align="center" class="t6"><tr><td valign="top" class="j1"><img src="/img/s2-${p.id}.png" width="300" height="300" alt=""></td>
<td valign="top" class="j2"><h1 class="j3">${esc(p.name)}</h1><table class="j4">${prices}<tr><td class="h3">商品编号：</td><td>S2-${p.id}</td></tr></table>
<form action="${SHOP2_PREFIX}product.asp" method="get"><input type="hidden" name="id" value="${p.id}"><button type="button" class="j5">加入购物车</button></form></td>
<td valign="top" class="j6">${this.sellerBox(s)}</td></tr></table>
<table width="960" align="center" class="t7"><tr><td class="y1"><b>商品评价（${p.reviews.length}）</b></td></tr><tr><td><div id="rv">${shown}</div>${moreBtn}</td></tr></table>`;
    // Odd products fetch their first reviews after load; every product fetches the rest on "查看更多评价".
    const script = `<script>
(function () {
  function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  function render(list, replace) {
    var html = list.map(function (r) {
      return '<table class="w3" width="100%"><tr><td class="w4">\\u4f1a\\u5458\\uff1a' + esc(r.userNick) + '</td><td class="w5">\\u53d1\\u8868\\u4e8e ' + esc(r.rateTime) + '</td></tr>' +
        '<tr><td class="w4" colspan="2">\\u8bc4\\u4ef7\\uff1a' + esc(r.rateLevel) + '</td></tr><tr><td class="w6" colspan="2">\\u5fc3\\u5f97\\uff1a' + esc(r.rateText) + '</td></tr>' +
        (r.sellerReply ? '<tr><td class="w7" colspan="2">\\u5546\\u5bb6\\u56de\\u590d\\uff1a' + esc(r.sellerReply) + '</td></tr>' : '') + '</table>';
    }).join('');
    var box = document.getElementById('rv');
    if (replace) box.innerHTML = html; else box.insertAdjacentHTML('beforeend', html);
  }
  ${p.reviewsBy === 'xhr' ? `fetch('${SHOP2_PREFIX}api/reviews.asp?id=${p.id}').then(function (r) { return r.json(); }).then(function (d) { render(d.rateList, true); });` : ''}
  var more = document.getElementById('morerev');
  if (more) more.addEventListener('click', function () {
    fetch('${SHOP2_PREFIX}api/reviews.asp?id=${p.id}&all=1').then(function (r) { return r.json(); }).then(function (d) { render(d.rateList.slice(${SHOP2_FIRST_REVIEWS}), false); more.parentNode.removeChild(more); });
  });
})();
</script>`;
    return this.page(`${p.name} - ${s.name} - 福满多商城`, body, script);
  }

  private reviewsApi(id: string, all: boolean): Reply {
    const p = this.goods.get(id);
    if (!p) return json({ rateList: [] }, 404);
    const list = all ? p.reviews : p.reviews.slice(0, SHOP2_FIRST_REVIEWS);
    return json({ total: p.reviews.length, rateList: list.map((r) => ({ userNick: r.author, rateTime: r.time, rateLevel: r.grade, rateText: r.content, sellerReply: r.reply ?? '' })) });
  }

  private shop(sid: string, pageRaw: string | null): Reply {
    const s = this.shops.get(sid);
    if (!s) return notFound('店铺不存在');
    const goods = this.catalog.products.filter((p) => p.shopId === s.id);
    const pages = Math.max(1, Math.ceil(goods.length / SHOP2_SHOP_PAGE));
    const page = pageRaw === null ? 1 : /^[1-9]\d?$/.test(pageRaw) ? Number(pageRaw) : 0;
    if (page < 1 || page > pages) return notFound();
    const figures = s.ratingKind === 'dsr'
      ? `<span class="u5">描述 ${s.dsr[0].toFixed(1)}</span> <span class="u5">服务 ${s.dsr[1].toFixed(1)}</span> <span class="u5">物流 ${s.dsr[2].toFixed(1)}</span>`
      : `<span class="u5">店铺好评率：${s.approval}</span>`;
    const pager = pages > 1
      ? `<tr><td colspan="2" class="u9">${Array.from({ length: pages }, (_, i) => i + 1).map((n) => (n === page ? `<b>${n}</b>` : `<a href="${s.url}${n === 1 ? '' : `&page=${n}`}">${n}</a>`)).join(' ')}${page < pages ? ` <a href="${s.url}&page=${page + 1}">下一页</a>` : ''}</td></tr>`
      : '';
    const body = `<table width="960" align="center" class="t8"><tr><td class="u1"><span class="u2">${esc(s.name)}</span> <a class="u3" href="${s.url}">店铺首页</a></td>
<td class="u4" align="right"><span class="u5">宝贝数量 ${goods.length}</span> ${figures}</td></tr></table>
<table width="960" align="center" class="t5">${goods.slice((page - 1) * SHOP2_SHOP_PAGE, page * SHOP2_SHOP_PAGE).map((p) => this.row(p)).join('')}${pager}</table>`;
    return this.page(`${s.name} - 福满多商城`, body);
  }
}

function json(body: unknown, status = 200): Reply {
  return { status, contentType: 'application/json', charsetHeader: true, body: JSON.stringify(body) };
}
