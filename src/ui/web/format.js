// Small formatting helpers. Everything returned is plain text: the views put it in text nodes.

/** A crawled link is shown as a link only when it is http(s): never javascript:, data: … */
export function safeHref(url) {
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}

/** An ISO time as the page or store gave it, kept with its offset; instants as local time plus zone. */
export function timeText(v) {
  if (v === null || v === undefined || v === '') return '—';
  const s = String(v);
  // Stored instants come as UTC ISO text: show them in this browser's zone, with the offset.
  if (/Z$/.test(s)) {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) return s;
    const off = -d.getTimezoneOffset();
    const sign = off >= 0 ? '+' : '-';
    const pad = (n) => String(Math.abs(n)).padStart(2, '0');
    const local = new Date(d.getTime() + off * 60000).toISOString().slice(0, 19).replace('T', ' ');
    return `${local} ${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
  }
  return s.replace('T', ' ');
}

export function cell(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cell).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return timeText(v);
  return String(v);
}

export function num(v, digits = 0) {
  return typeof v === 'number' && Number.isFinite(v) ? v.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—';
}

export function money(v, currency) {
  if (typeof v !== 'number') return '—';
  return `${currency ? `${currency} ` : ''}${v.toFixed(2)}`;
}

/** "12 s ago", "5 min ago" for a past time. */
export function ago(iso, now = Date.now()) {
  if (!iso) return '—';
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  return s < 120 ? `${s} s ago` : s < 7200 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}
