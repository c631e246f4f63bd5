/**
 * Command line shared by the bench/peers/*.ts crawlers:
 *   --url <start URL> --max-pages <n> --concurrency <c> [--seconds <s>]
 * Each peer prints one line `BENCH_RESULT {"pages":…,"errors":…}` on stdout at the end.
 */
export interface PeerArgs {
  url: string;
  maxPages: number;
  concurrency: number;
  /** Stop taking new pages after this long. Default 60. */
  seconds: number;
}

export function peerArgs(argv: string[] = process.argv.slice(2)): PeerArgs {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, dflt: number): number => {
    const raw = get(name);
    const v = raw === undefined ? dflt : Number(raw);
    if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
    return v;
  };
  const url = get('url');
  if (!url || !/^https?:\/\//.test(url)) throw new Error(`--url must be an http(s) URL, got ${url ?? 'nothing'}`);
  return { url, maxPages: Math.floor(num('max-pages', 500)), concurrency: Math.floor(num('concurrency', 8)), seconds: num('seconds', 60) };
}

export function printResult(r: { pages: number; errors: number }): void {
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(r)}\n`);
}

/** Same-origin, fragment-free absolute form of an href, or null. */
export function sameOrigin(href: string, base: string, origin: string): string | null {
  let u: URL;
  try {
    u = new URL(href.replace(/&amp;/g, '&'), base);
  } catch {
    return null;
  }
  if (u.origin !== origin) return null;
  u.hash = '';
  return u.href;
}
