import { NEWS_PAGE_SIZE, pageTwoUrl, type DemoNews } from '../catalog';
import { gbkVariant } from '../charset';
import { esc, layout, pager } from '../html';
import { createRng, hashString } from '../prng';
import { html, notFound, type Reply } from '../reply';
import type { SiteState } from '../state';
import { EN_COMMENTERS, EN_COMMENTS, REVIEW_AUTHORS, ZH_COMMENTS } from '../vocabulary';

/** News index and article pages, wrapped in portal-style boilerplate. */

const sorted = (s: SiteState): DemoNews[] => [...s.catalog.news].sort((a, b) => b.lastModified - a.lastModified || a.id.localeCompare(b.id));

function portalNav(lang: 'zh' | 'en'): string {
  return lang === 'zh'
    ? `<div class="top-bar"><a href="/">优选商城</a> | <a href="/news/">资讯首页</a> | <a href="/account/login">登录</a></div>
<nav class="main-nav"><ul><li><a href="/news/">首页</a></li><li><a href="/news/?page=1">要闻</a></li><li><a href="/c/1">数码</a></li><li><a href="/c/3">家电</a></li><li><a href="/news/">科技</a></li><li><a href="/news/">财经</a></li><li><a href="/news/">汽车</a></li></ul></nav>`
    : `<div class="top-bar"><a href="/">Shop</a> | <a href="/news/">News home</a> | <a href="/account/login">Sign in</a></div>
<nav class="main-nav"><ul><li><a href="/news/">Home</a></li><li><a href="/news/">World</a></li><li><a href="/news/">Business</a></li><li><a href="/news/">Tech</a></li><li><a href="/news/">Autos</a></li></ul></nav>`;
}

function newsFooter(lang: 'zh' | 'en'): string {
  return lang === 'zh'
    ? `<footer class="footer"><p><a href="/about.html">关于我们</a> | <a href="/about.html#contact">联系我们</a> | <a href="/help.html">网站地图</a></p><p>Copyright 1998-2024 优选资讯 All Rights Reserved 版权所有 未经授权禁止转载</p></footer>`
    : `<footer class="footer"><p><a href="/about.html">About us</a> | <a href="/about.html#contact">Contact</a> | <a href="/help.html">Terms of use</a></p><p>Copyright 2024 Demo News Network. All rights reserved.</p></footer>`;
}

export function newsIndex(s: SiteState, query: URLSearchParams): Reply {
  const raw = query.get('page');
  const page = raw === null ? 1 : /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 0;
  const all = sorted(s);
  const pages = Math.max(1, Math.ceil(all.length / NEWS_PAGE_SIZE));
  if (page < 1 || page > pages) return notFound();
  const items = all.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE).map((n) => `<li class="news-item"><h3><a href="${n.url.replace('/news/', '')}">${esc(n.title)}</a></h3>
<p class="summary">${esc(n.paragraphs[0]!.slice(0, n.language === 'zh' ? 60 : 160))}...</p><span class="time">${esc(n.dateShown)}</span> <span class="tag">${n.language === 'zh' ? '中文' : 'English'}</span></li>`);
  const body = `${portalNav('zh')}<div class="wrap"><h1 class="channel-title">资讯中心</h1>
<div class="ad"><span class="ad-tag">广告</span><a href="/c/1-1-1">新品手机首发 抢先预约</a></div>
<div class="channels">频道：<a href="zh/">国内</a> <a href="en/">English</a></div>
<ul class="news-list">${items.join('\n')}</ul>${pager('/news/', page, pages)}</div>${newsFooter('zh')}`;
  return html(layout({ title: `资讯中心${page > 1 ? ` 第${page}页` : ''} - 优选资讯`, charset: 'utf-8', body }));
}

/**
 * A channel front (`/news/zh/`, `/news/en/`): the channel's stories as a lead with its whole first
 * paragraph and a list of headlines with teasers, as portals' section pages are. A page of many
 * stories: never one article.
 */
