import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';
import { runCli, tempDataDir } from '../helpers/cli';
import { pageRequests } from '../helpers/demo-pages';
import { openRepository } from '../../storage/open';
import type { StoredDoc } from '../../storage/repository';

/**
 * A scheduled re-crawl is a plain second run of the same task. Between the two runs the demo
 * shop changes 10 % of its prices and removes 2 % of its products; the second run must find
 * exactly that: the changed commodities rewritten with one new price-history entry each, the
 * removed ones marked gone (kept), and everything else found unchanged without a write.
 */

const PRODUCTS = 40;
const productUrl = (site: DemoSite, id: string) => new URL(`/p/${id}.html`, site.url).href;

async function commodities(dataDir: string): Promise<Map<string, StoredDoc>> {
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), readOnly: true });
  try {
    return new Map((await repo.find('commodities', {})).map((d) => [String(d.url), d]));
  } finally {
    await repo.close();
  }
}

/** "Records: 3 new, 4 changed, 512 unchanged (not rewritten) | pages gone (404/410): 1 …" */
function recordLine(stdout: string): { new: number; changed: number; unchanged: number; gone: number; notModified: number } {
  const m = stdout.match(/^Records: (\d+) new, (\d+) changed, (\d+) unchanged \(not rewritten\) \| pages gone \(404\/410\): (\d+)(?: \| pages not modified \(304\): (\d+))?/m);
  expect(m, stdout).not.toBeNull();
  return { new: Number(m![1]), changed: Number(m![2]), unchanged: Number(m![3]), gone: Number(m![4]), notModified: Number(m![5] ?? 0) };
}

function writtenCommodities(stdout: string): number {
  const m = stdout.match(/^ {2}commodities\s+(\d+)$/m);
  return m ? Number(m[1]) : 0;
}

