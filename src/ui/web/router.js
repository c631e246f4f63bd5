// Hash routes (#/tasks, #/tasks/<name>, #/tables/<collection>?…, #/record/<collection>/<id>, #/system):
// one HTML page, no server routes per view, and the browser's back button works.
import { useEffect, useState } from 'preact/hooks';

export function parseHash(hash = location.hash) {
  const raw = hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

export function link(parts, query) {
  const q = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')).toString() : '';
  return `#/${parts.map(encodeURIComponent).join('/')}${q ? `?${q}` : ''}`;
}

export function go(parts, query) {
  location.hash = link(parts, query);
}

export function useRoute() {
  const [route, setRoute] = useState(parseHash());
  useEffect(() => {
    const on = () => setRoute(parseHash());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** Calls `fn` now and every `ms` while the view is shown (live progress). */
export function usePoll(fn, ms, deps) {
  useEffect(() => {
    let alive = true;
    let timer = null;
    const tick = async () => {
      try {
        await fn();
      } finally {
        if (alive) timer = setTimeout(tick, ms);
      }
    };
    tick();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, deps);
}
