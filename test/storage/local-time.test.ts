import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractHtml } from '../../extractors/index';
import { openRepository } from '../../storage/open';
import { newsPage } from './fixtures';
import { storeCli } from './helpers/store-cli';
import { tempDir } from '../helpers/temp-dir';

/**
 * A Chinese article prints its time without an offset ("2011年12月09日 08:20"): Beijing time.
 * It must come out of the store as +08:00, not as 08:20 UTC (8 hours off), and still compare
 * and sort as the instant it is.
 */
let dataDir: string;

const cli = (...args: string[]) => storeCli(dataDir, ...args);

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>央行宣布下调存款准备金率_财经频道</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/finance/">财经</a></div>
<h1>央行宣布下调存款准备金率</h1>
<div class="info">2011年12月09日 08:20 来源：示例财经报 作者：王小明</div>
<p>中国人民银行今天宣布，自本月起下调存款类金融机构人民币存款准备金率0.5个百分点。</p>
<p>分析人士认为，此举将释放约三千亿元流动性，有助于缓解年底资金面的紧张状况。</p>
<p>央行有关负责人表示，将继续实施稳健的货币政策，保持流动性合理充裕。</p>
<p>（责任编辑：李明）</p></body></html>`;

beforeAll(async () => {
  dataDir = tempDir('store-time-');
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  const task = await repo.upsertTask({ name: '财经新闻', type: 'news', startUrls: ['http://finance.example.com/'] });
  const page = extractHtml(ARTICLE, 'http://finance.example.com/a/20111209/1.shtml', { kind: 'news', now: new Date('2011-12-10T00:00:00Z') });
  await repo.savePage(task, page);
  // Two more articles: one at 01:00 UTC (09:00 Beijing, after the first), one written in UTC before it.
  const later = newsPage('http://finance.example.com/a/2.shtml', '第二篇', '第二篇正文。');
  later.news!.publishedAt = '2011-12-09T01:00:00Z';
  const earlier = newsPage('http://finance.example.com/a/3.shtml', '第三篇', '第三篇正文。');
  earlier.news!.publishedAt = '2011-12-08T23:00:00+00:00';
  await repo.savePage(task, later);
  await repo.savePage(task, earlier);
  await repo.close();
});

describe('a page time round-trips with its offset', () => {
  it('exports CSV with the Beijing time and its +08:00 offset', async () => {
    const out = join(dataDir, 'news.csv');
    const r = await cli('export', 'news', '--format', 'csv', '--out', out, '--fields', 'title,publishedAt', '--sort', 'publishedAt');
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    // Sorted by instant: 23:00Z, then 08:20+08:00 (00:20Z), then 01:00Z.
    expect(lines).toEqual([
      'title,publishedAt',
      '第三篇,2011-12-08T23:00:00+00:00',
      '央行宣布下调存款准备金率,2011-12-09T08:20:00+08:00',
      '第二篇,2011-12-09T01:00:00Z',
    ]);
  });

  it('exports JSON Lines with the offset and no extra column, filtering on the instant', async () => {
    const r = await cli('export', 'news', '{"publishedAt": {"$gte": "2011-12-09T00:10:00Z", "$lt": "2011-12-09T00:30:00Z"}}', '--format', 'jsonl');
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((d) => d.publishedAt)).toEqual(['2011-12-09T08:20:00+08:00']);
    expect(rows[0]).not.toHaveProperty('publishedAtLocal');
    expect(Date.parse(String(rows[0]!.publishedAt))).toBe(Date.parse('2011-12-09T00:20:00Z'));
  });

  it('query --format json shows the same', async () => {
    const r = await cli('query', 'news', '{"title": "央行宣布下调存款准备金率"}', '--format', 'json', '--fields', 'publishedAt');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Array<Record<string, unknown>>).map((d) => d.publishedAt)).toEqual(['2011-12-09T08:20:00+08:00']);
  });
});
