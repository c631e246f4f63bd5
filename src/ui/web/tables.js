// Tables of crawled records: MongoDB filter (the same syntax and parser as `query`), sort,
// paging, CSV/JSONL export of what is shown, and the categories as a tree.
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { getJson } from './api.js';
import { link, go } from './router.js';
import { cell, num, safeHref } from './format.js';

export const TABLES = ['commodities', 'categories', 'shops', 'reviews', 'news'];
const PAGE_SIZES = [20, 50, 100, 200];
/** Columns that link to the record's own page. */
const TITLE_COLUMN = { commodities: 'name', categories: 'name', shops: 'name', reviews: 'content', news: 'title' };
const EXAMPLES = {
  commodities: '{"salePrice": {"$lt": 100}}',
  categories: '{"level": 1}',
  shops: '{"goodsCount": {"$gt": 10}}',
  reviews: '{"rating": {"$gte": 4}}',
  news: '{"keywords": "华为"}',
};

function useTasks() {
  const [tasks, setTasks] = useState([]);
  useEffect(() => {
    getJson('/api/tasks').then((d) => setTasks(d.tasks.filter((t) => t.counts)), () => setTasks([]));
  }, []);
  return tasks;
}

function CategoryTree({ task }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    getJson('/api/categories/tree', { task }).then(setData, (e) => setError(e.message));
  }, [task]);
  if (error) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p class="loading">Loading…</p>`;
  const children = new Map();
  const ids = new Set(data.categories.map((c) => c._id));
  for (const c of data.categories) {
    const parent = c.parentId && ids.has(c.parentId) ? c.parentId : null;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(c);
  }
  const branch = (parent) => {
    const list = children.get(parent) ?? [];
    if (!list.length) return null;
    return html`<ul>${list.map((c) => html`<li key=${c._id}>
      <span class="level">L${c.level}</span> <a href=${link(['record', 'categories', c._id])}>${c.name}</a>
      ${safeHref(c.url) ? html` <a class="ext" href=${safeHref(c.url)} target="_blank" rel="noopener noreferrer" title=${c.url}>↗</a>` : null}
      ${branch(c._id)}
    </li>`)}</ul>`;
  };
  return html`<div class="tree card" aria-label="category tree">
    ${data.categories.length ? branch(null) : html`<p class="hint">No categories.</p>`}
    ${data.truncated ? html`<p class="hint">only the first ${data.categories.length} categories are shown</p>` : null}
  </div>`;
}

export function TableView({ coll, query }) {
  const tasks = useTasks();
  const params = {
    filter: query.get('filter') ?? '',
    sort: query.get('sort') ?? '',
    skip: Number(query.get('skip') ?? 0) || 0,
    limit: Number(query.get('limit') ?? 50) || 50,
    task: query.get('task') ?? '',
    view: query.get('view') ?? '',
  };
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [filterText, setFilterText] = useState(params.filter);
  const [sortText, setSortText] = useState(params.sort);
  useEffect(() => {
    setFilterText(params.filter);
    setSortText(params.sort);
  }, [coll, params.filter, params.sort]);
  const key = `${coll}|${params.filter}|${params.sort}|${params.skip}|${params.limit}|${params.task}|${params.view}`;
  useEffect(() => {
    if (params.view === 'tree') return;
    setError(null);
    getJson(`/api/records/${coll}`, { filter: params.filter, sort: params.sort, skip: params.skip, limit: params.limit, task: params.task }).then(setData, (e) => {
      setData(null);
      setError(e.message);
    });
  }, [key]);
  const to = (change) => go(['tables', coll], { ...params, ...change });
  const apply = (e) => {
    e.preventDefault();
    to({ filter: filterText.trim(), sort: sortText.trim(), skip: 0 });
  };
  const sortBy = (col) => {
    const cur = params.sort;
    to({ sort: cur === col ? `-${col}` : col, skip: 0 });
  };
  const exportHref = (format, page) => {
    const q = new URLSearchParams(Object.entries({ format, filter: params.filter, sort: params.sort, task: params.task, fields: data?.columns?.join(','), ...(page ? { skip: params.skip, limit: params.limit } : {}) }).filter(([, v]) => v !== '' && v !== undefined && v !== null));
    return `/api/export/${coll}?${q}`;
  };
  const cols = data?.columns ?? [];
  const title = TITLE_COLUMN[coll];
  return html`<section>
    <nav class="tabs" aria-label="tables">${TABLES.map((t) => html`<a class=${t === coll ? 'active' : ''} href=${link(['tables', t], params.task ? { task: params.task } : undefined)}>${t}</a>`)}</nav>
    <form class="query card" onSubmit=${apply} aria-label="query">
      <label class="wide"><span>Filter — MongoDB syntax, as <code>query</code> takes it</span>
        <input name="filter" value=${filterText} onInput=${(e) => setFilterText(e.target.value)} placeholder=${EXAMPLES[coll]} spellcheck="false" />
      </label>
      <label>Sort <input name="sort" value=${sortText} onInput=${(e) => setSortText(e.target.value)} placeholder="-price,name" spellcheck="false" /></label>
      <label>Task <select name="task" value=${params.task} onChange=${(e) => to({ task: e.target.value, skip: 0 })}>
        <option value="">all tasks</option>
        ${tasks.map((t) => html`<option value=${t.id ?? ''} key=${t.name}>${t.name}</option>`)}
      </select></label>
      <button type="submit">Apply</button>
      ${coll === 'categories' ? html`<button type="button" onClick=${() => to({ view: params.view === 'tree' ? '' : 'tree' })}>${params.view === 'tree' ? 'Table' : 'Tree'}</button>` : null}
    </form>
    ${params.view === 'tree' && coll === 'categories' ? html`<${CategoryTree} task=${params.task} />` : html`
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${data ? html`
        <div class="bar">
          <span class="count">${data.total ? `${num(data.skip + 1)}–${num(data.skip + data.rows.length)} of ${num(data.total)}` : 'no matching records'}</span>
          <span class="pager">
            <button disabled=${params.skip === 0} onClick=${() => to({ skip: Math.max(0, params.skip - params.limit) })}>← Prev</button>
            <button disabled=${params.skip + data.rows.length >= data.total} onClick=${() => to({ skip: params.skip + params.limit })}>Next →</button>
            <select aria-label="rows per page" value=${params.limit} onChange=${(e) => to({ limit: e.target.value, skip: 0 })}>${PAGE_SIZES.map((n) => html`<option value=${n}>${n} / page</option>`)}</select>
          </span>
          <span class="export">Export this page: <a href=${exportHref('csv', true)} download>CSV</a> <a href=${exportHref('jsonl', true)} download>JSONL</a> · all ${num(data.total)}: <a href=${exportHref('csv', false)} download>CSV</a> <a href=${exportHref('jsonl', false)} download>JSONL</a></span>
        </div>
        <div class="table-wrap">
          <table class="records" data-collection=${coll}>
            <thead><tr>${cols.map((c) => html`<th key=${c}><button class="sort" onClick=${() => sortBy(c)} title="sort">${c}${params.sort === c ? ' ▲' : params.sort === `-${c}` ? ' ▼' : ''}</button></th>`)}</tr></thead>
            <tbody>${data.rows.map((r) => html`<tr key=${r._id}>${cols.map((c) => {
              const v = c.split('.').reduce((o, k) => (o == null ? o : o[k]), r);
              const text = cell(v);
              if (c === title) return html`<td data-label=${c} class="title"><a href=${link(['record', coll, r._id])}>${text || '(untitled)'}</a></td>`;
              if (c === 'url' && safeHref(v)) return html`<td data-label=${c} class="url"><a href=${safeHref(v)} target="_blank" rel="noopener noreferrer">${text}</a></td>`;
              return html`<td data-label=${c} class=${typeof v === 'number' ? 'num' : ''}>${text}</td>`;
            })}</tr>`)}</tbody>
          </table>
        </div>` : !error ? html`<p class="loading">Loading…</p>` : null}`}
  </section>`;
}
