// Talks to the dashboard's JSON API. Every request carries the session cookie (same origin);
// state-changing ones are POST with a JSON body and the page's CSRF value.
const csrf = document.querySelector('meta[name="csrf"]')?.getAttribute('content') ?? '';

async function answer(res) {
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('application/json') ? await res.json() : { error: (await res.text()).trim() };
  if (!res.ok) throw new Error(body.error || `HTTP ${res.status}`);
  return body;
}

export async function getJson(path, params = {}) {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const res = await fetch(q.size ? `${path}?${q}` : path, { credentials: 'same-origin' });
  return answer(res);
}

export async function postJson(path, body = {}) {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
    body: JSON.stringify(body),
  });
  return answer(res);
}