async function recrawlScenario(mode: 'browser' | 'http') {
  const site = await startDemoSite({ port: 0, products: PRODUCTS, newsPerLanguage: 2 });
  try {
    const dataDir = tempDataDir();
    const env = { CRAWLER_DATA_DIR: dataDir };
    const args = ['--task', `recrawl-${mode}`, '--urls', site.url, '--mode', mode, '--concurrency', '6', '--host-concurrency', '6'];
    const first = await runCli(args, env);
    expect(first.code, first.stderr).toBe(0);
    const before = await commodities(dataDir);
    const all = site.catalog.products.map((p) => productUrl(site, p.id));
    // The browser sees every product page's price. Plain HTTP sees none there (it is rendered
    // from a JSON API), so commodities come from listings only, and which items of the varied
    // listing layouts are read is the extractors' business: the test follows the ones stored.
    const products = all.filter((u) => before.has(u));
    if (mode === 'browser') expect(products).toEqual(all);
    else expect(products.length, `stored: ${products.length} of ${all.length}`).toBeGreaterThanOrEqual(all.length * 0.75);

    const { changed, removed } = site.mutate({ priceChangeRatio: 0.1, removeRatio: 0.02, seed: 7 });
    expect(changed.length).toBe(4);
    expect(removed.length).toBe(1);
    const changedUrls = new Set(changed.map((id) => productUrl(site, id)).filter((u) => before.has(u)));
    const removedUrls = new Set(removed.map((id) => productUrl(site, id)).filter((u) => before.has(u)));
    expect(changedUrls.size).toBeGreaterThanOrEqual(2);
    expect(removedUrls.size).toBe(1);

    const logStart = site.requestLog().length;
    const second = await runCli(args, env);
    expect(second.code, second.stderr).toBe(0);
    const after = await commodities(dataDir);
    const log = site.requestLog().slice(logStart);

    // Every product page was requested again in the re-crawl, the removed one included.
    const pages = pageRequests({ ...site, requestLog: () => log } as DemoSite);
    for (const u of all) expect(pages, u).toContain(new URL(u).pathname);

    for (const [url, b] of before) {
      const a = after.get(url)!;
      expect(a, url).toBeDefined();
      const rewritten = (a.lastChangedAt as Date).getTime() !== (b.lastChangedAt as Date).getTime();
      const history = a.priceHistory as Array<{ price: number | null; salePrice: number | null }>;
      const oldHistory = b.priceHistory as unknown[];
      if (changedUrls.has(url)) {
        const truth = site.catalog.products.find((p) => productUrl(site, p.id) === url)!;
        expect(rewritten, `${url} changed`).toBe(true);
        expect(history.length, `${url} history ${JSON.stringify(history)}`).toBe(oldHistory.length + 1);
        expect(history.at(-1)).toMatchObject({ price: truth.price, salePrice: truth.salePrice });
        expect(a).toMatchObject({ price: truth.price, salePrice: truth.salePrice, gone: false });
      } else if (removedUrls.has(url)) {
        expect(a.gone, `${url} gone`).toBe(true);
        expect(a.goneAt).toBeInstanceOf(Date);
        expect(history.length).toBe(oldHistory.length);
      } else if (products.includes(url)) {
        // Saved again from its listing and its own page, yet neither rewritten nor given history.
        expect(rewritten, `${url} unchanged but rewritten: ${JSON.stringify(b)} → ${JSON.stringify(a)}`).toBe(false);
        expect(history.length, `${url} history ${JSON.stringify(history)}`).toBe(oldHistory.length);
        expect(a.gone).toBe(false);
        expect((a.lastSeenAt as Date).getTime()).toBeGreaterThan((b.lastSeenAt as Date).getTime());
      }
    }
    const rewritten = [...after.values()].filter((a) => {
      const b = before.get(String(a.url));
      return !b || (a.lastChangedAt as Date).getTime() !== (b.lastChangedAt as Date).getTime();
    });
    // Exactly the changed products' records were rewritten. (A shop page showing a single
    // product is read by the extractors as that product at the shop's URL; such a record
    // follows its product's price, so it is left out of the product-exact comparison.)
    expect(new Set(rewritten.map((d) => String(d.url)).filter((u) => all.includes(u)))).toEqual(changedUrls);
    expect(rewritten.filter((d) => !all.includes(String(d.url))).every((d) => /\/shop\/\d+$/.test(String(d.url))), JSON.stringify(rewritten.map((d) => d.url))).toBe(true);
    // Not deleted: every record of the first run is still there.
    expect(after.size).toBeGreaterThanOrEqual(before.size);

    const counts = recordLine(second.stdout);
    // The removed product answered 404 and was counted as gone.
    expect(counts.gone, second.stdout).toBe(1);
    // The run wrote no commodity but those: what it counted is what storage shows.
    expect(writtenCommodities(second.stdout), second.stdout).toBe(rewritten.length);
    expect(counts.new, second.stdout).toBe(0);
    return { first, second, counts, log };
  } finally {
    await site.close();
  }
}

describe('a scheduled re-crawl after the shop changed', () => {
  it('browser mode: exactly the changed commodities are rewritten, each with one new price; removed ones are marked gone; unchanged pages cost no write', async () => {
    const { second, counts } = await recrawlScenario('browser');
    // Unchanged pages: all their records found as stored (the changed + gone ones are the only writes of commodities).
    expect(counts.unchanged).toBeGreaterThan(100);
    expect(counts.notModified).toBe(0); // the browser always renders: prices come from a JSON API
    console.log(`browser re-crawl: ${second.stdout.match(/^Records: .*$/m)?.[0]}`);
  }, 400_000);

  it('http mode: unchanged pages answer 304 to the validators kept from the previous run and are neither downloaded nor rewritten', async () => {
    const { second, counts, log } = await recrawlScenario('http');
    expect(counts.notModified, second.stdout).toBeGreaterThan(20);
    // The changed products' pages came back in full (200), unchanged product pages as 304.
    expect(log.filter((e) => e.status === 304).length).toBe(counts.notModified);
    console.log(`http re-crawl: ${second.stdout.match(/^Records: .*$/m)?.[0]}`);
  }, 400_000);
});
