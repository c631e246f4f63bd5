/**
 * A page's data request written as a template over the page's own URL: in
 * `/api/price?id=123` requested by `/item/123.htm`, the `123` is the page's id, so the
 * template `/api/price?id={path1.0}` predicts the request of `/item/456.htm`.
 * Variable values of a page URL are its digit runs / long hex ids inside path segments (the
 * parts RenderMemory's pattern masks) and its query values.
 */

/** A literal piece of the request URL, or the page value it is built from. */
export type TemplatePart = { text: string } | { value: string };

export interface RequestTemplate {
  /** Path + query, in parts (the origin is always the page's own). */
  parts: TemplatePart[];
  /** Readable form, e.g. `/api/price?id={path1.0}`; equal keys = equal templates. */
  key: string;
}

const ID_RUN = /[0-9a-f]{16,}|\d+/gi;

/** Named variable values of a page URL, e.g. { 'path1.0': '123', 'query.id': '7' }. */
export function pageValues(pageUrl: string): Map<string, string> {
  const u = new URL(pageUrl);
  const values = new Map<string, string>();
  u.pathname.split('/').forEach((seg, i) => {
    let n = 0;
    for (const m of decodeSafe(seg).matchAll(ID_RUN)) values.set(`path${i}.${n++}`, m[0]);
  });
  for (const [k, v] of u.searchParams) if (v !== '' && !values.has(`query.${k}`)) values.set(`query.${k}`, v);
  return values;
}

/**
 * The template of `requestUrl` over `pageUrl`'s values: every id run of the request's path
 * and every query value equal to a page value becomes that value's name. Returns null for a
 * request to another origin (never replayed).
 */
export function templateOf(pageUrl: string, requestUrl: string): RequestTemplate | null {
  const page = new URL(pageUrl);
  const req = new URL(requestUrl);
  if (req.origin !== page.origin) return null;
  const byValue = new Map<string, string>();
  // First name wins: the path's id before a query copy of it.
  for (const [name, v] of pageValues(pageUrl)) if (!byValue.has(v)) byValue.set(v, name);
  const parts: TemplatePart[] = [];
  const text = (t: string) => {
    const last = parts[parts.length - 1];
    if (last && 'text' in last) last.text += t;
    else if (t) parts.push({ text: t });
  };
  const runs = (s: string, wholeOnly: boolean) => {
    const whole = byValue.get(s);
    if (whole !== undefined && s !== '') return void parts.push({ value: whole });
    if (wholeOnly) return text(encodeURIComponent(s));
    let at = 0;
    for (const m of s.matchAll(ID_RUN)) {
      const name = byValue.get(m[0]);
      if (name === undefined) continue;
      text(s.slice(at, m.index));
      parts.push({ value: name });
      at = m.index! + m[0].length;
    }
    text(s.slice(at));
  };
  req.pathname.split('/').forEach((seg, i) => {
    if (i > 0) text('/');
    runs(seg, false);
  });
  let first = true;
  for (const [k, v] of req.searchParams) {
    text(`${first ? '?' : '&'}${encodeURIComponent(k)}=`);
    first = false;
    runs(v, true);
  }
  return { parts, key: parts.map((p) => ('text' in p ? p.text : `{${p.value}}`)).join('') };
}

/** The request `template` predicts for `pageUrl`; null when the page lacks one of its values. */
export function fillTemplate(template: RequestTemplate, pageUrl: string): string | null {
  const values = pageValues(pageUrl);
  let out = '';
  for (const p of template.parts) {
    if ('text' in p) out += p.text;
    else {
      const v = values.get(p.value);
      if (v === undefined) return null;
      out += encodeURIComponent(v);
    }
  }
  return new URL(out, new URL(pageUrl).origin).href;
}

/** The literal path before the template's first value (`/api/products/`), a sign the page still builds this request. */
export function literalPrefix(template: RequestTemplate): string {
  const first = template.parts[0];
  const text = first && 'text' in first ? first.text : '';
  return text.split('?')[0]!;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
