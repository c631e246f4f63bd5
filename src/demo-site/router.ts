import { FONT_BYTES, png } from './assets';
import { SITE_CSS } from './html';
import { aboutPage, accountPage, cartPage, helpPage, robotsTxt, searchPage } from './pages/misc-pages';
import { articlePage, channelPage, newsIndex } from './pages/news-pages';
import { categoryPage, homePage, productApi, productPage, shopPage } from './pages/shop-pages';
import { trapPage } from './pages/traps';
import { notFound, type Reply } from './reply';
import type { SiteState } from './state';

export interface RouteContext { state: SiteState; traps: boolean }

/** Maps a path + query to a reply; pure apart from reading the live state. */
export function route(ctx: RouteContext, pathname: string, query: URLSearchParams): Reply {
  const s = ctx.state;
  let m: RegExpMatchArray | null;
  if (pathname === '/' || pathname === '/index.html') return homePage(s, ctx.traps);
  if (pathname === '/robots.txt') return robotsTxt();
  if ((m = pathname.match(/^\/c\/([\d-]+)$/))) return categoryPage(s, m[1]!, query);
  if ((m = pathname.match(/^\/p\/(\d+)\.html$/))) return productPage(s, m[1]!);
  if ((m = pathname.match(/^\/api\/products\/(\d+)$/))) return productApi(s, m[1]!);
  if ((m = pathname.match(/^\/shop\/(\d+)$/))) return shopPage(s, m[1]!, query);
  if (pathname === '/news') return { status: 301, contentType: 'text/html', charsetHeader: true, body: '', headers: { location: '/news/' } };
  if (pathname === '/news/') return newsIndex(s, query);
  if ((m = pathname.match(/^\/news\/(zh|en)\/$/))) return channelPage(s, m[1] as 'zh' | 'en');
  if ((m = pathname.match(/^\/news\/(zh|en)\/(\d+)(?:_(2))?\.html$/))) return articlePage(s, m[1] as 'zh' | 'en', m[2]!, m[3] ? 2 : 1);
  if (pathname.startsWith('/cart/')) return cartPage(s, pathname, query);
  if (pathname.startsWith('/account/')) return accountPage(s, pathname);
  if (pathname === '/search') return searchPage(s, query);
  if (pathname === '/about.html') return aboutPage(s);
  if (pathname === '/help.html') return helpPage(s);
  if (pathname.startsWith('/trap/')) return trapPage(pathname);
  if ((m = pathname.match(/^\/img\/([\w-]+)\.png$/))) return { status: 200, contentType: 'image/png', body: png(m[1]!) };
  if (pathname === '/favicon.ico') return { status: 200, contentType: 'image/png', body: png('favicon', 16) };
  if (pathname === '/static/site.css') return { status: 200, contentType: 'text/css', charsetHeader: true, body: SITE_CSS };
  if ((m = pathname.match(/^\/static\/fonts\/iconfont\.(woff2?)$/))) return { status: 200, contentType: `font/${m[1]}`, body: FONT_BYTES };
  return notFound();
}
