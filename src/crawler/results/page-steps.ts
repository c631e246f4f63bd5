import type { Request } from 'crawlee';
import type { PageResult, PageType } from '../../../extractors/types';
import type { FailureLog, FailureReason } from './failures';
import { classifyError } from './failures';
import type { PageMeta, PageSink } from './page-sink';
import type { CrawlStats } from './progress';

/**
 * Steps every fetching engine (browser, HTTP) takes the same way, so that a page's budget
 * slot, failure reason, retries and hand-off to storage mean the same in every mode.
 */

/** Reasons that will not change on a retry. */
export const FINAL_REASONS = new Set<FailureReason>(['non-html', 'redirect-loop', 'robots', 'too-large', 'scheme', 'out-of-scope']);

/** Thrown when no page slot is left: not an attempt, so the request goes back unhandled. */
export class OverBudget extends Error {
  constructor() {
    super('page limit reached before this page was fetched');
  }
}

/** An error that marks its request as not worth retrying, optionally with its reason. */
export function finalError(message: string, request: Request, reason?: FailureReason): Error {
  request.noRetry = true;
  return reasonedError(message, reason);
}

export function reasonedError(message: string, reason?: FailureReason): Error {
  const err = new Error(message) as Error & { reason?: FailureReason };
  if (reason) err.reason = reason;
  return err;
}

export function reasonOf(error: Error): FailureReason {
  return (error as { reason?: FailureReason }).reason ?? classifyError(error.message);
}

/** Back-off before a retry: 0.5 s, 1 s, 2 s … capped at 10 s. */
export function retryDelayMs(retryCount: number): number {
  return retryCount > 0 ? Math.min(10_000, 500 * 2 ** (retryCount - 1)) : 0;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface FinishDeps {
  sink: PageSink;
  stats: CrawlStats;
  failures: FailureLog;
}

export function recordFailure(failures: FailureLog, request: Request, reason: FailureReason, message: string): void {
  failures.record({ url: request.url, reason, message, retries: request.retryCount, depth: Number(request.userData.depth ?? 0) });
}

/**
 * The end of a fetched page: its extraction result goes to the sink and is counted; a failed
 * extraction or store is recorded against the page but never fails the crawl. The page
 * counts as done either way (it was fetched).
 */
export async function finishPage(deps: FinishDeps, request: Request, extracted: { result: PageResult } | { error: unknown }, meta: PageMeta): Promise<PageType> {
  let pageType: PageType = 'other';
  if ('result' in extracted) {
    pageType = extracted.result.pageType;
    try {
      const outcome = await deps.sink.save(extracted.result, meta);
      for (const [table, n] of Object.entries(outcome.written)) deps.stats.addRecords(table, n);
      deps.stats.recordsRejected += outcome.rejected.length;
      // Never a silent drop: each record the schema refused is logged against its page, field named.
      for (const r of outcome.rejected) recordFailure(deps.failures, request, 'schema-rejected', `${r.table}.${r.field}: ${r.message}`);
      deps.stats.recordsNew += outcome.inserted;
      deps.stats.recordsChanged += outcome.updated;
      deps.stats.recordsUnchanged += outcome.unchanged;
    } catch (err) {
      recordFailure(deps.failures, request, 'store-error', errorMessage(err));
    }
  } else {
    recordFailure(deps.failures, request, 'extract-error', errorMessage(extracted.error));
  }
  deps.stats.addPage(pageType);
  return pageType;
}
