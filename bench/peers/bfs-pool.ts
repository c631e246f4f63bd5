/**
 * A tiny BFS work pool for the minimal "limit" loops: one FIFO queue, a Set for dedup,
 * `concurrency` workers, bounded by a page count and a deadline.
 */
export interface BfsPoolOptions {
  start: string;
  maxPages: number;
  concurrency: number;
  deadline: number;
  /** Fetches one URL and returns the absolute same-origin links found on it. */
  visit(url: string, worker: number): Promise<string[]>;
}

export async function runBfsPool(o: BfsPoolOptions): Promise<{ pages: number; errors: number }> {
  const queue: string[] = [o.start];
  const seen = new Set(queue);
  let taken = 0;
  let pages = 0;
  let errors = 0;
  let active = 0;
  let waiters: Array<() => void> = [];
  const wakeAll = () => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  // The benchmark stops a run with SIGINT: finish the pages in flight, then report.
  let interrupted = false;
  process.once('SIGINT', () => (interrupted = true));
  const done = () => interrupted || taken >= o.maxPages || Date.now() > o.deadline;

  async function worker(id: number): Promise<void> {
    while (!done()) {
      const url = queue.shift();
      if (url === undefined) {
        if (active === 0) return wakeAll();
        // Idle until a page in flight adds links or finishes.
        await new Promise<void>((r) => waiters.push(r));
        continue;
      }
      taken++;
      active++;
      try {
        for (const l of await o.visit(url, id)) {
          if (!seen.has(l)) {
            seen.add(l);
            queue.push(l);
          }
        }
        pages++;
      } catch (err) {
        errors++;
        // A few samples on stderr (the benchmark keeps it in the run's log).
        if (errors <= 5) process.stderr.write(`error on ${url}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
      } finally {
        active--;
        wakeAll();
      }
    }
    wakeAll();
  }

  await Promise.all(Array.from({ length: o.concurrency }, (_, i) => worker(i)));
  return { pages, errors };
}
