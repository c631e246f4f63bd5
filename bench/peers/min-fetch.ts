/**
 * The HTTP limit of this machine: global fetch (undici, keep-alive) + a regex link scan, N
 * concurrent over one BFS queue with a Set for dedup. No framework, storage or extraction.
 *   tsx bench/peers/min-fetch.ts --url URL --max-pages N --concurrency C [--seconds S]
 */
import { peerArgs, printResult, sameOrigin } from './peer-args';
import { runBfsPool } from './bfs-pool';

const args = peerArgs();
const origin = new URL(args.url).origin;
const HREF = /<a\s[^>]*?href\s*=\s*["']([^"']*)["']/gi;

const r = await runBfsPool({
  start: args.url,
  maxPages: args.maxPages,
  concurrency: args.concurrency,
  deadline: Date.now() + args.seconds * 1000,
  async visit(url) {
    const res = await fetch(url);
    const html = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (!/html/i.test(res.headers.get('content-type') ?? '')) return [];
    const links: string[] = [];
    for (const m of html.matchAll(HREF)) {
      const abs = sameOrigin(m[1]!, res.url || url, origin);
      if (abs !== null) links.push(abs);
    }
    return links;
  },
});
printResult(r);
