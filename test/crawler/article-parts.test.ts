import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { join } from 'node:path';
import { runCli, tempDataDir } from '../helpers/cli';
import { openRepository } from '../../storage/open';
import { startExpandSite, FIXTURE, type ExpandSite } from './fixtures/expand-site';

type Doc = Record<string, unknown>;

async function storedNews(dataDir: string): Promise<Doc[]> {
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), readOnly: true });
  try {
    return (await repo.find('news', {})) as unknown as Doc[];
  } finally {
    await repo.close();
  }
}

const path = (u: unknown) => new URL(String(u)).pathname;

describe('two-page articles are stored as one news record', () => {
  let site: ExpandSite;

  beforeAll(async () => {
    site = await startExpandSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  for (const mode of ['http', 'browser'] as const) {
    it(`${mode} mode: the second part's text is appended to the first part's news, and part 2 is not crawled as news of its own`, async () => {
      const dataDir = tempDataDir();
      const before = site.log.length;
      const start = new URL('/news/2024/12345.shtml', site.url).href;
      // Depth 1 in HTTP mode: the links of the article are followed too (part 2 among them).
      const depth = mode === 'http' ? '1' : '0';
      const res = await runCli(['--task', `parts-${mode}`, '--urls', start, '--mode', mode, '--max-depth', depth, '--concurrency', '2'], { CRAWLER_DATA_DIR: dataDir });
      expect(res.code, res.stderr).toBe(0);
      const news = await storedNews(dataDir);
      const article = news.filter((n) => path(n.url).startsWith('/news/2024/12345'));
      expect(article.map((n) => path(n.url))).toEqual(['/news/2024/12345.shtml']);
      const content = String(article[0]!.content);
      for (const p of [...FIXTURE.PART1, ...FIXTURE.PART2]) expect(content, p).toContain(p);
      // Each paragraph once, in reading order.
      expect(content.indexOf(FIXTURE.PART2[0]!)).toBeGreaterThan(content.indexOf(FIXTURE.PART1[3]!));
      expect(content.split(FIXTURE.PART1[0]!).length).toBe(2);
      // Part 2 was fetched once (as a part), never again as a page of the crawl.
      expect(site.log.slice(before).filter((p) => p === '/news/2024/12345_2.shtml')).toHaveLength(1);
      expect(res.stdout).toMatch(/Article parts joined to their first page: 1/);
      if (mode === 'http') {
        // The next article (下一篇) is a story of its own, crawled and stored as such.
        expect(news.map((n) => path(n.url))).toContain('/news/2024/12346.shtml');
      }
    }, 180_000);
  }
});
