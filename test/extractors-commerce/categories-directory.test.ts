import { describe, expect, it } from 'vitest';
import { buildPageIndex } from '../../extractors/commerce/dom/page-index';
import { categoriesFromMenus } from '../../extractors/commerce/dom/categories';
import { crumbsToCategories, domCrumbs } from '../../extractors/commerce/dom/breadcrumbs';
import { extractCommerce } from '../../extractors/commerce/index';
import { ctxFor, htmlDoc, PAGE_URL } from './helpers';

const indexOf = (html: string, url = PAGE_URL) => buildPageIndex(htmlDoc(html, url), { locale: 'en', host: new URL(url).host });

const DEPTS = ['Appliances', 'Automotive', 'Baby', 'Beauty', 'Books', 'Electronics', 'Garden', 'Grocery', 'Health', 'Home', 'Office', 'Sports'];
const KINDS = ['Small', 'Large', 'Classic', 'Compact', 'Premium', 'Outdoor', 'Travel', 'Kids', 'Eco', 'Smart'];
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A hand-made "all departments" page: page chrome (header menu, footer columns, a small promo
 * strip) around 12 departments (h2), each with 8 sub-departments (h3, some linked) of 10 links:
 * 12 + 96 + 960 = 1068 categories. Departments are wrapped sections; the sub-departments inside
 * are a flat run of h3, ul, h3, ul.
 */
function departmentsPage(): string {
  const dept = (d: string) => {
    const subs = Array.from({ length: 8 }, (_, j) => {
      const sub = `${d} ${['Essentials', 'Parts', 'Care', 'Kits', 'Tools', 'Sets', 'Gifts', 'Deals'][j]}`;
      const head = j % 2 === 0 ? `<h3><a href="/dept/${slug(d)}/${slug(sub)}">${sub}</a></h3>` : `<h3>${sub}</h3>`;
      const leaves = KINDS.map((k, n) => `<li><a href="/dept/${slug(d)}/${slug(sub)}/n${n}">${k} ${sub}</a></li>`).join('');
      return `${head}<ul class="links">${leaves}</ul>`;
    }).join('\n');
    return `<section class="dept"><h2 class="dept-title"><a href="/dept/${slug(d)}">${d}</a></h2><div class="dept-body">${subs}</div></section>`;
  };
  return `<!doctype html><html lang="en"><head><title>All departments | Example Mart</title></head><body>
  <header><a href="/">Example Mart</a><nav><ul><li><a href="/deals">Deals</a></li><li><a href="/account">Account</a></li><li><a href="/cart">Cart</a></li></ul></nav></header>
  <div class="promo"><a href="/gift-cards">Gift cards</a> <a href="/registry">Registry</a></div>
  <main><h1>Shop all departments</h1><div class="all-depts">${DEPTS.map(dept).join('\n')}</div></main>
  <footer>${['About', 'Help', 'Sell', 'Legal'].map((h) => `<div class="col"><h4>${h}</h4><a href="/${slug(h)}/1">${h} one</a><a href="/${slug(h)}/2">${h} two</a><a href="/${slug(h)}/3">${h} three</a></div>`).join('')}</footer>
  </body></html>`;
}

