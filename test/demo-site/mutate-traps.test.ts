import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../src/demo-site/server';

const sites: DemoSite[] = [];
const start = async (opts: Parameters<typeof startDemoSite>[0]) => { const s = await startDemoSite(opts); sites.push(s); return s; };
afterAll(async () => { await Promise.all(sites.map((s) => s.close())); });

const text = async (site: DemoSite, path: string) => (await fetch(new URL(path, site.url))).text();

describe('mutate()', () => {
  let site: DemoSite;
  beforeAll(async () => { site = await start({ seed: 3, products: 200, newsPerLanguage: 2 }); });

  it('changes prices and removes products deterministically, and the site reflects it', async () => {
    const before = new Map(site.catalog.products.map((p) => [p.id, { ...p }]));
    const apiBefore = await fetch(new URL(`/api/products/${site.catalog.products[0]!.id}`, site.url));
    expect(apiBefore.status).toBe(200);

    const twin = await start({ seed: 3, products: 200, newsPerLanguage: 2 });
    const result = site.mutate({ priceChangeRatio: 0.1, removeRatio: 0.05 });
    expect(twin.mutate({ priceChangeRatio: 0.1, removeRatio: 0.05 })).toEqual(result);
    expect(result.changed).toHaveLength(20);
    expect(result.removed).toHaveLength(10);
    expect(result.changed.filter((id) => result.removed.includes(id))).toEqual([]);
    expect(site.catalog.products).toHaveLength(190);

    for (const id of result.changed.slice(0, 5)) {
      const old = before.get(id)!;
      const res = await fetch(new URL(`/api/products/${id}`, site.url), { headers: { 'if-modified-since': new Date(old.lastModified).toUTCString() } });
      expect(res.status).toBe(200); // revalidation sees the change
      const api = await res.json();
      expect(Number(api.price)).not.toBe(old.price);
      expect(Number(api.price)).toBe(site.catalog.products.find((p) => p.id === id)!.price);
    }
    for (const id of result.removed) {
      const old = before.get(id)!;
      expect((await fetch(new URL(old.url, site.url))).status).toBe(404);
      expect((await fetch(new URL(`/api/products/${id}`, site.url))).status).toBe(404);
      const shop = site.catalog.shops.find((s) => s.id === old.shopId)!;
      let shopHtml = '';
      for (const path of site.catalog.gbkPages.filter((p) => p === shop.url || p.startsWith(`${shop.url}?`))) shopHtml += await text(site, path);
      expect(shopHtml).not.toContain(old.url);
      const leaf = site.catalog.categories.find((c) => c.id === old.categoryId)!;
      expect(await text(site, leaf.url)).not.toContain(old.url);
    }
    const graph = site.linkGraph();
    for (const id of result.removed) expect(graph.has(new URL(before.get(id)!.url, site.url).href)).toBe(false);
  });

  it('rejects ratios outside 0..1 with a clear message', () => {
    expect(() => site.mutate({ priceChangeRatio: 2, removeRatio: 0 })).toThrow(/priceChangeRatio must be a number between 0 and 1/);
  });
});

describe('trap pages', () => {
  it('are linked from home only with traps: true', async () => {
    const plain = await start({ products: 30, newsPerLanguage: 1 });
    const trapped = await start({ products: 30, newsPerLanguage: 1, traps: true });
    expect(await text(plain, '/')).not.toContain('/trap/');
    const home = await text(trapped, '/');
    for (const p of ['/trap/hang.html', '/trap/redirect-a', '/trap/manual.pdf', '/trap/huge.html', '/trap/error.html', '/trap/blocked.html']) expect(home).toContain(`href="${p}"`);
  });

  it('behave hostilely: hang, loop, PDF, image, 5 MB, 500, 403', async () => {
    const site = await start({ products: 30, newsPerLanguage: 1 });
    const u = (p: string) => new URL(p, site.url);
    const hang = await fetch(u('/trap/hang.html'), { signal: AbortSignal.timeout(400) });
    expect(hang.status).toBe(200);
    await expect(hang.text()).rejects.toThrow(); // the body never completes
    const loop = await fetch(u('/trap/redirect-a'), { redirect: 'manual' });
    expect(loop.headers.get('location')).toBe('/trap/redirect-b');
    expect((await fetch(u('/trap/redirect-b'), { redirect: 'manual' })).headers.get('location')).toBe('/trap/redirect-a');
    await expect(fetch(u('/trap/redirect-a'))).rejects.toThrow(); // fetch gives up after 20 redirects
    const pdf = await fetch(u('/trap/manual.pdf'));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const img = await fetch(u('/trap/photo.png'));
    expect(img.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await img.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const huge = await fetch(u('/trap/huge.html'));
    expect((await huge.arrayBuffer()).byteLength).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect((await fetch(u('/trap/error.html'))).status).toBe(500);
    const blocked = await fetch(u('/trap/blocked.html'));
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain('blocked');
  });
});
