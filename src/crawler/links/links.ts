import type { Scope } from '../crawl-options';
import { inScope } from './scope';

export type LinkVerdict = { ok: true; url: URL } | { ok: false; reason: 'malformed-url' | 'scheme' | 'out-of-scope' };

/**
 * First checks on a discovered link: parses it against the page URL, keeps http(s) only,
 * drops the fragment and applies the crawl scope. Robots, depth and dedup come after.
 */
export function checkLink(href: string, base: string, starts: URL[], scope: Scope): LinkVerdict {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return { ok: false, reason: 'malformed-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  url.hash = '';
  if (!inScope(url, starts, scope)) return { ok: false, reason: 'out-of-scope' };
  return { ok: true, url };
}