describe('category directory pages (headed groups of links)', () => {
  it('reads a 1000-entry department directory with levels 1/2/3 and types it category', () => {
    const url = 'https://mart.example.com/all-departments';
    const r = extractCommerce(htmlDoc(departmentsPage(), url), ctxFor('auto', url));
    expect(r.pageType).toBe('category');
    const dir = r.categories.filter((c) => c.url === null || c.url.includes('/dept/') || c.level === 2);
    expect(dir).toHaveLength(12 + 96 + 960);
    const at = (name: string) => r.categories.find((c) => c.name === name);
    expect(at('Garden')).toMatchObject({ level: 1, path: ['Garden'], url: 'https://mart.example.com/dept/garden' });
    expect(at('Garden Parts')).toMatchObject({ level: 2, path: ['Garden', 'Garden Parts'], url: null });
    expect(at('Garden Care')).toMatchObject({ level: 2, url: 'https://mart.example.com/dept/garden/garden-care' });
    expect(at('Smart Sports Deals')).toMatchObject({ level: 3, path: ['Sports', 'Sports Deals', 'Smart Sports Deals'], url: 'https://mart.example.com/dept/sports/sports-deals/n9' });
    // Page chrome is no category.
    for (const name of ['About', 'About one', 'Gift cards', 'Deals']) expect(at(name)).toBeUndefined();
  });

  it('reads A–Z letter groups as the children of the page\u2019s own category, letters not categories', () => {
    const names = ['Adapters', 'Anchors', 'Axles', 'Bolts', 'Brackets', 'Bushings', 'Casters', 'Clamps', 'Clips', 'Couplings', 'Dowels', 'Drawer Slides', 'Eyebolts', 'Eyelets', 'Fasteners', 'Ferrules', 'Gaskets', 'Grommets', 'Hangers', 'Hinges', 'Hooks', 'Knobs', 'Latches', 'Levelers', 'Nuts', 'Pins', 'Plugs', 'Rivets', 'Rods', 'Screws', 'Spacers', 'Studs', 'Washers', 'Wing Nuts'];
    const letters = [...new Set(names.map((n) => n[0]!))];
    const html = `<html><body><header><a href="/">Home</a></header>
      <div class="crumbs-line"><a href="/">Home</a> › <a href="/hardware/">Hardware</a></div>
      <div class="browse">${letters.map((l) => `<div class="grp ${l}"><div class="letter">${l}</div><div class="wrap">${names.filter((n) => n[0] === l).map((n) => `<a href="/hardware/${slug(n)}/">${n}</a>`).join('')}</div></div>`).join('')}</div></body></html>`;
    const url = 'https://parts.example.com/hardware/';
    const r = extractCommerce(htmlDoc(html, url), ctxFor('auto', url));
    expect(r.pageType).toBe('category');
    expect(r.categories.find((c) => c.name === 'Hinges')).toMatchObject({ level: 2, path: ['Hardware', 'Hinges'], url: 'https://parts.example.com/hardware/hinges/' });
    expect(r.categories.filter((c) => c.level === 2)).toHaveLength(names.length);
    expect(r.categories.some((c) => /^[A-Z]$/.test(c.name))).toBe(false);
  });

  it('takes no directory from a home page whose headed link groups are not its main content', () => {
    const cards = Array.from({ length: 30 }, (_, i) => `<div class="card"><a href="/p/${i}">Kettle model ${i}</a><span class="price">$${20 + i}.99</span><a href="/p/${i}#reviews">${i} reviews</a></div>`).join('');
    const teasers = Array.from({ length: 6 }, (_, i) => `<div class="tile"><h3>Ideas ${i}</h3><a href="https://blog.example.org/${i}/a">Read a</a><a href="https://blog.example.org/${i}/b">Read b</a><a href="https://blog.example.org/${i}/c">Read c</a><a href="https://blog.example.org/${i}/d">Read d</a></div>`).join('');
    const popular = Array.from({ length: 5 }, (_, i) => `<div class="pop"><strong>Popular ${i}</strong><a href="/s?q=a${i}">a${i}</a><a href="/s?q=b${i}">b${i}</a><a href="/s?q=c${i}">c${i}</a></div>`).join('');
    const html = `<html><body><div class="grid">${cards}</div><div class="ideas">${teasers}</div><div class="popular">${popular}</div></body></html>`;
    const url = 'https://mart.example.com/';
    const cats = categoriesFromMenus(indexOf(html, url), url);
    expect(cats).toEqual([]);
    // A news front page grouped by day: dated headings over headlines and comment links.
    const days = ['6 March', '5 March', '4 March', '3 March', '2 March'].map((d, i) => `<div class="day"><h3>${d}</h3>${[0, 1, 2].map((j) => `<a href="/news/${i}-${j}">Kernel release ${i}.${j} brings faster file systems and new drivers</a><a href="/forum/${i}${j}">${j + 2} Comments</a>`).join('')}</div>`).join('');
    expect(categoriesFromMenus(indexOf(`<html><body><main>${days}</main></body></html>`, url), url)).toEqual([]);
  });
});

