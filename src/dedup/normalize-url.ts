/**
 * URL normalisation for de-duplication: two links that fetch the same page should map to one
 * key. Built on the WHATWG URL parser (Node's `URL`), which already lowercases scheme and host,
 * drops default ports, resolves dot segments and punycodes hosts; we add the dedup-specific
 * rules on top. Never throws: a bad link is a value, not an exception, so one page's junk links
 * cannot crash a crawl.
 */

export type NormalizeResult = { url: string; reason?: undefined } | { url: null; reason: string };

export interface NormalizeOptions {
  /** Query parameters removed because they only track the visitor. Names are lowercase; a
   *  trailing `*` matches a prefix. Default {@link DEFAULT_TRACKING_PARAMS}. */
  trackingParams?: readonly string[];
  /** Longest URL accepted, in characters. Default 65 536 (10 kB URLs are real and must pass). */
  maxLength?: number;
}

export const DEFAULT_TRACKING_PARAMS: readonly string[] = [
  'utm_*', 'spm', 'scm', 'gclid', 'dclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'yclid',
  'igshid', 'mc_cid', 'mc_eid', '_hsenc', '_hsmkt', 'ref_src', '_ga', '_gl',
];

const DEFAULT_MAX_LENGTH = 65_536;

function isTracking(name: string, patterns: readonly string[]): boolean {
  const n = name.toLowerCase();
  for (const p of patterns) {
    if (p.endsWith('*') ? n.startsWith(p.slice(0, -1)) : n === p) return true;
  }
  return false;
}

/**
 * Returns the normalised URL, or `{ url: null, reason }` naming why the input was rejected
 * (malformed, not http(s), no host, too long).
 */
export function normalizeUrl(input: unknown, opts: NormalizeOptions = {}): NormalizeResult {
  const maxLength = opts.maxLength ?? DEFAULT_MAX_LENGTH;
  const tracking = opts.trackingParams ?? DEFAULT_TRACKING_PARAMS;
  if (typeof input !== 'string') return { url: null, reason: `not a string (${typeof input})` };
  const raw = input.trim();
  if (raw === '') return { url: null, reason: 'empty URL' };
  if (raw.length > maxLength) {
    return { url: null, reason: `URL too long (${raw.length} characters, at most ${maxLength})` };
  }
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { url: null, reason: `malformed URL: ${raw.slice(0, 80)}` };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { url: null, reason: `unsupported scheme "${u.protocol.replace(/:$/, '')}" (only http and https)` };
  }
  if (!u.hostname) return { url: null, reason: 'URL has no host' };
  u.hash = '';
  u.username = '';
  u.password = '';
  // Trailing dot in a host name ("example.com.") names the same host.
  if (u.hostname.endsWith('.')) u.hostname = u.hostname.replace(/\.+$/, '');
  const kept = [...u.searchParams].filter(([k]) => !isTracking(k, tracking));
  // Sort by name then value so parameter order does not create a new key.
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  // Assigning '' also drops a bare trailing "?".
  u.search = kept.length ? new URLSearchParams(kept).toString() : '';
  return { url: u.toString() };
}

/** The host part used for per-host scheduling (lowercase, without port). */
export function hostOf(normalizedUrl: string): string {
  try {
    return new URL(normalizedUrl).hostname;
  } catch {
    return '';
  }
}
