import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a crawling process's heap grow past what it held after its last full
 * collection, in percent (V8's own rule, on a machine with memory to spare, is up to 300 %).
 * Measured on an HTTP crawl of the demo shop: the main thread holds 130–175 MB after a full
 * collection, almost all of it modules, and that barely moves (+2.3 MB from page 6,000 to 26,000),
 * yet its heap reached 460 MB before V8 collected: each page's body, HTML and results wait for
 * an extraction worker long enough to outlive the young generation, so what a crawl throws away
 * piles up in the old one. At 50 % a full collection comes about every few thousand pages, each
 * a fraction of a second, most of it on V8's helper threads.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Applies HEAP_GROWING_PERCENT to this process (V8 reads it at every full collection). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
