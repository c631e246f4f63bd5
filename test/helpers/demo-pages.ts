import type { DemoSite } from '../../src/demo-site/server';

/** HTML pages the crawler fetched from the demo site: no API calls, assets or robots.txt. */
export function pageRequests(site: DemoSite): string[] {
  return site
    .requestLog()
    .filter((e) => e.method === 'GET' && !/^\/(api|img|static)\//.test(e.path) && e.path !== '/robots.txt')
    .map((e) => e.path);
}

/** Pages reachable from the home page within `maxDepth` links, honouring robots.txt. */
export function pagesWithinDepth(site: DemoSite, maxDepth: number): Set<string> {
  const graph = site.linkGraph();
  const allowed = (u: string) => !site.disallowed.some((p) => new URL(u).pathname.startsWith(p));
  const seen = new Set<string>([site.url]);
  let frontier = [site.url];
  for (let d = 0; d < maxDepth; d++) {
    const next: string[] = [];
    for (const u of frontier) {
      for (const v of graph.get(u) ?? []) {
        if (!seen.has(v) && allowed(v)) {
          seen.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return new Set([...seen].map((u) => new URL(u).pathname + new URL(u).search));
}
