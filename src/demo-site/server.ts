/**
 * The bundled offline demo site: a Chinese/English shop + news portal generated from a seed,
 * served by node:http on 127.0.0.1 for crawler tests, benchmarks and demos.
 *
 * URL map (all paths absolute; `?page=N` paginates, page 1 is the bare URL):
 *   /                      home: 3-level category menu, recommended goods, shops, news teasers
 *   /c/<id>                category (levels 1-2: child categories; level 3: listing, 20 per page)
 *   /p/<id>.html           product (no price in HTML; inline script fetches /api/products/<id>)
 *   /api/products/<id>     JSON: price, promoPrice, stockState, score, goodRate, comments
 *   /shop/<id>             shop (GBK): name, rating, "共 N 件商品", its goods, paginated
 *   /news/                 news index (both languages), 10 per page
 *   /news/zh/<id>.html     Chinese article (GBK)     /news/en/<id>.html  English article
 *   /news/zh/<id>_2.html   page 2 of a two-page Chinese article (linked "1 2 下一页")
 *   /robots.txt            disallows /cart/, /account/, /search (all three are served)
 *   /img/<key>.png, /static/site.css, /static/fonts/iconfont.woff2   subresources
 *   /trap/...              hostile pages (see pages/traps.ts)
 *   /s2/...                a second, differently built shop (see shop2/pages.ts); not linked from /
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import iconv from 'iconv-lite';
import type { DemoCatalog } from './catalog';
import { extractLinks } from './link-graph';
import { DISALLOWED } from './pages/misc-pages';
import { TRAP_PATHS } from './pages/traps';
import type { Reply } from './reply';
import { route, type RouteContext } from './router';
import { SiteState } from './state';
import { buildShop2Catalog, type Shop2Catalog } from './shop2/catalog';
import { Shop2Site } from './shop2/pages';

export type { DemoCatalog } from './catalog';

export interface DemoSiteOptions {
  /** Default 0 = a free port. */
  port?: number;
  /** Default 42. */
  seed?: number;
  /** Default 320 (>= 300 product pages); benchmarks raise it (2,000+). */
  products?: number;
  /** Default 12 (zh and en each). */
  newsPerLanguage?: number;
  /** Default false: when true, link the hostile /trap/ pages from the home page. */
  traps?: boolean;
}

export interface RequestLogEntry { method: string; path: string; status: number; at: number }

export interface DemoSite {
  /** e.g. http://127.0.0.1:34567/ (origin + '/'). */
  url: string;
  port: number;
  /** Ground truth; updated in place by mutate() (removed products leave `products`). */
  catalog: DemoCatalog;
  /**
   * Outgoing in-site links (absolute, deduplicated, robots-disallowed targets included) of every
   * page reachable from the home page, as served now. Key = absolute page URL. Disallowed pages
   * and trap pages are keys too; non-HTML or never-ending targets map to [].
   */
  linkGraph(): Map<string, string[]>;
  /** Robots-disallowed path prefixes. */
  disallowed: string[];
  mutate(opts: { priceChangeRatio: number; removeRatio: number; seed?: number }): { changed: string[]; removed: string[] };
  /** The second shop's home page (`/s2/`): table layouts, labelled reviews, "more" buttons (not linked from the first shop). */
  shop2Url: string;
  /** The second shop's ground truth. */
  shop2: Shop2Catalog;
  /** Every request served, in order; `path` includes the query string. */
  requestLog(): RequestLogEntry[];
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;

function encodeBody(reply: Reply): Buffer {
  if (Buffer.isBuffer(reply.body)) return reply.body;
  return reply.gbk ? iconv.encode(reply.body, 'gbk') : Buffer.from(reply.body, 'utf8');
}

function contentTypeHeader(reply: Reply): string {
  if (!reply.charsetHeader) return reply.contentType;
  return `${reply.contentType}; charset=${reply.gbk ? 'GBK' : 'utf-8'}`;
}

/** RFC 9110: If-None-Match wins over If-Modified-Since. */
function notModified(req: http.IncomingMessage, etag: string, lastModified: number): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    return inm.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined) {
    const t = Date.parse(ims);
    return !Number.isNaN(t) && lastModified <= t;
  }
  return false;
}

function validateOptions(opts: DemoSiteOptions): void {
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)) {
    throw new Error(`demo site option port must be an integer 0-65535, got ${opts.port}`);
  }
}

export async function startDemoSite(opts: DemoSiteOptions = {}): Promise<DemoSite> {
  validateOptions(opts);
  const state = new SiteState({ seed: opts.seed, products: opts.products, newsPerLanguage: opts.newsPerLanguage });
  const ctx: RouteContext = { state, traps: opts.traps ?? false };
  const shop2 = new Shop2Site(buildShop2Catalog(opts.seed ?? 7));
  const log: RequestLogEntry[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const rawPath = req.url ?? '/';
    let reply: Reply;
    try {
      const u = new URL(rawPath, 'http://demo.invalid');
      reply = method === 'GET' || method === 'HEAD'
        ? shop2.route(u.pathname, u.searchParams) ?? route(ctx, u.pathname, u.searchParams)
        : { status: 405, contentType: 'text/plain', body: 'method not allowed', headers: { allow: 'GET, HEAD' } };
    } catch (err) {
      reply = { status: 500, contentType: 'text/plain', body: `demo site error: ${err instanceof Error ? err.message : String(err)}` };
    }
    const body = encodeBody(reply);
    const headers: Record<string, string> = { 'content-type': contentTypeHeader(reply), server: 'nginx', ...reply.headers };
    let status = reply.status;
    if (reply.lastModified !== undefined && status === 200) {
      const etag = etagOf(body);
      headers.etag = etag;
      headers['last-modified'] = new Date(reply.lastModified).toUTCString();
      headers['cache-control'] = 'no-cache';
      if (notModified(req, etag, reply.lastModified)) status = 304;
    }
    log.push({ method, path: rawPath, status, at: Date.now() });
    if (reply.hang) {
      // Never ends: headers (and maybe a partial body) then silence until close().
      res.writeHead(status, headers);
      res.write(body);
      return;
    }
    if (status === 304) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(method === 'HEAD' ? undefined : body);
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  const linkGraph = (): Map<string, string[]> => {
    const graph = new Map<string, string[]>();
    const queue = [`${origin}/`];
    const seen = new Set(queue);
    while (queue.length) {
      const pageUrl = queue.shift()!;
      const u = new URL(pageUrl);
      let links: string[] = [];
      if (!TRAP_PATHS.includes(u.pathname) && !u.pathname.startsWith('/trap/')) {
        const reply = route(ctx, u.pathname, u.searchParams);
        if (reply.status === 200 && reply.contentType === 'text/html' && typeof reply.body === 'string') links = extractLinks(reply.body, pageUrl);
      }
      graph.set(pageUrl, links);
      for (const l of links) if (!seen.has(l)) { seen.add(l); queue.push(l); }
    }
    return graph;
  };

  return {
    url: `${origin}/`,
    port,
    catalog: state.catalog,
    linkGraph,
    disallowed: [...DISALLOWED],
    shop2Url: `${origin}/s2/`,
    shop2: shop2.catalog,
    mutate: (m) => state.mutate(m),
    requestLog: () => log.slice(),
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
