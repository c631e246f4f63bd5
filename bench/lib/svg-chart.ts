/** One line of a chart: points (x = concurrency, y = pages/s). */
export interface Series {
  name: string;
  points: Array<[number, number]>;
  dashed?: boolean;
}

export interface Panel {
  title: string;
  series: Series[];
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#7f7f7f'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Throughput against concurrency as side-by-side polyline panels in plain SVG (no chart
 * library: a few lines of markup). x is log2 (concurrency 1, 4, 16 …), y is log10 (pages/s).
 */
export function throughputChart(panels: Panel[], caption: string): string {
  const W = 460;
  const H = 340;
  const M = { l: 60, r: 16, t: 36, b: 110 };
  const pw = W - M.l - M.r;
  const ph = H - M.t - M.b;
  const parts: string[] = [];
  panels.forEach((panel, pi) => {
    const ox = pi * W;
    const pts = panel.series.flatMap((s) => s.points);
    const xs = pts.map((p) => p[0]);
    const xMin = Math.log2(Math.max(1, Math.min(...xs, 1)));
    const xMax = Math.log2(Math.max(...xs, 2));
    // Log y: ours, the limits and the peers differ by orders of magnitude.
    const ys = pts.map((p) => p[1]).filter((y) => y > 0);
    const yLo = 10 ** Math.floor(Math.log10(Math.min(...ys, 1)));
    const yHi = 10 ** Math.ceil(Math.log10(Math.max(...ys, yLo * 10)));
    const X = (x: number) => ox + M.l + ((Math.log2(x) - xMin) / (xMax - xMin || 1)) * pw;
    const Y = (y: number) => M.t + ph - ((Math.log10(Math.max(y, yLo)) - Math.log10(yLo)) / (Math.log10(yHi) - Math.log10(yLo))) * ph;
    parts.push(`<text x="${ox + W / 2}" y="20" text-anchor="middle" font-weight="bold">${esc(panel.title)}</text>`);
    parts.push(`<rect x="${ox + M.l}" y="${M.t}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`);
    for (let v = yLo; v <= yHi * 1.001; v *= 10) {
      parts.push(`<line x1="${ox + M.l}" x2="${ox + M.l + pw}" y1="${Y(v)}" y2="${Y(v)}" stroke="#eee"/>`);
      parts.push(`<text x="${ox + M.l - 6}" y="${Y(v) + 4}" text-anchor="end" font-size="11">${+v.toPrecision(3)}</text>`);
    }
    for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
      parts.push(`<text x="${X(x)}" y="${M.t + ph + 16}" text-anchor="middle" font-size="11">${x}</text>`);
    }
    parts.push(`<text x="${ox + M.l + pw / 2}" y="${M.t + ph + 32}" text-anchor="middle" font-size="11">concurrency (pages in flight)</text>`);
    parts.push(`<text transform="translate(${ox + 14},${M.t + ph / 2}) rotate(-90)" text-anchor="middle" font-size="11">pages / s (log scale)</text>`);
    panel.series.forEach((s, si) => {
      const color = COLORS[si % COLORS.length];
      const sorted = [...s.points].sort((a, b) => a[0] - b[0]);
      const d = sorted.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(' ');
      parts.push(`<polyline points="${d}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5,4"' : ''}/>`);
      for (const [x, y] of sorted) parts.push(`<circle cx="${X(x).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3" fill="${color}"/>`);
      const ly = M.t + ph + 50 + si * 15;
      parts.push(`<line x1="${ox + M.l}" x2="${ox + M.l + 22}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5,4"' : ''}/>`);
      parts.push(`<text x="${ox + M.l + 28}" y="${ly}" font-size="11">${esc(s.name)}</text>`);
    });
  });
  const height = H + Math.max(0, Math.max(...panels.map((p) => p.series.length)) - 4) * 15;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W * panels.length}" height="${height + 20}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    ...parts,
    `<text x="8" y="${height + 12}" font-size="10" fill="#555">${esc(caption)}</text>`,
    `</svg>`,
  ].join('\n');
}
