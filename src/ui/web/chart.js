// A commodity's price history as a step chart (uPlot): list price and sale price over time.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { html } from './html.js';

export function PriceChart({ history, currency }) {
  const box = useRef(null);
  useEffect(() => {
    if (!box.current || !history?.length) return;
    const points = [...history].sort((a, b) => new Date(a.at) - new Date(b.at));
    // A price holds until the next change: extend the last one to now so a single sighting is a line.
    const xs = points.map((p) => new Date(p.at).getTime() / 1000);
    const now = Date.now() / 1000;
    const last = points[points.length - 1];
    if (now > xs[xs.length - 1] + 1) {
      xs.push(now);
      points.push(last);
    }
    const price = points.map((p) => (typeof p.price === 'number' ? p.price : null));
    const sale = points.map((p) => (typeof p.salePrice === 'number' ? p.salePrice : null));
    const width = Math.max(280, Math.min(box.current.clientWidth || 800, 1100));
    const unit = currency ? ` (${currency})` : '';
    const plot = new uPlot(
      {
        width,
        height: 280,
        title: 'Price history',
        scales: { x: { time: true } },
        series: [
          {},
          { label: `price${unit}`, stroke: '#2563eb', width: 2, paths: uPlot.paths.stepped({ align: 1 }), points: { show: true, size: 6 } },
          { label: `sale price${unit}`, stroke: '#dc2626', width: 2, paths: uPlot.paths.stepped({ align: 1 }), points: { show: true, size: 6 } },
        ],
        axes: [{}, { size: 70 }],
      },
      [xs, price, sale],
      box.current,
    );
    return () => plot.destroy();
  }, [history, currency]);
  if (!history?.length) return html`<p class="hint">No price history.</p>`;
  return html`<div class="chart" ref=${box} aria-label="price history chart"></div>`;
}
