import { extractHtml } from '../../extractors/index';
import { parseHtml } from '../../extractors/parse';
import type { CapturedJson } from '../../extractors/types';
import { decodeHtml } from '../../src/encoding/decode';
import { extractLinks } from '../../src/demo-site/link-graph';
import { existsSync, readFileSync } from 'node:fs';
import { DATASETS, devSetPages, pageBytes } from './dev-sets';

export interface ExtractionFigures {
  pages: number;
  medianMs: number;
  p90Ms: number;
  /** Median of HTML parsing alone (no extractor): the floor under extractHtml. */
  parseMedianMs: number;
  /** Median ms per kind of page (path prefix: p, c, shop, news, home …). */
  byKind: Array<{ kind: string; pages: number; medianMs: number }>;
  /** Real pages of about 200 kB (the yardstick), when the development sets are beside the checkout. */
  large: LargePageFigures | string;
}

export interface LargePageFigures {
  pages: number;
  minKb: number;
  maxKb: number;
  medianMs: number;
  parseMedianMs: number;
}

/**
 * extractHtml (auto kind) on every page of 150–260 kB in the development sets of real pages
 * (../shared/datasets), read once, timed after one warm-up pass. The demo site's pages are
 * 2–20 kB: this is the figure for pages of the size real shops and news sites serve.
 */
export function benchLargePages(deadlineMs: number, dir = DATASETS): LargePageFigures | string {
  if (!existsSync(dir)) return `skipped: no development datasets at ${dir}`;
  const pages: Array<{ html: string; url: string; bytes: number }> = [];
  for (const p of devSetPages(dir)) {
    const b = pageBytes(readFileSync(p.path), p.path);
    if (b.length < 150_000 || b.length > 260_000) continue;
    pages.push({ html: decodeHtml(new Uint8Array(b), null).text, url: p.url, bytes: b.length });
  }
  if (pages.length === 0) return `skipped: no 150–260 kB pages in ${dir}`;
  for (const p of pages.slice(0, 3)) extractHtml(p.html, p.url);
  const ms: number[] = [];
  const parseMs: number[] = [];
  for (const p of pages) {
    if (Date.now() > deadlineMs) break;
    let t = performance.now();
    parseHtml(p.html, p.url);
    parseMs.push(performance.now() - t);
    t = performance.now();
    extractHtml(p.html, p.url);
    ms.push(performance.now() - t);
  }
  const kb = pages.map((p) => p.bytes / 1000);
  return { pages: ms.length, minKb: Math.min(...kb), maxKb: Math.max(...kb), medianMs: quantile(ms, 0.5), parseMedianMs: quantile(parseMs, 0.5) };
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
    large: benchLargePages(deadlineMs + 60_000),
  };
}

export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
