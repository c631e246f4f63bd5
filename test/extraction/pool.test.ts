import { describe, it, expect } from 'vitest';
import { ExtractPool } from '../../src/extraction/pool';
import { extractHtml } from '../../extractors/index';

function productPage(i: number): string {
  return `<!doctype html><html lang="zh-CN"><head><title>商品${i}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"测试商品 ${i}","sku":"SKU-${i}",
"offers":{"@type":"Offer","price":"${100 + i}.50","priceCurrency":"CNY","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>测试商品 ${i}</h1><p>价格 ￥${100 + i}.50</p></body></html>`;
}

const productRequest = (i: number) => ({ html: productPage(i), url: `https://shop.example.cn/p/${i}.html`, kind: 'product' as const });

describe('ExtractPool', () => {
  it('gives the same result as in-process extraction, recycling workers as it goes', async () => {
    const pool = new ExtractPool({ threads: 2, pagesPerWorker: 3 });
    try {
      const pages = Array.from({ length: 10 }, (_, i) => ({ html: productPage(i), url: `https://shop.example.cn/p/${i}.html` }));
      const results = await Promise.all(pages.map((p) => pool.extract({ ...p, kind: 'product', now: new Date('2026-01-01T00:00:00Z') })));
      for (let i = 0; i < pages.length; i++) {
        const local = extractHtml(pages[i]!.html, pages[i]!.url, { kind: 'product', now: new Date('2026-01-01T00:00:00Z') });
        expect(results[i]).toEqual(local);
        expect(results[i]!.commodities[0]?.name).toBe(`测试商品 ${i}`);
        expect(results[i]!.commodities[0]?.price).toBe(100 + i + 0.5);
      }
      expect(pool.stats().pages).toBe(10);
      expect(pool.stats().workersStarted).toBeGreaterThanOrEqual(4);
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker whose heap passed the limit after a page, losing no page', async () => {
    // Any real heap is above 1 MB: every page retires its worker.
    const pool = new ExtractPool({ threads: 1, heapLimitMb: 1 });
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await pool.extract(productRequest(i)));
      expect(results.map((r) => r.commodities[0]?.sku)).toEqual(['SKU-0', 'SKU-1', 'SKU-2']);
      expect(pool.stats().workersStarted).toBe(3);
    } finally {
      await pool.close();
    }
  });

  it('keeps its workers across pages while their heaps stay under the limit', async () => {
    const pool = new ExtractPool({ threads: 1 });
    try {
      for (let i = 0; i < 5; i++) await pool.extract(productRequest(i));
      expect(pool.stats().workersStarted).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('fails a page whose extraction exceeds the time limit instead of hanging', async () => {
    const pool = new ExtractPool({ threads: 1, timeoutMs: 1 });
    try {
      const huge = '<html><body>' + '<div><p>x</p></div>'.repeat(200_000) + '</body></html>';
      await expect(pool.extract({ html: huge, url: 'https://x.example/' })).rejects.toThrow(/timed out/);
    } finally {
      await pool.close();
    }
  });
});
