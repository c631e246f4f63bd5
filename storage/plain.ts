/**
 * Turns driver/Mongoose values into what callers get from both backends: Decimal128 → number
 * (the shortest double that prints the decimal back, so 1299.5 stays 1299.5), ObjectId → hex.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  const bsontype = (value as { _bsontype?: string })._bsontype;
  if (bsontype === 'Decimal128') return Number(String(value));
  if (bsontype === 'ObjectId' || bsontype === 'ObjectID') return (value as { toHexString(): string }).toHexString();
  if (Array.isArray(value)) return value.map(toPlain);
  const maybeDoc = value as { $__?: unknown; toObject?: (o?: unknown) => unknown };
  if (maybeDoc.$__ && typeof maybeDoc.toObject === 'function') return toPlain(maybeDoc.toObject({ depopulate: true }));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = toPlain((value as Record<string, unknown>)[k]);
  return out;
}

/** Strips float noise from parsed prices (1299.4999999999998 → 1299.5) before they become decimals. */
export function cleanMoney(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (value === 0) return 0;
  // The usual price, a whole number of cents below 1e13, has at most 15 significant digits:
  // toPrecision(15) would hand it back unchanged (and costs more than the rest of the record).
  if (Math.abs(value) < 1e13 && Math.round(value * 100) / 100 === value) return value;
  return Number(value.toPrecision(15));
}
