import type { CollectionName } from '../schemas/index';

/**
 * Times read off pages keep the zone the page wrote them in. A time is stored twice:
 * `<field>` as a Date (the instant: MongoDB and the embedded store sort and filter on it) and
 * `<field>Local` as the ISO text the extractor gave (`2011-12-09T08:20:00+08:00`, a date alone
 * `2024-03-05`, or a local time whose zone the page does not show `2011-12-09T08:20:00`).
 * Output (query, export) shows `<field>` as that text, so a Beijing time reads +08:00 and
 * not the UTC instant; `<field>Local` itself is not shown.
 * The instant of a time without an offset: a date alone is its UTC midnight; a zone-less
 * time is read as if it were UTC (for ordering only; it is never shown as UTC). Never the
 * process's own zone: `new Date("2011-12-09T08:20:00")` depends on the machine.
 */
export const LOCAL_TIME_FIELDS: Partial<Record<CollectionName, readonly string[]>> = {
  news: ['publishedAt'],
  reviews: ['date'],
};

export const localFieldOf = (field: string): string => `${field}Local`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A page time as stored: the instant and the text to show. Values that are not ISO text
 * (a Date, null, something the schema will reject) pass through with no text.
 */
export function storedTime(value: unknown): { at: unknown; local: string | null } {
  if (typeof value !== 'string') return { at: value ?? null, local: null };
  const v = value.trim();
  let ms = NaN;
  if (ISO_ZONED.test(v)) ms = Date.parse(v);
  else if (ISO_DATE.test(v)) ms = Date.parse(`${v}T00:00:00Z`);
  else if (ISO_LOCAL.test(v)) ms = Date.parse(`${v}Z`);
  if (Number.isNaN(ms)) return { at: value, local: null };
  return { at: new Date(ms), local: v };
}

/** Fills `<field>` and `<field>Local` of a record's fields from an extracted time. */
export function putTime(fields: Record<string, unknown>, field: string, value: unknown): void {
  const t = storedTime(value);
  fields[field] = t.at;
  fields[localFieldOf(field)] = t.local;
}

/** Whether a column is a hidden companion (`publishedAtLocal`). */
export function isLocalCompanion(coll: CollectionName, column: string): boolean {
  return (LOCAL_TIME_FIELDS[coll] ?? []).some((f) => localFieldOf(f) === column);
}

/** A stored record as output shows it: each page time as the page wrote it (with its offset). */
export function showLocalTimes<T extends Record<string, unknown>>(coll: CollectionName, doc: T): T {
  const fields = LOCAL_TIME_FIELDS[coll];
  if (!fields) return doc;
  let out: Record<string, unknown> | null = null;
  for (const f of fields) {
    const lf = localFieldOf(f);
    if (!(lf in doc)) continue;
    out ??= { ...doc };
    const local = out[lf];
    if (typeof local === 'string' && out[f] instanceof Date) out[f] = local;
    delete out[lf];
  }
  return (out ?? doc) as T;
}

/** A projection that asks for a page time also fetches its companion text. */
export function withLocalCompanions(coll: CollectionName, projection: Record<string, 1> | undefined): Record<string, 1> | undefined {
  if (!projection) return projection;
  const out = { ...projection };
  for (const f of LOCAL_TIME_FIELDS[coll] ?? []) if (out[f]) out[localFieldOf(f)] = 1;
  return out;
}
