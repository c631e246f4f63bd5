import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTwoUrl } from '../../src/demo-site/catalog';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, tempDataDir } from '../helpers/cli';

type Row = Record<string, unknown>;

/** The demo portal's pages that list many stories: the news centre (资讯中心) and the channel fronts. */
const INDEX_PAGES = ['/news/', '/news/zh/', '/news/en/'];

/**
 * The news table a user gets from the demo portal's articles, against the site's own truth.
 * Chinese articles print Beijing time without a zone ("2024年03月05日 14:22"), as Chinese portals
 * do: the table must show it with +08:00 and the instant it means, never 14:22 UTC.
 */
describe('demo news crawled into the news table (http mode)', { timeout: 200_000 }, () => {
  let site: DemoSite;
  let rows: Row[];

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, products: 20, newsPerLanguage: 6 });
    const dataDir = tempDataDir();
    // The articles and the portal's index pages: the news centre and the two channel fronts.
    const urls = [...site.catalog.news.map((n) => n.url), ...INDEX_PAGES].map((u) => new URL(u, site.url).href);
    const crawl = await runCli(['--task', 'news', '--urls', urls.join(','), '--mode', 'http', '--max-depth', '0'], { CRAWLER_DATA_DIR: dataDir });
    expect(crawl.code, crawl.stderr).toBe(0);
    const out = await runCli(['export', 'news', '--format', 'jsonl'], { CRAWLER_DATA_DIR: dataDir });
    expect(out.code, out.stderr).toBe(0);
    rows = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);
  }, 200_000);
  afterAll(async () => {
    await site?.close();
  });

  it('shows every article time with its +08:00 offset and the right instant', () => {
    const byPath = new Map(rows.map((r) => [new URL(String(r.url)).pathname, r]));
    const zoneLess = site.catalog.news.filter((n) => n.language === 'zh' && /^\d{4}年/.test(n.dateShown) && !['json-ld', 'meta', 'time'].includes(n.dateFormat));
    expect(zoneLess.length).toBeGreaterThan(0);
    for (const n of site.catalog.news) {
      const row = byPath.get(n.url);
      expect(row, n.url).toBeDefined();
      expect(row!.publishedAt, `${n.url} shows "${n.dateShown}"`).toBe(n.publishedAt);
      expect(String(row!.publishedAt)).toMatch(/\+08:00$/);
      expect(Date.parse(String(row!.publishedAt))).toBe(Date.parse(n.publishedAt));
    }
  });

  it('serves what a portal article carries: source, author and editor lines, two-page articles', async () => {
    const two = site.catalog.news.find((n) => n.pageTwoFrom !== null)!;
    const [p1, p2] = await Promise.all([two.url, pageTwoUrl(two)].map(async (u) => {
      const res = await fetch(new URL(u, site.url));
      return new TextDecoder('gbk').decode(await res.arrayBuffer());
    }));
    // The article text: from the body's start to the page links under it.
    const text = (page: string) => /<div class="article-body"[^>]*>([\s\S]*?)<div class="page-nav">/.exec(page)![1]!;
    expect(p1).toContain(`来源：${two.source}`);
    expect(p1).toContain(`作者：${two.author}`);
    expect(p1).toContain(`责任编辑：${two.editor}`);
    expect(p1).toMatch(new RegExp(`<span class="current">1</span> <a href="${two.id}_2\\.html">2</a> <a href="${two.id}_2\\.html" class="next">下一页</a>`));
    expect(text(p1)).toContain(two.paragraphs[0]!);
    expect(text(p1)).not.toContain(two.paragraphs[two.pageTwoFrom!]!);
    expect(text(p2)).toContain(two.paragraphs[two.pageTwoFrom!]!);
    expect(text(p2)).toContain(two.paragraphs.at(-1)!);
    expect(text(p2)).not.toContain(two.paragraphs[0]!);
    expect(p2).toContain(`<a href="${two.id}.html" class="prev">上一页</a>`);
    // A one-page article has no page 2.
    const one = site.catalog.news.find((n) => n.pageTwoFrom === null)!;
    expect((await fetch(new URL(pageTwoUrl(one), site.url))).status).toBe(404);
  });

  it('has a news index that lists headlines with teasers and is not itself an article', async () => {
    const res = await fetch(new URL('/news/', site.url));
    const body = await res.text();
    const items = body.match(/<li class="news-item">/g) ?? [];
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(body).toMatch(/<p class="summary">/);
    expect(body).not.toMatch(/<article/);
    // Channel fronts: a lead story with its first paragraph, then headlines with teasers.
    for (const path of ['/news/zh/', '/news/en/']) {
      const page = await (await fetch(new URL(path, site.url))).text();
      expect(page).toMatch(/<div class="lead-story">/);
      expect((page.match(/<div class="news-item">/g) ?? []).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('stores no index or channel page as a news record, only the articles', () => {
    const paths = rows.map((r) => new URL(String(r.url)).pathname);
    for (const p of INDEX_PAGES) expect(paths, p).not.toContain(p);
    expect(paths.sort()).toEqual(site.catalog.news.map((n) => n.url).sort());
  });
});
