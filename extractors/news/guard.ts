/**
 * Runs one heuristic; a failure loses only that heuristic's field, never the page.
 * Extraction must never throw (one odd page must not stop a crawl).
 */
export function guard<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
