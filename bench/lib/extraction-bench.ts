import { extractHtml } from '../../extractors/index';
import { parseHtml } from '../../extractors/parse';
import type { CapturedJson } from '../../extractors/types';
import { decodeHtml } from '../../src/encoding/decode';
import { extractLinks } from '../../src/demo-site/link-graph';

export interface ExtractionFigures {
  pages: number;
  medianMs: number;
  p90Ms: number;
  /** Median of HTML parsing alone (no extractor): the floor under extractHtml. */
  parseMedianMs: number;
  /** Median ms per kind of page (path prefix: p, c, shop, news, home …). */
  byKind: Array<{ kind: string; pages: number; medianMs: number }>;
}

interface Sample {
  url: string;
  kind: string;
  html: string;
  xhr: CapturedJson[];
}

const kindOf = (url: string) => new URL(url).pathname.split('/')[1] || 'home';

/**
 * Fetches a stratified sample of demo pages once (BFS from the home page, up to `perKind` of
 * each kind, product pages with their /api JSON as the browser would capture it), then times
 * `extractHtml` on each in this process, after one warm-up pass.
 */
export async function benchExtraction(siteUrl: string, perKind: number, deadlineMs: number): Promise<ExtractionFigures> {
  const queue = [siteUrl];
  const seen = new Set(queue);
  const counts = new Map<string, number>();
  const samples: Sample[] = [];
  let fetched = 0;
  while (queue.length && fetched < 600 && Date.now() < deadlineMs) {
    const url = queue.shift()!;
    const kind = kindOf(url);
    fetched++;
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok || !/html/i.test(res.headers.get('content-type') ?? '')) continue;
    const html = decodeHtml(bytes, res.headers.get('content-type')).text;
    if ((counts.get(kind) ?? 0) < perKind) {
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      const xhr: CapturedJson[] = [];
      const id = /^\/p\/(\d+)\.html$/.exec(new URL(url).pathname)?.[1];
      if (id) {
        const api = new URL(`/api/products/${id}`, url).href;
        const r = await fetch(api);
        if (r.ok) xhr.push({ url: api, body: await r.json() });
      }
      samples.push({ url, kind, html, xhr });
    }
    for (const l of extractLinks(html, url)) {
      if (!seen.has(l)) {
        seen.add(l);
        queue.push(l);
      }
    }
  }
  for (const s of samples.slice(0, 5)) extractHtml(s.html, s.url, { xhr: s.xhr }); // warm-up (JIT, lazy imports)
  const times: Array<{ kind: string; ms: number; parseMs: number }> = [];
  for (const s of samples) {
    if (Date.now() > deadlineMs) break;
    let t = performance.now();
    parseHtml(s.html, s.url);
    const parseMs = performance.now() - t;
    t = performance.now();
    extractHtml(s.html, s.url, { xhr: s.xhr });
    times.push({ kind: s.kind, ms: performance.now() - t, parseMs });
  }
  const kinds = [...new Set(times.map((t) => t.kind))];
  return {
    pages: times.length,
    medianMs: quantile(times.map((t) => t.ms), 0.5),
    p90Ms: quantile(times.map((t) => t.ms), 0.9),
    parseMedianMs: quantile(times.map((t) => t.parseMs), 0.5),
    byKind: kinds.map((k) => {
      const ms = times.filter((t) => t.kind === k).map((t) => t.ms);
      return { kind: k, pages: ms.length, medianMs: quantile(ms, 0.5) };
    }),
  };
}

export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
