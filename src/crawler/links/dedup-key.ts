import { normalizeUrl } from '../../dedup/normalize-url';

/** The key a URL is deduplicated by: its normalised form (tracking parameters, fragment… dropped). */
export function dedupKey(url: URL): string {
  const n = normalizeUrl(url.href);
  return n.url ?? url.href;
}
