import type { Page, Request, Response } from 'playwright';
import type { CapturedJson } from '../../extractors/types';

const MAX_JSON_BYTES = 2 * 1024 * 1024;
const MAX_CAPTURED = 20;

/**
 * Watches one page while it renders: keeps the JSON bodies its scripts fetch (prices and
 * reviews often arrive that way) and knows when no XHR/fetch is in flight any more.
 */
export class PageCapture {
  readonly json: CapturedJson[] = [];
  private inFlight = 0;
  private readonly reads: Promise<void>[] = [];

  private readonly onRequest = (req: Request) => {
    if (isScriptFetch(req.resourceType())) this.inFlight++;
  };
  private readonly onDone = (req: Request) => {
    if (isScriptFetch(req.resourceType())) this.inFlight = Math.max(0, this.inFlight - 1);
  };
  private readonly onResponseEvent = (res: Response) => this.onResponse(res);

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onDone);
    page.on('requestfailed', this.onDone);
    page.on('response', this.onResponseEvent);
  }

  /** Stops watching (the page may be reused for another request). */
  detach(): void {
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onDone);
    this.page.off('requestfailed', this.onDone);
    this.page.off('response', this.onResponseEvent);
  }

  /** Resolves when scripts have no fetch in flight (or after `maxWaitMs`), bodies read. */
  async settle(maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 15));
    await Promise.race([Promise.allSettled(this.reads), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  }

  private onResponse(res: Response): void {
    const req = res.request();
    if (!isScriptFetch(req.resourceType()) || this.json.length >= MAX_CAPTURED) return;
    const type = res.headers()['content-type'] ?? '';
    if (!/json/i.test(type)) return;
    this.reads.push(
      res
        .body()
        .then((buf) => {
          if (buf.length > MAX_JSON_BYTES) return;
          this.json.push({ url: res.url(), body: JSON.parse(buf.toString('utf8')) });
        })
        .catch(() => undefined),
    );
  }
}

function isScriptFetch(type: string): boolean {
  return type === 'xhr' || type === 'fetch';
}
