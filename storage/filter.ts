import { Query } from 'mingo';
import { pathKinds, type CollectionName } from '../schemas/index';
import { StorageInputError } from './errors';
import { refuseNestedText, splitTextSearch, textConditionForEmbedded, textConditionForMongo, withCondition } from './text-search';

/** Parses a filter typed on the command line; one-line error when it is not a JSON object. */
export function parseFilterJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StorageInputError(`filter is not valid JSON (${(err as Error).message}): ${text.slice(0, 80)}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new StorageInputError(`filter must be a JSON object such as '{"salePrice": {"$lt": 100}}', got: ${text.slice(0, 80)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * Checks operators with mingo (the query engine of the embedded backend) so both backends
 * reject the same unknown operators with the same message. A top-level `$text` is allowed:
 * both backends rewrite it the same way (storage/text-search.ts).
 */
export function checkFilter(filter: Record<string, unknown>): void {
  refuseUnsafeKeys(filter);
  const { $text: _text, ...rest } = filter;
  void _text;
  refuseNestedText(rest);
  try {
    new Query(rest, {});
  } catch (err) {
    const m = (err as Error).message;
    throw new StorageInputError(`bad filter: ${m}${/unknown .*operator/i.test(m) ? ' (use MongoDB query operators such as $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $regex, $and, $or, $not, $elemMatch)' : ''}`);
  }
}

/** Operators that run code given in the filter (MongoDB refuses them on many servers too). */
const CODE_OPERATORS = new Set(['$where', '$function', '$accumulator']);
/** Keys that reach an object's prototype: mingo then matches every record. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A filter is data, never code: refuse code operators and prototype keys at any depth. */
function refuseUnsafeKeys(v: unknown): void {
  if (Array.isArray(v)) return v.forEach(refuseUnsafeKeys);
  if (!v || typeof v !== 'object') return;
  for (const k of Object.keys(v)) {
    if (CODE_OPERATORS.has(k)) throw new StorageInputError(`bad filter: ${k} runs code and is not accepted; use query operators such as $eq, $gt, $in, $regex, $expr`);
    if (PROTOTYPE_KEYS.has(k)) throw new StorageInputError(`bad filter: "${k}" is not a field name that can be queried`);
    refuseUnsafeKeys((v as Record<string, unknown>)[k]);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Extended-JSON helpers users can type: {"$date": "..."}, {"$numberDecimal": "..."}, {"$oid": "..."}. */
function decodeExtended(v: unknown): unknown {
  if (!isPlainObject(v)) return v;
  const keys = Object.keys(v);
  if (keys.length !== 1) return v;
  if (keys[0] === '$date') return new Date(v.$date as string);
  if (keys[0] === '$numberDecimal') return Number(v.$numberDecimal);
  if (keys[0] === '$oid') return String(v.$oid);
  return v;
}

/**
 * Casts a user filter for the embedded backend, as Mongoose casts it for MongoDB: strings on
 * date fields become dates, extended JSON is decoded, and a top-level `$text` becomes a
 * condition on the news record's `searchTerms` (storage/text-search.ts), added beside the
 * user's own conditions (their `$or` included).
 */
export function castFilterForEmbedded(coll: CollectionName, filter: Record<string, unknown>): Record<string, unknown> {
  const { rest, text } = splitTextSearch(coll, filter);
  const kinds = pathKinds(coll);
  const dates = new Set([...kinds.dates, ...Object.entries(kinds.nested).flatMap(([p, s]) => s.dates.map((d) => `${p}.${d}`))]);
  const castValue = (path: string | null, v: unknown): unknown => {
    const decoded = decodeExtended(v);
    if (decoded !== v) return decoded;
    if (Array.isArray(v)) return v.map((x) => castValue(path, x));
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (k.startsWith('$')) out[k] = k === '$regex' || k === '$options' || k === '$exists' || k === '$size' || k === '$type' ? x : castValue(path, x);
        else out[k] = castValue(path ? `${path}.${k}` : k, x); // $elemMatch sub-documents
      }
      return out;
    }
    if (path && dates.has(path) && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v);
    return v;
  };
  const walk = (f: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' || k === '$or' || k === '$nor') {
        out[k] = Array.isArray(v) ? v.map((x) => (isPlainObject(x) ? walk(x) : x)) : v;
      } else out[k] = castValue(k, v);
    }
    return out;
  };
  const cast = walk(rest);
  return text ? withCondition(cast, textConditionForEmbedded(text)) : cast;
}

/**
 * Decodes extended JSON for MongoDB (Mongoose casts plain strings itself) and rewrites a
 * top-level `$text` into a `$text` over the news `searchTerms` index (storage/text-search.ts).
 */
export function castFilterForMongo(coll: CollectionName, filter: Record<string, unknown>): Record<string, unknown> {
  const { rest, text } = splitTextSearch(coll, filter);
  const walk = (v: unknown): unknown => {
    const d = decodeExtended(v);
    if (d !== v) return d;
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const cast = walk(rest) as Record<string, unknown>;
  return text ? withCondition(cast, textConditionForMongo(text)) : cast;
}