export function channelPage(s: SiteState, lang: 'zh' | 'en'): Reply {
  const zh = lang === 'zh';
  const [lead, ...rest] = sorted(s).filter((n) => n.language === lang);
  if (!lead) return notFound();
  const teaser = (n: DemoNews) => esc(n.paragraphs[0]!.slice(0, zh ? 70 : 180));
  const items = rest.map((n) => `<div class="news-item"><h3><a href="${n.id}.html">${esc(n.title)}</a></h3>
<p class="summary">${teaser(n)}…</p><div class="meta"><span class="time">${esc(n.dateShown)}</span> <a href="${n.id}.html" class="more">${zh ? '阅读全文' : 'Read more'}</a></div></div>`);
  const body = `${portalNav(lang)}<div class="wrap clearfix"><div class="main-content">
<div class="crumbs"><a href="/news/">${zh ? '资讯' : 'News'}</a> &gt; <span>${zh ? '国内' : 'World'}</span></div>
<h1 class="channel-title">${zh ? '国内新闻' : 'World news'}</h1>
<div class="lead-story"><h2><a href="${lead.id}.html">${esc(lead.title)}</a></h2><p>${esc(lead.paragraphs[0]!)}</p><span class="time">${esc(lead.dateShown)}</span></div>
<div class="channel-list">${items.join('\n')}</div></div>
<aside class="sidebar"><div class="ad ad-side"><span class="ad-tag">${zh ? '广告' : 'Ad'}</span><a href="/c/5">${zh ? '年货节 坚果礼盒买二送一' : 'Holiday gift boxes'}</a></div></aside></div>
${newsFooter(lang)}`;
  return html(layout({ title: zh ? '国内新闻_优选资讯' : 'World news | Demo News', ...(zh ? {} : { lang: 'en' }), charset: 'utf-8', body }));
}

function dateBlock(n: DemoNews): { head: string; visible: string } {
  switch (n.dateFormat) {
    case 'json-ld':
      return {
        head: `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: n.title, datePublished: n.publishedAt, author: { '@type': 'Person', name: n.author } })}</script>`,
        visible: `<span class="date">${esc(n.dateShown)}</span>`,
      };
    case 'meta':
      return { head: `<meta property="article:published_time" content="${n.publishedAt}">`, visible: `<span class="date">${esc(n.dateShown)}</span>` };
    case 'time':
      return { head: '', visible: `<time class="date" datetime="${n.publishedAt}">${esc(n.dateShown)}</time>` };
    default:
      return { head: '', visible: `<span class="date">${esc(n.dateShown)}</span>` };
  }
}

/** "1 2 下一页" under page 1 of a two-page article, "上一页 1 2" under page 2. */
function pageLinks(n: DemoNews, page: 1 | 2): string {
  const one = n.url.split('/').pop()!;
  const two = pageTwoUrl(n).split('/').pop()!;
  return page === 1
    ? `<div class="page-nav"><span class="current">1</span> <a href="${two}">2</a> <a href="${two}" class="next">下一页</a></div>`
    : `<div class="page-nav"><a href="${one}" class="prev">上一页</a> <a href="${one}">1</a> <span class="current">2</span></div>`;
}

