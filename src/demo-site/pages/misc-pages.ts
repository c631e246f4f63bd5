import { layout, shopFooter, shopHeader } from '../html';
import { html, type Reply } from '../reply';
import type { SiteState } from '../state';

/** robots.txt, the (disallowed) cart and account pages, about/help. */

export const DISALLOWED = ['/cart/', '/account/', '/search'];

export function robotsTxt(): Reply {
  const body = `# robots.txt for the demo shop
User-agent: *
${DISALLOWED.map((d) => `Disallow: ${d}`).join('\n')}
Allow: /

User-agent: BadBot
Disallow: /
`;
  return { status: 200, contentType: 'text/plain', charsetHeader: true, body };
}

function simplePage(s: SiteState, title: string, inner: string): Reply {
  return html(layout({ title: `${title} - 优选商城`, charset: 'utf-8', body: `${shopHeader(s.topCategories)}<div class="w"><h1>${title}</h1>${inner}</div>${shopFooter()}` }));
}

export function cartPage(s: SiteState, path: string, query: URLSearchParams): Reply {
  const pid = query.get('pid');
  const product = pid ? s.productById.get(pid) : undefined;
  const msg = product ? `<p class="success">商品已成功加入购物车！</p><p><a href="${product.url}">返回商品详情</a></p>` : '<p class="empty">购物车空空的哦~，去看看心仪的商品吧~</p>';
  return simplePage(s, path.startsWith('/cart/add') ? '加入购物车' : '我的购物车', `${msg}<p><a href="/">去购物</a></p>`);
}

export function accountPage(s: SiteState, path: string): Reply {
  const titles: Record<string, string> = { '/account/login': '用户登录', '/account/register': '用户注册', '/account/orders': '我的订单', '/account/favorites': '我的关注' };
  const title = titles[path] ?? '我的账户';
  return simplePage(s, title, `<form class="login-form" method="post" action="/account/login"><input name="username" placeholder="用户名/手机号"><input type="password" name="password" placeholder="密码"><button>登 录</button></form><p><a href="/account/register">立即注册</a></p>`);
}

export function aboutPage(s: SiteState): Reply {
  return simplePage(s, '关于我们', '<p>优选商城成立于2004年，是一家综合性网上购物平台。</p><h2 id="contact">联系我们</h2><p>客服电话：400-000-0000</p>');
}

export function helpPage(s: SiteState): Reply {
  return simplePage(s, '帮助中心', '<h2 id="flow">购物流程</h2><p>选购商品、提交订单、支付、收货。</p><h2 id="member">会员介绍</h2><p>注册即可成为会员。</p><h2 id="ship">配送范围及运费</h2><p>全国配送，满99元免运费。</p><h2 id="return">退换货政策</h2><p>支持7天无理由退货。</p>');
}

export function searchPage(s: SiteState, query: URLSearchParams): Reply {
  const q = (query.get('q') ?? '').trim();
  const hits = q ? s.catalog.products.filter((p) => p.name.includes(q)).slice(0, 20) : [];
  const esc = (t: string) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return simplePage(s, '搜索结果', `<p>“${esc(q)}”的搜索结果：${hits.length} 件</p><ul>${hits.map((p) => `<li><a href="${p.url}">${esc(p.name)}</a></li>`).join('')}</ul>`);
}
