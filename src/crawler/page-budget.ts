/**
 * The exact page limit. A page takes a slot before it is fetched (first attempt only, so
 * retries do not count twice); when no slot is left the crawl takes no new pages.
 * Shared by all workers of a task when backed by Redis (see src/queue/), local otherwise.
 */
export interface PageBudget {
  readonly limit: number | null;
  /**
   * Takes one slot; false when the limit is reached. `key` names what takes it (a request's id):
   * a local budget keeps it with the queue so that a resume after a crash counts it.
   */
  reserve(key?: string): Promise<boolean>;
  /** Gives back a slot that was taken but not used (the page was never fetched). */
  release(key?: string): Promise<void>;
  /** Slots taken so far over the whole task. */
  used(): Promise<number>;
  /** Cheap check without taking a slot (may be slightly stale across workers). */
  isExhausted(): boolean;
}

/** Where a local budget keeps its slots (the queue journal: see src/queue/queue-journal.ts). */
export interface SlotLedger {
  takeSlot(key: string): Promise<void>;
  giveBackSlot(key: string): void;
}

export class LocalPageBudget implements PageBudget {
  private anonymous = 0;

  constructor(
    readonly limit: number | null,
    private taken = 0,
    /** Default none: the count lives in memory only (and in state.json at checkpoints). */
    private readonly ledger: SlotLedger | null = null,
  ) {}

  async reserve(key?: string): Promise<boolean> {
    if (this.limit !== null && this.taken >= this.limit) return false;
    this.taken++;
    // On disk before the page is fetched: a SIGKILL right after cannot hand the slot out twice.
    await this.ledger?.takeSlot(key ?? `slot:${process.pid}:${Date.now()}:${this.anonymous++}`);
    return true;
  }

  async release(key?: string): Promise<void> {
    this.taken = Math.max(0, this.taken - 1);
    if (key !== undefined) this.ledger?.giveBackSlot(key);
  }

  async used(): Promise<number> {
    return this.taken;
  }

  isExhausted(): boolean {
    return this.limit !== null && this.taken >= this.limit;
  }
}