export function articlePage(s: SiteState, lang: 'zh' | 'en', id: string, page: 1 | 2 = 1): Reply {
  const n = s.newsById.get(id);
  if (!n || n.language !== lang) return notFound();
  if (page === 2 && n.pageTwoFrom === null) return notFound();
  const zh = lang === 'zh';
  const split = n.pageTwoFrom;
  const shown = split === null ? n.paragraphs : page === 1 ? n.paragraphs.slice(0, split) : n.paragraphs.slice(split);
  const rng = createRng(hashString(n.id, s.catalog.seed));
  const same = sorted(s).filter((x) => x.language === lang && x.id !== n.id);
  const related = rng.sample(same, 5);
  const hot = same.slice(0, 6);
  const date = dateBlock(n);
  const paras = shown.map((p) => `<p>${esc(p)}</p>`);
  // An in-article ad, as portals do, after the third paragraph.
  paras.splice(Math.min(3, paras.length), 0, zh
    ? '<div class="ad ad-inline"><span class="ad-tag">广告</span><a href="/c/2-1-1">开学季 笔记本电脑低至3999元</a></div>'
    : '<div class="ad ad-inline"><span class="ad-tag">Advertisement</span><a href="/c/2-1-1">Back-to-school laptop deals</a></div>');
  const comments = rng.sample(zh ? ZH_COMMENTS : EN_COMMENTS, rng.int(2, 4)).map((c, i) => `<li class="comment"><span class="user">${esc(rng.pick(zh ? REVIEW_AUTHORS : EN_COMMENTERS))}</span> <span class="c-time">${i + 1}${zh ? '小时前' : 'h ago'}</span><p>${esc(c)}</p></li>`);
  const author = zh ? `<span class="author">作者：${esc(n.author)}</span>` : `<span class="byline">By ${esc(n.author)}</span>`;
  const source = zh ? `<span class="source">来源：${esc(n.source ?? '优选资讯')}</span>` : '<span class="source">Source: Demo News</span>';
  const body = `${portalNav(lang)}
<div class="ad ad-top"><span class="ad-tag">${zh ? '广告' : 'Ad'}</span><a href="/c/3">${zh ? '家电焕新季 以旧换新补贴' : 'Home appliance sale'}</a></div>
<div class="wrap clearfix"><div class="main-content">
<div class="crumbs"><a href="/news/">${zh ? '资讯' : 'News'}</a> &gt; <span>${zh ? '正文' : 'Article'}</span></div>
<article class="article">
<h1 class="main-title">${esc(n.title)}</h1>
<div class="date-source">${date.visible} ${source} ${author}</div>
<div class="share-bar">${zh ? '分享到：' : 'Share:'}<a href="${zh ? 'https://service.weibo.com/share/share.php?title=' : 'https://twitter.com/intent/tweet?text='}${encodeURIComponent(n.title)}" class="weibo" target="_blank" rel="nofollow">${zh ? '微博' : 'Twitter'}</a> <a href="javascript:void(0)" class="wechat">${zh ? '微信' : 'Facebook'}</a> <a href="javascript:void(0)" class="qzone">${zh ? 'QQ空间' : 'Email'}</a></div>
<div class="article-body" id="artibody">
${paras.join('\n')}
</div>
${split === null ? '' : pageLinks(n, page)}
<p class="article-editor">${zh ? `（责任编辑：${esc(n.editor ?? '小编')}）` : 'Editing by the news desk'}</p>
</article>
<div class="related"><h3>${zh ? '相关阅读' : 'Related stories'}</h3><ul>${related.map((r) => `<li><a href="${r.url.split('/').pop()}">${esc(r.title)}</a></li>`).join('')}</ul></div>
<div class="comments" id="comments"><h3>${zh ? '网友评论' : 'Comments'}</h3><ul>${comments.join('')}</ul><a href="/account/login?from=comment" rel="nofollow">${zh ? '登录后发表评论' : 'Sign in to comment'}</a></div>
</div>
<aside class="sidebar"><div class="hot"><h3>${zh ? '热门排行' : 'Most read'}</h3><ol>${hot.map((r) => `<li><a href="${r.url}">${esc(r.title)}</a></li>`).join('')}</ol></div>
<div class="ad ad-side"><span class="ad-tag">${zh ? '广告' : 'Ad'}</span><a href="/c/5">${zh ? '年货节 坚果礼盒买二送一' : 'Holiday gift boxes'}</a></div></aside></div>
${newsFooter(lang)}`;
  const head = `${date.head}<meta name="description" content="${esc(n.paragraphs[0]!.slice(0, 80))}">`;
  if (!zh) return html(layout({ title: `${n.title} | Demo News`, lang: 'en', charset: 'utf-8', head, body }), 200, { lastModified: n.lastModified });
  const index = s.catalog.news.filter((x) => x.language === 'zh').indexOf(n);
  const variant = gbkVariant(index);
  return html(layout({ title: `${n.title}_优选资讯`, charset: variant.markup, head, body }), 200, { lastModified: n.lastModified, gbk: true, charsetHeader: variant.header });
}
