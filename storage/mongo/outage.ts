import mongoose from 'mongoose';
import { StorageUnavailableError } from '../errors';

/**
 * A MongoDB server that goes away mid-crawl (restart, fail-over, network cut) must not cost
 * pages: a save waits and tries again, with a message, as the Redis connection does
 * (src/queue/redis-connection.ts), and only after `maxWaitMs` gives up with a
 * StorageUnavailableError (the crawler's "not stored": the page is not marked done).
 * Trying a save again is safe: every write of a save is idempotent or guarded (see writes.ts).
 */

const driver = mongoose.mongo;

/**
 * Server error codes that mean "this server cannot take the operation right now", from the
 * MongoDB manual's error codes: HostUnreachable 6, HostNotFound 7, NetworkTimeout 89,
 * ShutdownInProgress 91, PrimarySteppedDown 189, SocketException 9001, NotWritablePrimary 10107,
 * InterruptedAtShutdown 11600, InterruptedDueToReplStateChange 11602, NotPrimaryNoSecondaryOk
 * 13435, NotPrimaryOrSecondary 13436, ExceededTimeLimit 262.
 */
const GONE_CODES = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/** True when the error says the server (or the way to it) is gone for now, not that the request is wrong. */
export function isServerGone(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (
    err instanceof driver.MongoNetworkError || // includes MongoNetworkTimeoutError
    err instanceof driver.MongoServerSelectionError ||
    err instanceof driver.MongoNotConnectedError ||
    err instanceof driver.MongoServerClosedError
  ) return true;
  const e = err as Error & { code?: unknown; hasErrorLabel?: (l: string) => boolean; errorLabels?: string[] };
  if (typeof e.hasErrorLabel === 'function' && (e.hasErrorLabel('RetryableWriteError') || e.hasErrorLabel('ResetPool'))) return true;
  if (typeof e.code === 'number' && GONE_CODES.has(e.code)) return true;
  // Pool cleared after a network error (PoolClearedOnNetworkError has no class of its own in every driver version).
  return /^PoolCleared/.test(e.name);
}

export interface OutageOptions {
  /** Give up after the server has been gone this long. Default 600,000 ms (10 minutes). */
  maxWaitMs?: number;
  /** Pause between two tries. Default 1000 ms (each try also waits up to serverSelectionTimeoutMS). */
  retryEveryMs?: number;
  /** Where the waiting is said. Default: a line on stderr. */
  log?: (line: string) => void;
  /** The server, as shown in messages (no password). */
  where: string;
  /**
   * Shared by the saves of one connection, so a crawl with 8 pages in flight says "not
   * answering" and "answers again" once, not 8 times. Default: this call's own.
   */
  state?: { down: boolean };
}

export const DEFAULT_OUTAGE_WAIT_MS = 600_000;

const stderrLine = (line: string) => void process.stderr.write(`${line}\n`);

/**
 * Runs `fn`; while it fails because the server is gone, says so once, waits and runs it again
 * (the whole of `fn`: its reads are redone too). Gives up after `maxWaitMs` with a
 * StorageUnavailableError; says when the server answers again. Other errors pass through.
 */
export async function whileServerGone<T>(fn: () => Promise<T>, opts: OutageOptions): Promise<T> {
  const maxWait = opts.maxWaitMs ?? DEFAULT_OUTAGE_WAIT_MS;
  const pause = opts.retryEveryMs ?? 1000;
  const log = opts.log ?? stderrLine;
  const state = opts.state ?? { down: false };
  let since = 0;
  let tries = 0;
  for (;;) {
    try {
      const out = await fn();
      if (since && state.down) {
        state.down = false;
        log(`MongoDB at ${opts.where} answers again after ${Math.round((Date.now() - since) / 1000)} s; saving goes on`);
      }
      return out;
    } catch (err) {
      if (!isServerGone(err)) throw err;
      const reason = (err as Error).message.split('\n')[0];
      tries++;
      if (!since) since = Date.now();
      if (!state.down) {
        state.down = true;
        log(`MongoDB at ${opts.where} is not answering (${reason}); waiting for it and trying again for up to ${Math.round(maxWait / 1000)} s`);
      }
      const waited = Date.now() - since;
      if (waited >= maxWait) {
        throw new StorageUnavailableError(`MongoDB at ${opts.where} did not answer for ${Math.round(waited / 1000)} s (${tries} tries; last: ${reason}); this save did not complete`);
      }
      await new Promise((r) => setTimeout(r, Math.min(pause, Math.max(0, maxWait - waited))));
    }
  }
}
