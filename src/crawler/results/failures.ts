import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type FailureReason =
  | `http-${number}`
  | 'timeout'
  | 'blocked'
  | 'robots'
  | 'redirect-loop'
  /** A redirect to a URL that is not http(s): file:, data:, javascript: … */
  | 'scheme'
  /** A redirect to a page outside the crawl's --scope. */
  | 'out-of-scope'
  | 'non-html'
  | 'too-large'
  | 'unreachable'
  | 'malformed-url'
  | 'extract-error'
  | 'store-error'
  /** The page limit was reached while the page waited for a retry: it will not be fetched again in this run. */
  | 'budget-exhausted-before-retry'
  /** The page's renderer crashed, most likely out of memory (scripts are capped per tab). */
  | 'too-much-memory'
  /** A request to a private or loopback address outside the scope of a crawl of a public site. */
  | 'private-address'
  | 'schema-rejected'
  | 'error';

export interface FailureRecord {
  url: string;
  reason: FailureReason;
  message: string;
  at: string;
  retries: number;
  depth: number | null;
}

/** Maps a navigation or handler error to the reason a user filters failures by. */
export function classifyError(message: string): FailureReason {
  if (/ERR_TOO_MANY_REDIRECTS|redirect loop|too many redirects/i.test(message)) return 'redirect-loop';
  if (/ERR_UNSAFE_REDIRECT|ERR_DISALLOWED_URL_SCHEME|redirect to a \w+: URL/i.test(message)) return 'scheme';
  if (/blocked|status code (401|403|429)\b|ERR_BLOCKED_BY/i.test(message)) return 'blocked';
  if (/timeout|timed out|ERR_TIMED_OUT/i.test(message)) return 'timeout';
  if (/Download is starting|not an HTML page|ERR_ABORTED/i.test(message)) return 'non-html';
  if (/ERR_NAME_NOT_RESOLVED|ERR_CONNECTION_(REFUSED|RESET|CLOSED)|ECONNREFUSED|ENOTFOUND|ERR_ADDRESS_UNREACHABLE|ERR_INTERNET_DISCONNECTED|ERR_EMPTY_RESPONSE|ERR_UNSAFE_PORT|EHOSTUNREACH|ENETUNREACH/i.test(message)) return 'unreachable';
  const http = /\bHTTP (\d{3})\b/.exec(message);
  if (http) return `http-${Number(http[1])}`;
  return 'error';
}

/** Failed pages of a task: one JSON line each in `failures.jsonl`, counted by reason. */
export class FailureLog {
  readonly byReason = new Map<FailureReason, number>();

  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
  }

  record(f: Omit<FailureRecord, 'at'>): void {
    const rec: FailureRecord = { ...f, at: new Date().toISOString() };
    this.byReason.set(f.reason, (this.byReason.get(f.reason) ?? 0) + 1);
    appendFileSync(this.file, JSON.stringify(rec) + '\n');
  }

  get total(): number {
    let n = 0;
    for (const v of this.byReason.values()) n += v;
    return n;
  }
}
