export interface RankOptions {
  /** Damping factor (default 0.85). */
  damping?: number;
  /** Iterations at most (default 40); stops earlier once scores move less than 1e-6. */
  iterations?: number;
  /** Teleport distribution (a prior over nodes); uniform when omitted. */
  prior?: readonly number[];
}

/**
 * Weighted PageRank over an undirected graph given as an adjacency list of [neighbour, weight].
 * Deterministic: same graph, same scores.
 */
export function pageRank(edges: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, opts: RankOptions = {}): number[] {
  const n = edges.length;
  if (n === 0) return [];
  const d = opts.damping ?? 0.85;
  const iterations = opts.iterations ?? 40;
  const priorRaw = opts.prior ?? new Array<number>(n).fill(1);
  const priorSum = priorRaw.reduce((a, b) => a + b, 0) || 1;
  const prior = Float64Array.from(priorRaw, (p) => p / priorSum);
  // The graph as flat arrays (same order as the lists): the iterations run in typed arrays.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + edges[i].length;
  const to = new Int32Array(start[n]);
  const weight = new Float64Array(start[n]);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let k = start[i];
    for (const [j, w] of edges[i]) {
      to[k] = j;
      weight[k++] = w;
      sum += w;
    }
    outWeight[i] = sum;
  }
  let score = prior.slice();
  let next = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < n; i++) next[i] = (1 - d) * prior[i];
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) {
        dangling += score[i];
        continue;
      }
      for (let k = start[i]; k < start[i + 1]; k++) next[to[k]] += (d * score[i] * weight[k]) / outWeight[i];
    }
    // Nodes without edges give their rank back through the prior.
    for (let i = 0; i < n; i++) next[i] += d * dangling * prior[i];
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i] - score[i]);
    [score, next] = [next, score];
    if (delta < 1e-6) break;
  }
  return Array.from(score);
}

/** TextRank over terms: co-occurrence within `window` positions links two keys. */
export function termRank(keys: readonly string[], window = 5): Map<string, number> {
  const index = new Map<string, number>();
  for (const k of keys) if (!index.has(k)) index.set(k, index.size);
  const weights: Array<Map<number, number>> = Array.from({ length: index.size }, () => new Map());
  for (let i = 0; i < keys.length; i++) {
    const a = index.get(keys[i])!;
    for (let j = i + 1; j < Math.min(keys.length, i + window); j++) {
      const b = index.get(keys[j])!;
      if (a === b) continue;
      weights[a].set(b, (weights[a].get(b) ?? 0) + 1);
      weights[b].set(a, (weights[b].get(a) ?? 0) + 1);
    }
  }
  const ranks = pageRank(weights.map((m) => Array.from(m.entries())));
  const out = new Map<string, number>();
  for (const [k, i] of index) out.set(k, ranks[i]);
  return out;
}
