import { parseHtml } from '../../extractors/parse';
import type { ExtractContext, ExtractKind } from '../../extractors/types';

export const PAGE_URL = 'https://shop.example.cn/p/1';

/** Parses a snippet the way the extractors see pages (scripts not run). */
export function htmlDoc(html: string, url = PAGE_URL): Document {
  return parseHtml(html, url);
}

export function ctxFor(kind: ExtractKind = 'auto', url = PAGE_URL, xhr: ExtractContext['xhr'] = []): ExtractContext {
  return { url, kind, xhr, now: new Date('2026-01-01T00:00:00Z') };
}

/** A listing of n items in a repeated structure, with page chrome prices around it. */
export function listingHtml(n: number): string {
  const items = Array.from({ length: n }, (_, i) => {
    const sale = 100 + i;
    const struck = i % 2 === 0 ? `<del class="o">¥${sale + 50}.00</del>` : '';
    return `<li class="item item-${i}"><a class="pic" href="/item/${i}"><img data-src="//img.example.cn/${i}.jpg"></a>
      <div class="title"><a href="/item/${i}">商品 ${i} 号</a></div>
      <div class="p"><span class="now">¥${sale}.00</span>${struck}</div>
      <div class="shop"><a href="/shop/${i % 3}">店铺${i % 3}</a></div><span class="cnt">${i * 10}条评价</span></li>`;
  }).join('');
  return `<html lang="zh-CN"><body><header><a href="/cart">购物车 ¥0.00</a></header>
    <ul class="list">${items}</ul><div class="pager"><a href="?page=2">下一页</a></div>
    <footer><a href="/vip">会员 ¥99/年</a></footer></body></html>`;
}

