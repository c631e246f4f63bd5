import type { HostBackoff } from './host-backoff';

/**
 * Per-host politeness inside one process: at most `concurrency` pages of a host in
 * flight and at least `delayMs` between the starts of two requests to it — or the host's
 * current pace from `backoff` while it blocks, and never before its Retry-After.
 * (Across processes the Redis queue enforces the delay; see src/queue/.)
 */
export class HostGate {
  private readonly hosts = new Map<string, { active: number; nextStart: number; waiters: Array<() => void> }>();

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: number,
    private readonly backoff: HostBackoff | null = null,
  ) {}

  async acquire(host: string): Promise<void> {
    const h = this.state(host);
    while (h.active >= this.concurrency) await new Promise<void>((r) => h.waiters.push(r));
    h.active++;
    let start = Math.max(Date.now(), h.nextStart, this.backoff?.notBefore(host) ?? 0);
    h.nextStart = start + (this.backoff?.delayMs(host) ?? this.delayMs);
    // A block may be answered while this request waits its turn (the page before it is read after
    // its host slot is released, in browser mode): its Retry-After holds for this request too.
    for (;;) {
      const wait = start - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const notBefore = this.backoff?.notBefore(host) ?? 0;
      if (notBefore <= Date.now()) return;
      start = notBefore;
      h.nextStart = Math.max(h.nextStart, start + (this.backoff?.delayMs(host) ?? this.delayMs));
    }
  }

  release(host: string): void {
    const h = this.state(host);
    h.active = Math.max(0, h.active - 1);
    h.waiters.shift()?.();
  }

  private state(host: string) {
    let h = this.hosts.get(host);
    if (!h) {
      h = { active: 0, nextStart: 0, waiters: [] };
      this.hosts.set(host, h);
    }
    return h;
  }
}
