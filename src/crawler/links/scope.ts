import type { Scope } from '../crawl-options';

/**
 * The registrable part of a host, approximated without a public-suffix list:
 * the last two labels, or three when the second-level label is a generic one
 * (`news.sina.com.cn` → `sina.com.cn`, `item.jd.com` → `jd.com`). IPs stay whole.
 */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const second = labels[labels.length - 2]!;
  const generic = ['com', 'net', 'org', 'gov', 'edu', 'ac', 'co', 'or', 'ne', 'go'];
  const take = generic.includes(second) && labels[labels.length - 1]!.length === 2 ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Is `url` inside the crawl's scope, given the start URLs? */
export function inScope(url: URL, starts: URL[], scope: Scope): boolean {
  if (scope === 'any') return true;
  if (scope === 'same-domain') return starts.some((s) => s.hostname === url.hostname);
  const site = siteOf(url.hostname);
  return starts.some((s) => siteOf(s.hostname) === site);
}