describe('menus built of table cells and plain breadcrumb lines', () => {
  it('reads a table-cell menu: the cell\u2019s own link is level 1 over its hover panel of groups', () => {
    const cell = (id: number, name: string, groups: Array<[string, string[]]>) => `<td class="x${id}"><a href="/list.asp?cid=${id}"><b>${name}</b></a>
      <div class="p${id}">${groups.map(([g, leaves], j) => `<dl><dt><a href="/list.asp?cid=${id}-${j}">${g}</a></dt><dd>${leaves.map((l, k) => `<a href="/list.asp?cid=${id}-${j}-${k}">${l}</a>`).join(' ')}</dd></dl>`).join('')}</div></td>`;
    const html = `<body><table><tr>${cell(1, '数码', [['手机', ['老人机', '游戏手机']], ['相机', ['单反']]])}${cell(2, '服装', [['男装', ['衬衫']], ['女装', ['连衣裙', '半身裙']]])}</tr></table></body>`;
    const cats = categoriesFromMenus(indexOf(html), PAGE_URL);
    expect(cats.find((c) => c.name === '数码')).toMatchObject({ level: 1, path: ['数码'], url: 'https://shop.example.cn/list.asp?cid=1' });
    expect(cats.find((c) => c.name === '女装')).toMatchObject({ level: 2, path: ['服装', '女装'] });
    expect(cats.find((c) => c.name === '单反')).toMatchObject({ level: 3, path: ['数码', '相机', '单反'], url: 'https://shop.example.cn/list.asp?cid=1-1-0' });
  });

  it('reads a plain "您的位置：首页 > … > page" line as the breadcrumb', () => {
    const idx = indexOf('<body><table><tr><td class="k5">您的位置：<a href="/">首页</a> &gt; <a href="/c/1">手机</a> &gt; <a href="/c/1-2">小米</a> &gt; 小米14 16GB</td></tr></table></body>');
    const crumbs = domCrumbs(idx, PAGE_URL);
    expect(crumbs.map((c) => c.name)).toEqual(['首页', '手机', '小米', '小米14 16GB']);
    expect(crumbsToCategories(crumbs, true)).toEqual([
      { name: '手机', url: 'https://shop.example.cn/c/1', level: 1, path: ['手机'] },
      { name: '小米', url: 'https://shop.example.cn/c/1-2', level: 2, path: ['手机', '小米'] },
    ]);
    const slash = domCrumbs(indexOf('<body><p><a href="/">Home</a> / <a href="/women">Women</a> / <a href="/women/dresses">Dresses</a></p></body>'), PAGE_URL);
    expect(slash.map((c) => c.name)).toEqual(['Home', 'Women', 'Dresses']);
  });

  it('starts levels below an "All categories" / "Product Catalogs" root crumb', () => {
    const crumbs = [['Home', '/'], ['Product Catalogs', '/catalogs/'], ['Fasteners', '/catalogs/fasteners/'], ['Bolts', '/catalogs/fasteners/bolts/']].map(([name, u]) => ({ name: name!, url: `https://shop.example.cn${u}` }));
    expect(crumbsToCategories(crumbs, false).map((c) => [c.name, c.level, c.path.join('>')])).toEqual([['Fasteners', 1, 'Fasteners'], ['Bolts', 2, 'Fasteners>Bolts']]);
  });

  it('takes no breadcrumb from menus joined by | or / without a home link, nor from a sentence with links', () => {
    expect(domCrumbs(indexOf('<body><td><a href="/">首页</a> | <a href="/c/1">茶叶</a> | <a href="/c/2">文玩</a></td></body>'), PAGE_URL)).toEqual([]);
    expect(domCrumbs(indexOf('<body><li><a href="/c/1">手机</a> / <a href="/c/2">运营商</a> / <a href="/c/3">数码</a></li></body>'), PAGE_URL)).toEqual([]);
    expect(domCrumbs(indexOf('<body><p>See <a href="/a">our guide</a> and then the <a href="/b">returns policy</a> before you order.</p></body>'), PAGE_URL)).toEqual([]);
  });
});
