// One task: controls, live progress (polled every second), processes, failures by reason with URLs.
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { getJson, postJson } from './api.js';
import { link, usePoll } from './router.js';
import { timeText, num, ago, safeHref } from './format.js';
import { StatusBadge } from './tasks.js';

function Counts({ title, counts, label }) {
  const entries = Object.entries(counts ?? {}).sort((a, b) => b[1] - a[1]);
  return html`<div class="counts" aria-label=${label}>
    <h3>${title}</h3>
    ${entries.length ? html`<dl>${entries.map(([k, v]) => html`<div key=${k}><dt>${k}</dt><dd>${num(v)}</dd></div>`)}</dl>` : html`<p class="hint">none yet</p>`}
  </div>`;
}

function Progress({ p }) {
  if (!p) return html`<p class="hint">No progress reported on this machine yet.</p>`;
  return html`<div class="card progress" aria-label="progress">
    <div class="stats">
      <div><span class="big" data-stat="pagesDone">${num(p.pagesDone)}</span><span>pages done</span></div>
      <div><span class="big" data-stat="pagesPerSec">${num(p.pagesPerSec, 1)}</span><span>pages/s</span></div>
      <div><span class="big" data-stat="queued">${p.queued === null ? '—' : num(p.queued)}</span><span>queued</span></div>
      <div><span class="big" data-stat="pagesFailed">${num(p.pagesFailed)}</span><span>failed</span></div>
      <div><span class="big">${p.live}</span><span>live processes</span></div>
    </div>
    <div class="columns">
      <${Counts} title="Pages by type" counts=${p.pagesByType} label="pages by type" />
      <${Counts} title="Records by table (this run)" counts=${p.recordsByTable} label="records by table" />
    </div>
    <p class="hint">updated ${ago(p.updatedAt)}</p>
  </div>`;
}

function Failures({ groups }) {
  if (!groups?.length) return html`<p class="hint">No failed pages.</p>`;
  return html`<div class="failures">${groups.map((g) => html`
    <details key=${g.reason}>
      <summary><code>${g.reason}</code> — ${num(g.count)} page${g.count === 1 ? '' : 's'}</summary>
      <ul>${g.examples.map((f, i) => html`<li key=${i}>${safeHref(f.url) ? html`<a href=${safeHref(f.url)} target="_blank" rel="noopener noreferrer">${f.url}</a>` : f.url} <small>${f.message}</small></li>`)}</ul>
      ${g.count > g.examples.length ? html`<p class="hint">first ${g.examples.length} shown; all in the task's failures.jsonl</p>` : null}
    </details>`)}</div>`;
}

function Controls({ name, status, live, onDone }) {
  const [msg, setMsg] = useState(null);
  const act = async (action) => {
    try {
      const r = await postJson(`/api/tasks/${encodeURIComponent(name)}/${action}`);
      setMsg({ ok: true, text: r.message });
    } catch (err) {
      setMsg({ ok: false, text: err.message });
    }
    onDone();
  };
  const running = status === 'running' || status === 'pending' || status === 'starting';
  return html`<div class="controls">
    ${running ? html`<button onClick=${() => act('pause')}>Pause</button>` : null}
    ${status === 'paused' ? html`<button onClick=${() => act('resume')}>Resume</button>` : null}
    ${running || status === 'paused' ? html`<button class="danger" onClick=${() => act('stop')}>Stop</button>` : null}
    ${!live && ['stopped', 'interrupted', 'failed'].includes(status) ? html`<button onClick=${() => act('continue')}>Continue (--resume)</button>` : null}
    ${msg && html`<p class=${msg.ok ? 'ok' : 'error'} role="status">${msg.text}</p>`}
  </div>`;
}

export function TaskView({ name }) {
  const [d, setD] = useState(null);
  const [error, setError] = useState(null);
  const load = async () => {
    try {
      setD(await getJson(`/api/tasks/${encodeURIComponent(name)}`));
      setError(null);
    } catch (err) {
      setError(err.message);
    }
  };
  usePoll(load, 1000, [name]);
  if (error && !d) return html`<section><h1>Task ${name}</h1><p class="error">${error}</p></section>`;
  if (!d) return html`<p class="loading">Loading…</p>`;
  const t = d.task;
  const status = t?.status ?? (d.launch?.running ? 'starting' : 'not started');
  const live = (d.progress?.live ?? 0) > 0 || d.launch?.running;
  return html`<section>
    <p><a href="#/tasks">← Tasks</a></p>
    <h1>Task <span class="name">${name}</span> <${StatusBadge} status=${status} /></h1>
    <${Controls} name=${name} status=${status} live=${live} onDone=${load} />
    ${t ? html`<div class="card meta">
      <div><b>Type</b> ${t.type}</div>
      <div><b>Started</b> ${timeText(t.startedAt)}</div>
      <div><b>Ended</b> ${timeText(t.endedAt)}</div>
      <div><b>Start URLs</b> ${t.startUrls.join(', ')}</div>
      <div><b>Hosts</b> ${t.hosts.join(', ') || '—'}</div>
      ${d.settings ? html`<div><b>Settings</b> mode ${d.settings.mode ?? 'browser'}, max pages ${d.settings.maxPages ?? '∞'}, max depth ${d.settings.maxDepth ?? '∞'}, ${d.settings.strategy}, scope ${d.settings.scope}</div>` : null}
      ${d.schedule ? html`<div><b>Schedule</b> <code>${d.schedule.cron}</code> ${d.schedule.timezone ?? ''} — next ${timeText(d.schedule.nextRunAt)}, last ${timeText(d.schedule.lastRunAt)}</div>` : null}
      <div><b>Records</b> ${Object.entries(t.counts).map(([k, v]) => html`<a class="pill" href=${link(['tables', k], { task: t.id })}>${k} ${num(v)}</a> `)}</div>
    </div>` : null}
    <h2>Progress</h2>
    <${Progress} p=${d.progress} />
    ${d.workers?.length ? html`<h2>Processes</h2>
      <div class="table-wrap"><table><thead><tr><th>Host</th><th>PID</th><th>Status</th><th>Last heartbeat</th></tr></thead><tbody>
      ${d.workers.map((w) => html`<tr key=${`${w.host}:${w.pid}`}><td data-label="Host">${w.host}</td><td data-label="PID">${w.pid}</td><td data-label="Status"><${StatusBadge} status=${w.status} /></td><td data-label="Heartbeat">${ago(w.lastHeartbeatAt)}</td></tr>`)}
      </tbody></table></div>` : null}
    <h2>Failures by reason</h2>
    <${Failures} groups=${d.failures} />
    ${d.launch ? html`<h2>Started from this dashboard</h2>
      <div class="card"><p>${d.launch.running ? 'running' : `exited with code ${d.launch.exitCode}`} — <code>${['npm start --', ...d.launch.args].join(' ')}</code></p>
      ${d.launch.output ? html`<pre class="output">${d.launch.output}</pre>` : null}</div>` : null}
  </section>`;
}
