/**
 * The exact page limit. A page takes a slot before it is fetched (first attempt only, so
 * retries do not count twice); when no slot is left the crawl takes no new pages.
 * Shared by all workers of a task when backed by Redis (see src/queue/), local otherwise.
 */
export interface PageBudget {
  readonly limit: number | null;
  /** Takes one slot; false when the limit is reached. */
  reserve(): Promise<boolean>;
  /** Gives back a slot that was taken but not used (the page was never fetched). */
  release(): Promise<void>;
  /** Slots taken so far over the whole task. */
  used(): Promise<number>;
  /** Cheap check without taking a slot (may be slightly stale across workers). */
  isExhausted(): boolean;
}

export class LocalPageBudget implements PageBudget {
  constructor(
    readonly limit: number | null,
    private taken = 0,
  ) {}

  async reserve(): Promise<boolean> {
    if (this.limit !== null && this.taken >= this.limit) return false;
    this.taken++;
    return true;
  }

  async release(): Promise<void> {
    this.taken = Math.max(0, this.taken - 1);
  }

  async used(): Promise<number> {
    return this.taken;
  }

  isExhausted(): boolean {
    return this.limit !== null && this.taken >= this.limit;
  }
}
