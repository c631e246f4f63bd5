import type { DemoCategory } from './catalog';

/** HTML helpers shared by the page renderers. */

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `1299.5` → `1,299.50` */
export function money(n: number, grouping = true): string {
  const s = n.toFixed(2);
  if (!grouping) return s;
  const [int, frac] = s.split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** The page-wide `<meta charset>` choice: GBK pages vary in how they declare it. */
export type CharsetDecl = 'utf-8' | 'gbk-meta' | 'gbk-http-equiv' | 'none';

export interface LayoutOptions {
  title: string;
  lang?: 'zh-CN' | 'en';
  charset: CharsetDecl;
  head?: string;
  body: string;
  /** Top categories for the header menu (Chinese shop header); omitted on English pages. */
  topCategories?: DemoCategory[];
  bodyClass?: string;
}

// The icon link keeps browsers off /favicon.ico; like every image it lives under /img/.
const CSS = '<link rel="icon" href="/img/favicon.png">\n<link rel="stylesheet" href="/static/site.css">';

function charsetTag(c: CharsetDecl): string {
  switch (c) {
    case 'utf-8': return '<meta charset="utf-8">';
    case 'gbk-meta': return '<meta charset="gbk">';
    // Old sites often label GBK bytes "gb2312" (a subset); decoders must treat it as GBK.
    case 'gbk-http-equiv': return '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">';
    case 'none': return '';
  }
}

export function shopHeader(top: DemoCategory[] | undefined): string {
  const menu = (top ?? []).map((c) => `<li class="nav-item"><a href="${c.url}">${esc(c.name)}</a></li>`).join('');
  return `<div id="shortcut"><div class="w">
<ul class="fl"><li>您好，欢迎来到优选商城！</li><li><a href="/account/login">请登录</a></li><li><a href="/account/register" class="style-red">免费注册</a></li></ul>
<ul class="fr"><li><a href="/account/orders">我的订单</a></li><li class="spacer">|</li><li><a href="/cart/">我的购物车</a></li><li class="spacer">|</li><li><a href="/help.html">客户服务</a></li><li class="spacer">|</li><li><a href="/news/">资讯中心</a></li></ul>
</div></div>
<header id="header"><div class="w"><div class="logo"><a href="/" title="优选商城"><span class="iconfont">&#xe600;</span>优选商城</a></div>
<form class="search" action="/search" method="get"><input type="text" name="q" placeholder="搜索商品" autocomplete="off"><button type="submit">搜索</button></form>
<div class="hotwords"><a href="/c/1-1-1">5G手机</a> <a href="/c/2-1-1">笔记本</a> <a href="/c/3-1-1">电视</a></div></div>
<nav id="navitems"><ul>${menu}</ul></nav></header>`;
}

export function shopFooter(): string {
  return `<footer id="footer"><div class="w">
<dl><dt>购物指南</dt><dd><a href="/help.html#flow">购物流程</a></dd><dd><a href="/help.html#member">会员介绍</a></dd></dl>
<dl><dt>配送方式</dt><dd><a href="/help.html#ship">配送范围及运费</a></dd></dl>
<dl><dt>售后服务</dt><dd><a href="/help.html#return">退换货政策</a></dd></dl>
<dl><dt>关于我们</dt><dd><a href="/about.html">公司简介</a></dd><dd><a href="/about.html#contact">联系我们</a></dd></dl>
<p class="copyright">Copyright 2004-2024 优选商城 版权所有 | <a href="https://beian.miit.gov.cn/" target="_blank" rel="nofollow">京ICP备12345678号</a> | 增值电信业务经营许可证</p></div></footer>`;
}

export function layout(o: LayoutOptions): string {
  return `<!DOCTYPE html>
<html lang="${o.lang ?? 'zh-CN'}">
<head>
${charsetTag(o.charset)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)}</title>
${CSS}
${o.head ?? ''}
</head>
<body${o.bodyClass ? ` class="${o.bodyClass}"` : ''}>
${o.body}
</body>
</html>
`;
}

export function breadcrumb(path: DemoCategory[], last?: string): string {
  const items = [`<a href="/">首页</a>`, ...path.map((c) => `<a href="${c.url}">${esc(c.name)}</a>`)];
  if (last) items.push(`<span class="item ellipsis">${esc(last)}</span>`);
  return `<div class="crumb-wrap"><div class="crumb">${items.join('<span class="sep">&gt;</span>')}</div></div>`;
}

/**
 * Page links. `relative` writes query-only hrefs (`?page=3`), as many shops do, so a crawler
 * must resolve them against the page URL.
 */
export function pager(base: string, page: number, pages: number, relative = false, labels: { prev: string; next: string } = { prev: '上一页', next: '下一页' }): string {
  if (pages <= 1) return '';
  const href = (p: number) => (p === 1 ? base : `${relative ? '' : base}?page=${p}`);
  const parts: string[] = [];
  if (page > 1) parts.push(`<a class="pn-prev" href="${href(page - 1)}">&lt; ${labels.prev}</a>`);
  else parts.push(`<span class="pn-prev disabled">&lt; ${labels.prev}</span>`);
  for (let p = 1; p <= pages; p++) {
    if (pages > 9 && Math.abs(p - page) > 2 && p !== 1 && p !== pages) {
      if (p === 2 || p === pages - 1) parts.push('<span class="text">...</span>');
      continue;
    }
    parts.push(p === page ? `<a class="curr">${p}</a>` : `<a href="${href(p)}">${p}</a>`);
  }
  if (page < pages) parts.push(`<a class="pn-next" href="${href(page + 1)}">${labels.next} &gt;</a>`);
  else parts.push(`<span class="pn-next disabled">${labels.next} &gt;</span>`);
  parts.push(`<span class="p-skip"><em>共<b>${pages}</b>页</em></span>`);
  return `<div class="page clearfix"><div class="p-wrap">${parts.join('\n')}</div></div>`;
}

export const SITE_CSS = `@font-face{font-family:"iconfont";src:url("/static/fonts/iconfont.woff2") format("woff2"),url("/static/fonts/iconfont.woff") format("woff");}
body{font:12px/1.5 "Microsoft YaHei","PingFang SC",sans-serif;color:#666;margin:0}
.iconfont{font-family:"iconfont";font-style:normal}
.w{width:1190px;margin:0 auto}
a{color:#666;text-decoration:none}a:hover{color:#e4393c}
#shortcut{background:#e3e4e5;height:30px;line-height:30px}
.fl{float:left}.fr{float:right}ul{list-style:none;margin:0;padding:0}
#shortcut li{display:inline-block;padding:0 6px}
#header .logo{font-size:28px;color:#e4393c}
#navitems li{display:inline-block;padding:0 12px;font-size:15px}
.crumb{padding:10px 0}.crumb .sep{margin:0 6px}
.gl-item{float:left;width:230px;height:330px;padding:10px}
.p-price{color:#e4393c;font-size:18px}.old-price,del,s{color:#999}
.ad,.ad-banner{background:#fafafa;border:1px dashed #ddd;padding:8px;margin:8px 0}
#footer{border-top:1px solid #ddd;margin-top:30px;padding:20px 0}
#footer dl{display:inline-block;width:200px;vertical-align:top}
.page a,.page span{display:inline-block;padding:4px 10px;border:1px solid #ddd;margin:2px}
.page .curr{background:#e4393c;color:#fff}
`;
