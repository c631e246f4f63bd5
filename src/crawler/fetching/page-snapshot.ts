import type { Page } from 'playwright';

export interface PageSnapshot {
  /** The rendered document as `page.content()` gives it: doctype + `<html>…</html>`. */
  html: string;
  /** Every `<a href>` value, as written. */
  hrefs: string[];
}

/**
 * The rendered page's HTML and links in one evaluation, after letting the page's own scripts
 * run for `settleMs` (to render what their fetches returned).
 *
 * Not `page.content()` + `page.$$eval()`: each of those first injects Playwright's selector
 * engine into a fresh document (one into the utility world, one into the main world: a large
 * script sent over the protocol and compiled by the renderer, per page), which was the
 * largest single cost of a rendered page in this process.
 */
export async function snapshotPage(page: Page, settleMs = 20): Promise<PageSnapshot> {
  try {
    return await evaluateSnapshot(page, settleMs);
  } catch (err) {
    // A script navigated the page (a JS redirect) under the evaluation: read the new document once it has loaded.
    if (!/context was destroyed|navigat/i.test(err instanceof Error ? err.message : String(err))) throw err;
    await page.waitForLoadState('load', { timeout: 5_000 }).catch(() => undefined);
    return evaluateSnapshot(page, settleMs);
  }
}

function evaluateSnapshot(page: Page, settleMs: number): Promise<PageSnapshot> {
  return page.evaluate(async (wait) => {
    await new Promise((r) => setTimeout(r, wait));
    const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
    const root = document.documentElement;
    return {
      html: doctype + (root ? root.outerHTML : ''),
      hrefs: Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? ''),
    };
  }, settleMs);
}
