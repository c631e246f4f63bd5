/** Never slower than one page per this many ms, however much a host blocks. */
const MAX_DELAY_MS = 30_000;
/** A blocking host is slowed to at least one page a second. */
const MIN_BLOCKED_DELAY_MS = 1_000;
/** Pages answered in a row before the delay is halved again. */
const CALM_AFTER = 5;

/** What a host's blocking did to its pace (shown in progress and the summary). */
export interface HostSlowdown {
  blocks: number;
  /** The slowest pace it was put to. */
  maxDelayMs: number;
  /** Its pace now (back to the configured delay once it stopped blocking). */
  delayMs: number;
}

interface HostState extends HostSlowdown {
  notBefore: number;
  answeredInRow: number;
}

/**
 * Per-host back-off: a block doubles the host's delay between requests (at least 1 s, at most
 * 30 s) and honours Retry-After; pages answered normally halve it again, down to the
 * configured delay. HostGate asks it for each host's delay and earliest start.
 */
export class HostBackoff {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    /** The configured delay (--host-delay): the floor it returns to. */
    private readonly baseDelayMs: number,
    /** Shared with the stats so progress and summary show it. */
    readonly slowed: Map<string, HostSlowdown> = new Map(),
  ) {}

  delayMs(host: string): number {
    return this.hosts.get(host)?.delayMs ?? this.baseDelayMs;
  }

  /** Earliest start of the host's next request (Retry-After). */
  notBefore(host: string): number {
    return this.hosts.get(host)?.notBefore ?? 0;
  }

  blocked(host: string, retryAfterMs: number | null = null): void {
    const h = this.state(host);
    h.blocks++;
    h.answeredInRow = 0;
    h.delayMs = Math.min(MAX_DELAY_MS, Math.max(this.baseDelayMs, MIN_BLOCKED_DELAY_MS, h.delayMs * 2));
    h.maxDelayMs = Math.max(h.maxDelayMs, h.delayMs);
    if (retryAfterMs !== null) this.holdOff(host, retryAfterMs);
  }

  /** Nothing starts on the host for `ms` (a Retry-After read as soon as it is answered). */
  holdOff(host: string, ms: number): void {
    const h = this.state(host);
    h.notBefore = Math.max(h.notBefore, Date.now() + ms);
  }

  answered(host: string): void {
    const h = this.hosts.get(host);
    if (!h || h.delayMs <= this.baseDelayMs) return;
    if (++h.answeredInRow >= CALM_AFTER) {
      h.answeredInRow = 0;
      h.delayMs = Math.max(this.baseDelayMs, Math.floor(h.delayMs / 2));
    }
  }

  private state(host: string): HostState {
    let h = this.hosts.get(host);
    if (!h) {
      h = { blocks: 0, maxDelayMs: this.baseDelayMs, delayMs: this.baseDelayMs, notBefore: 0, answeredInRow: 0 };
      this.hosts.set(host, h);
      this.slowed.set(host, h);
    }
    return h;
  }
}

/** "1 page / 4 s", "1 page / 0.5 s", "no delay". */
export function formatPace(delayMs: number): string {
  if (delayMs <= 0) return 'no delay';
  return `1 page / ${Number((delayMs / 1000).toFixed(1))} s`;
}

/** "host X: slowed to 1 page / 4 s after 12 blocks (now 1 page / 1 s)". */
export function describeSlowdown(host: string, s: HostSlowdown): string {
  const now = s.delayMs < s.maxDelayMs ? ` (now ${formatPace(s.delayMs)})` : '';
  return `host ${host}: slowed to ${formatPace(s.maxDelayMs)} after ${s.blocks} block${s.blocks === 1 ? '' : 's'}${now}`;
}
