// Worker processes with their heartbeat, and the tasks' URL Bloom filters.
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { getJson } from './api.js';
import { usePoll } from './router.js';
import { ago, num, timeText } from './format.js';
import { StatusBadge } from './tasks.js';

export function SystemView() {
  const [d, setD] = useState(null);
  const [error, setError] = useState(null);
  usePoll(async () => {
    try {
      setD(await getJson('/api/system'));
      setError(null);
    } catch (e) {
      setError(e.message);
    }
  }, 5000, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!d) return html`<p class="loading">Loading…</p>`;
  return html`<section>
    <h1>Workers and Redis</h1>
    <p>Store: <b>${d.store.backend}</b> <code>${d.store.where}</code> · Redis: ${d.redis ? html`<code>${d.redis}</code>` : 'not used (REDIS_URL is not set)'}</p>
    <h2>Worker processes</h2>
    <div class="table-wrap"><table aria-label="workers"><thead><tr><th>Task</th><th>Host</th><th>PID</th><th>Status</th><th>Last heartbeat</th></tr></thead><tbody>
      ${d.workers.map((w) => html`<tr key=${`${w.task}|${w.host}|${w.pid}`}><td data-label="Task">${w.task}</td><td data-label="Host">${w.host}</td><td data-label="PID">${w.pid}</td><td data-label="Status"><${StatusBadge} status=${w.status} /></td><td data-label="Heartbeat">${timeText(w.lastHeartbeatAt)} (${ago(w.lastHeartbeatAt)})</td></tr>`)}
      ${d.workers.length ? null : html`<tr><td colspan="5" class="empty">No worker has registered yet.</td></tr>`}
    </tbody></table></div>
    <h2>URL Bloom filters</h2>
    <p class="hint">From ${d.bloom.source}.</p>
    ${d.bloom.error ? html`<p class="error">${d.bloom.error}</p>` : null}
    <div class="table-wrap"><table aria-label="bloom filters"><thead><tr><th>Task</th><th class="num">Fill</th><th class="num">Estimated URLs</th><th class="num">False-positive rate now</th><th class="num">At design size</th><th class="num">Design size</th><th class="num">Bytes</th></tr></thead><tbody>
      ${d.bloom.filters.map((b) => html`<tr key=${b.task}><td data-label="Task">${b.task}</td><td data-label="Fill" class="num">${(b.fillRatio * 100).toFixed(4)} %</td><td data-label="Estimated URLs" class="num">${num(Math.round(b.estimatedItems))}</td><td data-label="FP now" class="num">${b.currentFp.toExponential(2)}</td><td data-label="FP at design" class="num">${b.designFp.toExponential(2)}</td><td data-label="Design size" class="num">${num(b.designN)}</td><td data-label="Bytes" class="num">${num(b.bytes)}</td></tr>`)}
      ${d.bloom.filters.length ? null : html`<tr><td colspan="7" class="empty">No Bloom filter found.</td></tr>`}
    </tbody></table></div>
  </section>`;
}
