/** Per-template replay figures, as the crawl summary prints them for one URL template. */
export interface ReplayFigures {
  rendered: number;
  replayed: number;
  rechecks: number;
  mismatches: number;
}

/** The summary's "Replay by page template" line for the demo shops' item pages (`/item/*.htm`), or null. */
export function itemReplayLine(stdout: string): ReplayFigures | null {
  const m = /\/item\/\*\.htm\s+rendered (\d+), replayed (\d+) \(\d+ data requests\), re-checks (\d+), mismatches (\d+)/.exec(stdout);
  return m ? { rendered: +m[1]!, replayed: +m[2]!, rechecks: +m[3]!, mismatches: +m[4]! } : null;
}
