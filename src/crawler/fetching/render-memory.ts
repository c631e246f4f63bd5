/**
 * What adaptive mode learns per host and path pattern: once a few pages of a pattern needed
 * the browser and none did not, later pages of it go straight to the browser (no wasted
 * HTTP fetch). A pattern is the path with its numbers and long ids masked:
 * `/p/100046.html` and `/p/100050.html` are both `/p/*.html`.
 */
export class RenderMemory {
  private readonly patterns = new Map<string, { needed: number; notNeeded: number }>();

  /** `threshold`: pages of a pattern that must have needed the browser first. Default 2. */
  constructor(private readonly threshold = 2) {}

  prefersBrowser(url: string): boolean {
    const p = this.patterns.get(patternOf(url));
    return p !== undefined && p.needed >= this.threshold && p.notNeeded === 0;
  }

  learn(url: string, needed: boolean): void {
    const key = patternOf(url);
    const p = this.patterns.get(key) ?? { needed: 0, notNeeded: 0 };
    if (needed) p.needed++;
    else p.notNeeded++;
    this.patterns.set(key, p);
  }
}

export function patternOf(url: string): string {
  const u = new URL(url);
  const path = u.pathname
    .split('/')
    .map((seg) => seg.replace(/[0-9a-f]{16,}|\d+/gi, '*'))
    .join('/');
  const params = [...new URLSearchParams(u.search).keys()].sort().join('&');
  return `${u.host}${path}${params ? `?${params}` : ''}`;
}
