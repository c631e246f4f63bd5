import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, startCli, tempDataDir } from '../helpers/cli';
import { pageRequests } from '../helpers/demo-pages';
import { openRepository } from '../../storage/open';
import { HttpFetcher } from '../../src/crawler/fetching/http-fetch';
import { TRAP_PATHS } from '../../src/demo-site/pages/traps';

function duplicates(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
}

/** The demo's request log from `before` on, in the shape pageRequests() reads. */
function since(site: DemoSite, before: number): DemoSite {
  return { ...site, requestLog: () => site.requestLog().slice(before) } as DemoSite;
}

async function stored(dataDir: string, collection: 'shops' | 'news' | 'commodities'): Promise<Array<Record<string, unknown>>> {
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), readOnly: true });
  try {
    return (await repo.find(collection, {})) as unknown as Array<Record<string, unknown>>;
  } finally {
    await repo.close();
  }
}

describe('--mode http on the demo shop', () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('--max-pages 150 fetches exactly 150 pages, none twice, never a robots-disallowed path, no scripts or media', async () => {
    const before = site.requestLog().length;
    const res = await runCli(['--task', 'h150', '--urls', site.url, '--mode', 'http', '--max-pages', '150', '--concurrency', '8'], { CRAWLER_DATA_DIR: tempDataDir() });
    expect(res.code, res.stderr).toBe(0);
    const log = site.requestLog().slice(before);
    const pages = pageRequests(since(site, before));
    expect(pages.length).toBe(150);
    expect(duplicates(pages)).toEqual([]);
    expect(log.filter((e) => site.disallowed.some((d) => e.path.startsWith(d)))).toEqual([]);
    expect(log.some((e) => e.path === '/robots.txt')).toBe(true);
    // Plain HTTP: no page scripts run, so neither the price API nor images are requested.
    expect(log.filter((e) => /^\/(api|img|static)\//.test(e.path))).toEqual([]);
    expect(res.stdout).toMatch(/Task h150 finished: 150 pages/);
    expect(res.stdout).toMatch(/robots/);
  }, 300_000);

  it('decodes GBK shop pages and Chinese articles however they declare their charset', async () => {
    const dataDir = tempDataDir();
    // Four shops cover the four ways a page says it is GBK: header, <meta charset>, http-equiv, nothing.
    const shops = site.catalog.shops.slice(0, 4);
    const article = site.catalog.news.find((n) => n.language === 'zh')!;
    const urls = [...shops.map((s) => s.url), article.url].map((u) => new URL(u, site.url).href);
    const res = await runCli(['--task', 'gbk', '--urls', urls.join(','), '--mode', 'http', '--max-depth', '0'], { CRAWLER_DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/finished: 5 pages/);
    // (How much of the header ends up in a shop's name is the extractor's business; the text must be decoded right.)
    const names = (await stored(dataDir, 'shops')).map((s) => String(s.name));
    for (const shop of shops) expect(names.some((n) => n.includes(shop.name)), `${shop.name} in ${names.join(' | ')}`).toBe(true);
    const titles = (await stored(dataDir, 'news')).map((n) => String(n.title));
    expect(titles.some((t) => t.includes(article.title)), titles.join(' | ')).toBe(true);
    expect([...names, ...titles].join('')).not.toMatch(/\uFFFD/);
  });

  it('Ctrl-C stops and --resume fetches only the remaining pages', async () => {
    const dataDir = tempDataDir();
    const before = site.requestLog().length;
    const first = startCli(['--task', 'hres', '--urls', site.url, '--mode', 'http', '--max-pages', '40', '--concurrency', '2'], { CRAWLER_DATA_DIR: dataDir });
    const deadline = Date.now() + 60_000;
    while (pageRequests(since(site, before)).length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGINT');
    const r1 = await first.done;
    expect(r1.code, r1.stderr).toBe(130);
    const afterFirst = pageRequests(since(site, before)).length;
    expect(afterFirst).toBeGreaterThanOrEqual(10);
    expect(afterFirst).toBeLessThan(40);

    const r2 = await runCli(['--task', 'hres', '--resume', '--mode', 'http', '--max-pages', '40', '--concurrency', '4'], { CRAWLER_DATA_DIR: dataDir });
    expect(r2.code, r2.stderr).toBe(0);
    const all = pageRequests(since(site, before));
    expect(all.length).toBe(40);
    expect(duplicates(all)).toEqual([]);
  }, 300_000);
});

describe('--mode http on hostile pages', () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0, traps: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('records a failure with its reason for each hostile page and finishes the crawl', async () => {
    const dataDir = tempDataDir();
    // The hostile pages and a robots-disallowed one as start URLs: every one is met at once.
    const urls = [site.url, ...TRAP_PATHS, `${site.disallowed[0]}x`].map((p) => new URL(p, site.url).href);
    const res = await runCli(['--task', 'htraps', '--urls', urls.join(','), '--mode', 'http', '--max-depth', '0', '--timeout', '3', '--retries', '1', '--concurrency', '6'], { CRAWLER_DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
    const failures = readFileSync(join(dataDir, 'tasks', 'htraps', 'failures.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { url: string; reason: string; retries: number });
    const failureOf = (path: string) => failures.find((f) => new URL(f.url).pathname === path);
    expect(failureOf('/trap/redirect-a')?.reason).toBe('redirect-loop');
    expect(failureOf('/trap/manual.pdf')?.reason).toBe('non-html');
    expect(failureOf('/trap/photo.png')?.reason).toBe('non-html');
    expect(failureOf('/trap/hang.html')?.reason).toBe('timeout');
    expect(failureOf('/trap/error.html')).toMatchObject({ reason: 'http-500', retries: 1 });
    expect(failureOf('/trap/blocked.html')).toMatchObject({ reason: 'blocked', retries: 1 });
    // Links robots.txt disallows are skipped links, counted in the summary, not failed pages.
    expect(failures.some((f) => f.reason === 'robots')).toBe(false);
    expect(res.stdout).toMatch(/Links not followed:[\s\S]*skipped by robots\.txt\s+[1-9]/);
    // Final reasons are not retried.
    expect(failureOf('/trap/manual.pdf')?.retries).toBe(0);
    // The slow page (its subresources never load) and the 5 MB page are ordinary pages over HTTP.
    expect(failureOf('/trap/slow.html')).toBeUndefined();
    // (extraction may give up on 5 MB of table: that is an extraction failure, not a fetch failure.)
    expect([undefined, 'extract-error']).toContain(failureOf('/trap/huge.html')?.reason);
    // Home, the slow page and the huge page are done; the rest failed.
    expect(res.stdout).toMatch(/finished: 3 pages/);
  });

  it('refuses a body over the size limit while it streams', async () => {
    const fetcher = new HttpFetcher({ timeoutSecs: 10, maxBytes: 1024 * 1024 });
    try {
      await expect(fetcher.fetch(new URL('/trap/huge.html', site.url).href)).rejects.toMatchObject({ reason: 'too-large' });
      const ok = await fetcher.fetch(site.url);
      expect(ok.status).toBe(200);
      expect(ok.body.length).toBeGreaterThan(1000);
    } finally {
      await fetcher.close();
    }
  });
});

describe('--mode adaptive (HTTP first, the browser where a page needs rendering; real Chromium)', () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ port: 0 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('finds the prices product pages render with JavaScript, which plain HTTP does not see, and learns to go straight to the browser', async () => {
    const products = site.catalog.products.slice(0, 4);
    const urls = products.map((p) => new URL(p.url, site.url).href);
    const crawl = async (mode: string) => {
      const dataDir = tempDataDir();
      const before = site.requestLog().length;
      // Concurrency 1: pages in queue order, so what was learnt from the first pages applies to the next.
      // Replay of data requests (test/crawler/replay.test.ts) is off: this is about which pages need the browser.
      const noReplay = mode === 'adaptive' ? ['--no-replay'] : [];
      const res = await runCli(['--task', `prices-${mode}`, '--urls', urls.join(','), '--mode', mode, '--max-depth', '0', '--concurrency', '1', ...noReplay], { CRAWLER_DATA_DIR: dataDir });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/finished: 4 pages/);
      const byPath = new Map((await stored(dataDir, 'commodities')).map((c) => [new URL(String(c.url)).pathname, c]));
      return { log: site.requestLog().slice(before), byPath };
    };

    const http = await crawl('http');
    for (const p of products) expect(http.byPath.get(new URL(p.url, site.url).pathname)?.price ?? null).toBeNull();

    // What the browser finds is the reference (how many templates the commerce extractor reads is its own business).
    const browser = await crawl('browser');
    const prices = (byPath: Map<string, Record<string, unknown>>) =>
      products.map((p) => {
        const c = byPath.get(new URL(p.url, site.url).pathname);
        return c ? { url: p.url, price: c.price, salePrice: c.salePrice } : { url: p.url, missing: true };
      });
    const found = prices(browser.byPath).filter((p) => !('missing' in p));
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      const p = products.find((x) => x.url === f.url)!;
      expect(f).toMatchObject({ price: p.price, salePrice: p.salePrice });
    }

    const adaptive = await crawl('adaptive');
    expect(prices(adaptive.byPath)).toEqual(prices(browser.byPath));
    // Every page was rendered (its price API called) …
    expect(adaptive.log.filter((e) => e.path.startsWith('/api/products/')).length).toBe(4);
    // … but once two product pages had needed the browser, the others skipped the HTTP fetch.
    const pageGets = pageRequests({ ...site, requestLog: () => adaptive.log } as DemoSite);
    expect(pageGets.length).toBe(6);
  }, 300_000);
});
