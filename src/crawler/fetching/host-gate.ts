/**
 * Per-host politeness inside one process: at most `concurrency` pages of a host in
 * flight and at least `delayMs` between the starts of two requests to it.
 * (Across processes the Redis queue enforces the delay; see src/queue/.)
 */
export class HostGate {
  private readonly hosts = new Map<string, { active: number; nextStart: number; waiters: Array<() => void> }>();

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: number,
  ) {}

  async acquire(host: string): Promise<void> {
    const h = this.state(host);
    while (h.active >= this.concurrency) await new Promise<void>((r) => h.waiters.push(r));
    h.active++;
    const now = Date.now();
    const wait = h.nextStart - now;
    h.nextStart = Math.max(now, h.nextStart) + this.delayMs;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
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
