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
export const FINAL_REASONS = new Set<FailureReason>(['non-html', 'redirect-loop', 'robots', 'too-large', 'scheme', 'out-of-scope', 'too-much-memory', 'private-address']);

/** Thrown when no page slot is left: not an attempt, so the request goes back unhandled. */
export class OverBudget extends Error {
  constructor() {
    super('page limit reached before this page was fetched');
  }
}

/** 404 and 410: the page is gone, its records are marked so, and it is not retried. */
export function isGoneStatus(status: number): boolean {
  return status === 404 || status === 410;
}

/**
 * An error status (400 or more, not gone: see isGoneStatus) as every engine judges it: 401/403/429
 * blocked, retried in another session; any other an HTTP error.
 */
export function statusError(status: number): Error {
  return new Error(status === 401 || status === 403 || status === 429 ? `blocked: status code ${status}` : `HTTP ${status}`);
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
  /** Default none: store errors are then only per page. */
  storeHealth?: StoreHealth | null;
}

/**
 * A page whose records could not be stored: not done. It fails this attempt (so the queue keeps
 * it unless its retries run out, and a `--resume` fetches it again).
 */
export class StoreFailed extends Error {
  readonly reason: FailureReason = 'store-error';
  constructor(cause: unknown) {
    super(`records not stored: ${errorMessage(cause).split('\n')[0]}`);
  }
}

/** Store errors of one page that do not use up its attempts (the store's trouble, not the page's). */
const FREE_STORE_RETRIES = 5;

/**
 * Called from an engine's error handler: a page whose records could not be stored goes back to
 * the queue without using an attempt (a few times), so that it is not marked failed-and-handled
 * while the store is down, and a `--resume` after the crawl stopped fetches it again.
 */
export function keepUnstoredPage(request: Request, error: Error): void {
  if (!(error instanceof StoreFailed)) return;
  const n = Number(request.userData.storeErrors ?? 0) + 1;
  request.userData.storeErrors = n;
  if (n <= FREE_STORE_RETRIES) request.retryCount -= 1;
}

/** Errors that say the store cannot take any write now (full, read-only, unavailable), whatever the page. */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  if (e?.name === 'StorageUnavailableError') return true;
  if (typeof e?.code === 'string' && /^(ENOSPC|EDQUOT|EROFS|EIO|SQLITE_FULL|SQLITE_READONLY|SQLITE_IOERR.*)$/.test(e.code)) return true;
  return /no space left|disk (is )?full|quota exceeded|read-only file system/i.test(String(e?.message ?? ''));
}

/**
 * Consecutive store errors: one is a page's problem, a few in a row mean the store itself
 * cannot take records (database gone), and crawling on would only fetch pages whose records
 * are lost. `onGiveUp` is called once when `limit` (default 3) is reached, or at once for an
 * error that says the store is full or read-only (a nearly full disk still takes small writes,
 * so errors need not come in a row).
 */
export class StoreHealth {
  private consecutive = 0;
  private gaveUp = false;

  constructor(
    private readonly onGiveUp: (err: unknown) => void,
    private readonly limit = 3,
  ) {}

  ok(): void {
    this.consecutive = 0;
  }

  failed(err: unknown): void {
    if ((++this.consecutive >= this.limit || isStoreUnavailable(err)) && !this.gaveUp) {
      this.gaveUp = true;
      this.onGiveUp(err);
    }
  }
}

/**
 * Pages that hold a budget slot and wait for a retry. When the page limit stops the crawl
 * they are never retried in this run: each is then recorded as a failure with its reason,
 * never left out of both the done count and failures.jsonl.
 */
export class RetryWaitList {
  private readonly waiting = new Map<string, { request: Request; message: string }>();

  waits(request: Request, error: Error): void {
    if (request.userData.slot === true) this.waiting.set(request.uniqueKey, { request, message: errorMessage(error).split('\n')[0]! });
  }

  settled(request: Request): void {
    this.waiting.delete(request.uniqueKey);
  }

  /**
   * An engine's error handler (an attempt failed; Crawlee retries unless told not to): a page
   * over the budget is put back without using an attempt, a final reason or a 4xx is not
   * retried, any other page waits for its retry; a page whose records were not stored does not
   * use up its attempts (keepUnstoredPage).
   */
  attemptFailed(request: Request, error: Error): void {
    if (error instanceof OverBudget) {
      // Not an attempt: Crawlee puts it back unhandled, so `--resume` with a higher limit still gets it.
      request.retryCount -= 1;
      return;
    }
    const reason = reasonOf(error);
    if (FINAL_REASONS.has(reason) || /^http-4/.test(reason)) request.noRetry = true;
    else this.waits(request, error);
    keepUnstoredPage(request, error);
  }

  /** An engine's failed-request handler (no attempt left): recorded once, with its reason. */
  pageFailed(request: Request, error: Error, deps: { failures: FailureLog; stats: CrawlStats }): void {
    this.settled(request);
    if (error instanceof OverBudget) return;
    recordFailure(deps.failures, request, reasonOf(error), errorMessage(error).split('\n')[0]!);
    deps.stats.pagesFailed++;
  }

  /** Records every page still waiting as `budget-exhausted-before-retry`; returns how many. */
  giveUp(deps: { failures: FailureLog; stats: CrawlStats }): number {
    for (const { request, message } of this.waiting.values()) {
      recordFailure(deps.failures, request, 'budget-exhausted-before-retry', `page limit reached before retry ${request.retryCount} (last error: ${message})`);
      deps.stats.pagesFailed++;
    }
    const n = this.waiting.size;
    this.waiting.clear();
    return n;
  }
}

export function recordFailure(failures: FailureLog, request: Request, reason: FailureReason, message: string): void {
  failures.record({ url: request.url, reason, message, retries: request.retryCount, depth: Number(request.userData.depth ?? 0) });
}

/**
 * The end of a fetched page: its extraction result goes to the sink and is counted; a failed
 * extraction is recorded against the page, which counts as done (it was fetched and read). A
 * failed store throws StoreFailed: the page is not done (see StoreHealth).
 */
export async function finishPage(deps: FinishDeps, request: Request, extracted: { result: PageResult } | { error: unknown }, meta: PageMeta): Promise<PageType> {
  let pageType: PageType = 'other';
  if ('result' in extracted) {
    pageType = extracted.result.pageType;
    let outcome;
    try {
      outcome = await deps.sink.save(extracted.result, meta);
    } catch (err) {
      deps.storeHealth?.failed(err);
      throw new StoreFailed(err);
    }
    deps.storeHealth?.ok();
    for (const [table, n] of Object.entries(outcome.written)) deps.stats.addRecords(table, n);
    deps.stats.recordsRejected += outcome.rejected.length;
    // Never a silent drop: each record the schema refused is logged against its page, field named.
    for (const r of outcome.rejected) recordFailure(deps.failures, request, 'schema-rejected', `${r.table}.${r.field}: ${r.message}`);
    deps.stats.recordsNew += outcome.inserted;
    deps.stats.recordsChanged += outcome.updated;
    deps.stats.recordsUnchanged += outcome.unchanged;
  } else {
    recordFailure(deps.failures, request, 'extract-error', errorMessage(extracted.error));
  }
  deps.stats.addPage(pageType);
  return pageType;
}
