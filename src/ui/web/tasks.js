// The task list and the form that creates and starts a task.
import { useState } from 'preact/hooks';
import { html } from './html.js';
import { getJson, postJson } from './api.js';
import { link, go, usePoll } from './router.js';
import { timeText, num } from './format.js';

const TABLES = ['categories', 'shops', 'commodities', 'reviews', 'news'];

/** The end time, without its date when it is the start's date (the zone stays). */
function endText(start, end) {
  const a = timeText(start);
  const b = timeText(end);
  return a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b;
}

export function StatusBadge({ status }) {
  return html`<span class=${`badge status-${String(status).replace(/[^a-z-]/g, '')}`}>${status}</span>`;
}

function CreateForm({ onCreated }) {
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    const form = Object.fromEntries(new FormData(e.target).entries());
    setBusy(true);
    setError(null);
    try {
      const r = await postJson('/api/tasks', form);
      onCreated?.(r.name);
      go(['tasks', r.name]);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return html`
    <form class="card create" onSubmit=${submit} aria-label="new task">
      <h2>New task</h2>
      <div class="grid">
        <label>Name <input name="name" required maxlength="100" placeholder="electronics" /></label>
        <label class="wide">Start URLs or aliases <textarea name="urls" required rows="2" placeholder="https://shop.example.com/  (one per line; aliases: demo, taobao, jd, sina, …)"></textarea></label>
        <label>Type <select name="type"><option value="auto">auto</option><option value="commerce">commerce</option><option value="news">news</option></select></label>
        <label>Mode <select name="mode"><option value="browser">browser</option><option value="http">http</option><option value="adaptive">adaptive</option></select></label>
        <label>Max pages <input name="maxPages" inputmode="numeric" pattern="[0-9]*" placeholder="no limit" /></label>
        <label>Max depth <input name="maxDepth" inputmode="numeric" pattern="[0-9]*" placeholder="no limit" /></label>
        <label>Schedule (cron) <input name="schedule" placeholder="0 */6 * * *  (optional)" /></label>
        <label>Time zone <input name="tz" placeholder="Asia/Shanghai (optional)" /></label>
      </div>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy}>Create and start</button>
      <p class="hint">Starts the crawl as <code>npm start -- --task … --urls …</code> would. A schedule is saved for <code>npm start -- scheduler</code>, which runs it.</p>
    </form>`;
}

export function TaskList() {
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  usePoll(async () => {
    try {
      setData(await getJson('/api/tasks'));
      setError(null);
    } catch (err) {
      setError(err.message);
    }
  }, 2000, []);
  const tasks = data?.tasks ?? [];
  return html`
    <section>
      <h1>Tasks</h1>
      ${error && html`<p class="error">${error}</p>`}
      <div class="table-wrap">
        <table class="tasks">
          <thead><tr>
            <th>Task</th><th>Status</th><th>Type</th><th>Started / ended</th><th class="num">Pages done</th><th class="num">Failed</th>
            ${TABLES.map((t) => html`<th class="num">${t}</th>`)}
            <th>Schedule</th>
          </tr></thead>
          <tbody>
            ${tasks.map((t) => html`
              <tr key=${t.name}>
                <td data-label="Task"><a href=${link(['tasks', t.name])}>${t.name}</a></td>
                <td data-label="Status"><${StatusBadge} status=${t.status} />${t.live ? html` <span class="live">● live</span>` : null}</td>
                <td data-label="Type">${t.type}</td>
                <td data-label="Started / ended">${timeText(t.startedAt)}${t.endedAt ? html`<br /><small>ended ${endText(t.startedAt, t.endedAt)}</small>` : null}</td>
                <td data-label="Pages done" class="num">${num(t.pagesDone)}</td>
                <td data-label="Failed" class="num">${num(t.pagesFailed)}</td>
                ${TABLES.map((tb) => html`<td data-label=${tb} class="num">${t.counts ? num(t.counts[tb]) : '—'}</td>`)}
                <td data-label="Schedule">${t.schedule ? html`<code>${t.schedule.cron}</code>${t.schedule.timezone ? ` ${t.schedule.timezone}` : ''}<br /><small>next ${timeText(t.schedule.nextRunAt)}</small>` : '—'}</td>
              </tr>`)}
            ${data && !tasks.length ? html`<tr><td colspan="12" class="empty">No tasks yet: create one below.</td></tr>` : null}
          </tbody>
        </table>
      </div>
      <${CreateForm} />
    </section>`;
}
