// The dashboard's entry module: navigation and the view for the current hash route.
import { render } from 'preact';
import { html } from './html.js';
import { useRoute } from './router.js';
import { TaskList } from './tasks.js';
import { TaskView } from './task-view.js';
import { TableView, TABLES } from './tables.js';
import { RecordView } from './record.js';
import { SystemView } from './system.js';

function App() {
  const { parts, query } = useRoute();
  const [top = 'tasks', a, b] = parts;
  let view;
  if (top === 'tasks' && a) view = html`<${TaskView} name=${a} />`;
  else if (top === 'tables') view = html`<${TableView} coll=${TABLES.includes(a) ? a : 'commodities'} query=${query} />`;
  else if (top === 'record' && a && b) view = html`<${RecordView} coll=${a} id=${b} />`;
  else if (top === 'system') view = html`<${SystemView} />`;
  else view = html`<${TaskList} />`;
  const here = (name) => (top === name ? 'active' : '');
  return html`
    <header>
      <a class="brand" href="#/tasks">shopnews</a>
      <nav aria-label="main">
        <a class=${here('tasks')} href="#/tasks">Tasks</a>
        <a class=${here('tables') || here('record')} href="#/tables/commodities">Tables</a>
        <a class=${here('system')} href="#/system">Workers & Redis</a>
      </nav>
    </header>
    <main>${view}</main>`;
}

const root = document.getElementById('app');
root.textContent = ''; // the static "Loading…" placeholder
render(html`<${App} />`, root);
