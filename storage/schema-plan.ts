import type { SchemaType } from 'mongoose';
import { BOOKKEEPING_FIELDS, isValidMoney } from '../schemas/common';
import { COLLECTION_DEFS, validationModel, type CollectionName } from '../schemas/index';
import { toPlain } from './plain';

/**
 * What validateRecord needs from a collection's Mongoose schema, read once per collection:
 * the content paths, their defaults and string setters (the input every record is built into)
 * and, for the fast check, each path's SchemaType, cast and validators.
 *
 * The fast check (`fastCheck`) runs the schema's own casts and validators path by path,
 * synchronously, without the per-record overhead of `Model.validate` (an async call per path,
 * validator-property clones, a Decimal128/ObjectId object per money/id value that is turned
 * straight back into a number/string). It only ever *accepts*: whenever a value fails, or is of
 * a kind it does not handle, it returns null and the caller runs `Model.validate`, which stays
 * the authority for every rejection and its message. Its result must equal what
 * `Model.validate` + `toPlain` give for the same input (test/storage/validate.test.ts checks it
 * on both valid and invalid records).
 */

const bookkeeping = new Set<string>(BOOKKEEPING_FIELDS);

/** How a path's value is cast in the fast check. */
type Kind =
  /** Cast with the SchemaType's own cast (String, Number, Date, Boolean, Mixed: cheap, no wrapper objects). */
  | 'cast'
  /**
   * String / Number whose cast hands a string / non-NaN number back as it is (checked on
   * samples, as for decimal): such a value skips the cast call (a string's cast looks for an
   * `_id` on it and calls its toString; ten of them a record were a tenth of its validation).
   * Other values are cast as 'cast'.
   */
  | 'string'
  | 'number'
  /** Decimal128 / ObjectId: a finite number / lower-case 24-hex string is already what toPlain would give back. */
  | 'decimal'
  | 'objectId'
  /** An array of plain strings (element type String without setters). */
  | 'stringArray'
  /** Anything else (subdocuments, document arrays, buffers, …): a non-null value goes to Model.validate. */
  | 'slow';

interface Check {
  fn: ((this: unknown, v: unknown) => unknown) | null;
  re: RegExp | null;
  /** The SchemaType's built-in required validator (the only one run for null/undefined). */
  required: boolean;
}

interface PathPlan {
  path: string;
  type: SchemaType;
  kind: Kind;
  checks: Check[];
  /** Every validator can be run here (no props-parameter, async or unknown validator). */
  checkable: boolean;
  /** The only validator is the built-in `required`: a non-null castable value passes it. */
  requiredOnly: boolean;
  /** Money: the validators are `required` and isValidMoney, which a plain number is checked with directly. */
  moneyOnly: boolean;
  /** Mixed and other object values: toPlain copies them (the stored record owns its maps). */
  plainCopy: boolean;
  /** The schema default when the record has no value (objects are cloned per record). */
  dflt: unknown;
  /** trim / uppercase / lowercase, as recordInput applies them. */
  str: { trim: boolean; upper: boolean; lower: boolean } | null;
}

export interface CollectionPlan {
  coll: CollectionName;
  crawled: boolean;
  /** Top-level schema paths that make up a record's content (what the fingerprint covers). */
  contentPaths: string[];
  /** Schema defaults, from one empty document (objects cloned per record). */
  defaults: Record<string, unknown>;
  /** The schema's string setters (trim / uppercase / lowercase), applied before validation. */
  strings: Array<{ path: string; trim: boolean; upper: boolean; lower: boolean }>;
  paths: PathPlan[];
  /**
   * Some validator may look at the record through `this` (a user-defined validator or a
   * `required` function): the fast check then builds the record object (recordInput) to call it
   * with, as Model.validate does. Mongoose's built-in validators do not use it.
   */
  needsScope: boolean;
}

/** Mongoose's built-in validator types (none of them reads `this`). */
const BUILT_IN = new Set(['required', 'min', 'max', 'enum', 'regexp', 'minlength', 'maxlength']);

const plans = new Map<CollectionName, CollectionPlan>();

type AnyType = SchemaType & {
  instance: string;
  validators: Array<{ validator?: unknown; type?: string; propsParameter?: boolean } | null>;
  requiredValidator?: unknown;
  options: Record<string, unknown>;
  setters: unknown[];
  embeddedSchemaType?: AnyType;
  $isMongooseArray?: boolean;
  $isMongooseDocumentArray?: boolean;
  $isSingleNested?: boolean;
  _castFunction?: unknown;
  cast(v: unknown): unknown;
};

const isAsync = (f: unknown) => typeof f === 'function' && f.constructor?.name === 'AsyncFunction';

function pathPlan(path: string, t: AnyType): PathPlan {
  const checks: Check[] = [];
  let checkable = true;
  for (const v of t.validators) {
    if (v === null || typeof v !== 'object') continue;
    const fn = v.validator;
    if (v.propsParameter || isAsync(fn)) checkable = false;
    else if (fn instanceof RegExp) checks.push({ fn: null, re: fn, required: false });
    else if (typeof fn === 'function') checks.push({ fn: fn as Check['fn'], re: null, required: fn === t.requiredValidator });
    // (a validator that is neither is skipped by Mongoose too)
  }
  const requiredOnly = checkable && checks.every((c) => c.required);
  const moneyOnly = checkable && checks.every((c) => c.required || c.fn === isValidMoney);
  let kind: Kind = 'slow';
  if (t.$isMongooseDocumentArray || t.$isSingleNested) kind = 'slow';
  else if (t.$isMongooseArray) {
    const el = t.embeddedSchemaType;
    const plainStrings = !!el && el.instance === 'String' && el.setters.length === 0 && typeof el._castFunction !== 'function';
    kind = plainStrings && checks.length === 0 ? 'stringArray' : 'slow';
  } else if (t.instance === 'String') kind = ['', ' a ', 'Ab', '商品', '1', 'null'].every((x) => selfTest(t, x)) ? 'string' : 'cast';
  else if (t.instance === 'Number') kind = [0, 1.5, -2, 1e21, Infinity].every((x) => selfTest(t, x)) ? 'number' : 'cast';
  else if (['Date', 'Boolean', 'Mixed'].includes(t.instance)) kind = 'cast';
  else if (t.instance === 'Decimal128') kind = selfTest(t, 1299.5) ? 'decimal' : 'slow';
  else if (t.instance === 'ObjectId' || t.instance === 'ObjectID') kind = selfTest(t, '0123456789abcdef01234567') ? 'objectId' : 'slow';
  return { path, type: t, kind, checks, checkable, requiredOnly, moneyOnly, plainCopy: t.instance === 'Mixed', dflt: undefined, str: null };
}

function usesScope(t: AnyType | undefined): boolean {
  if (!t) return false;
  if (typeof t.options.required === 'function') return true;
  return t.validators.some((v) => v !== null && typeof v === 'object' && !BUILT_IN.has(String(v.type)) && v.validator !== isValidMoney);
}

/** The shortcuts for String/Number/Decimal128/ObjectId assume cast + toPlain hands the value back unchanged. */
function selfTest(t: AnyType, sample: unknown): boolean {
  try {
    return typeof t._castFunction !== 'function' && toPlain(t.cast(sample)) === sample;
  } catch {
    return false;
  }
}

export function collectionPlan(coll: CollectionName): CollectionPlan {
  let plan = plans.get(coll);
  if (plan) return plan;
  const def = COLLECTION_DEFS[coll];
  const Model = validationModel(coll);
  const contentPaths: string[] = [];
  def.schema.eachPath((p) => {
    const top = p.split('.')[0]!;
    // Tasks, workers and hosts have no re-crawl bookkeeping: all their fields are content.
    const skip = def.crawled ? bookkeeping.has(top) : top === '_id';
    if (!skip && !contentPaths.includes(top)) contentPaths.push(top);
  });
  const empty = new Model({}, null, { skipId: true }).toObject({ depopulate: true, virtuals: false, versionKey: false }) as Record<string, unknown>;
  const strings: CollectionPlan['strings'] = [];
  Model.schema.eachPath((path, type) => {
    const t = type as unknown as { instance: string; options: { trim?: boolean; uppercase?: boolean; lowercase?: boolean } };
    if (t.instance === 'String' && !path.includes('.') && (t.options.trim || t.options.uppercase || t.options.lowercase)) {
      strings.push({ path, trim: !!t.options.trim, upper: !!t.options.uppercase, lower: !!t.options.lowercase });
    }
  });
  const paths = contentPaths.map((p) => {
    const t = def.schema.path(p) as AnyType | undefined;
    // A nested object path (`a.b` under `a`) has no SchemaType of its own: always the slow way.
    const pp: PathPlan = t
      ? pathPlan(p, t)
      : { path: p, type: null as unknown as SchemaType, kind: 'slow', checks: [], checkable: false, requiredOnly: false, moneyOnly: false, plainCopy: true, dflt: undefined, str: null };
    pp.dflt = empty[p];
    const s = strings.find((x) => x.path === p);
    pp.str = s ? { trim: s.trim, upper: s.upper, lower: s.lower } : null;
    return pp;
  });
  const needsScope = contentPaths.some((p) => usesScope(def.schema.path(p) as AnyType | undefined));
  plan = { coll, crawled: def.crawled, contentPaths, defaults: empty, strings, paths, needsScope };
  plans.set(coll, plan);
  return plan;
}

/**
 * The object a record is validated as (the same for the fast check and Model.validate): its
 * content paths from `fields` (unknown fields dropped, as `strict` does), schema defaults for
 * missing ones, the string setters applied, and placeholders for the bookkeeping fields the
 * merge fills in.
 */
export function recordInput(coll: CollectionName, fields: Record<string, unknown>, now: Date): Record<string, unknown> {
  const plan = collectionPlan(coll);
  const obj: Record<string, unknown> = plan.crawled ? { firstSeenAt: now, lastSeenAt: now, lastChangedAt: now, fingerprint: '-' } : {};
  for (const p of plan.contentPaths) {
    const v = fields[p];
    if (v !== undefined) obj[p] = v;
    else {
      const d = plan.defaults[p];
      if (d !== undefined) obj[p] = d !== null && typeof d === 'object' ? structuredClone(d) : d;
    }
  }
  for (const s of plan.strings) {
    const raw = obj[s.path];
    if (typeof raw !== 'string') continue;
    let v = raw;
    if (s.trim) v = v.trim();
    if (s.upper) v = v.toUpperCase();
    if (s.lower) v = v.toLowerCase();
    obj[s.path] = v;
  }
  return obj;
}

/** Runs one path's validators on a (cast) value as Mongoose's doValidate does; false = not accepted here. */
function passes(p: PathPlan, value: unknown, scope: unknown): boolean {
  for (const c of p.checks) {
    // Mongoose runs only the required validator on an undefined value.
    if (value === undefined && !c.required) continue;
    let ok: unknown;
    if (c.re) ok = c.re.test(value as string);
    else {
      try {
        ok = c.fn!.call(scope, value);
      } catch {
        return false;
      }
      if (ok !== null && typeof ok === 'object' && typeof (ok as { then?: unknown }).then === 'function') {
        (ok as Promise<unknown>).then(undefined, () => undefined); // Model.validate will run it again
        return false;
      }
    }
    if (ok !== undefined && !ok) return false;
  }
  return true;
}

/**
 * Casts and validates a record with the schema's own casts and validators (the record as
 * recordInput builds it: defaults, string setters); returns the content (plain values: numbers
 * for money, hex strings for ids) or null when it cannot accept the record here (invalid, or
 * not a case it handles): then use Model.validate.
 */
export function fastCheck(coll: CollectionName, fields: Record<string, unknown>, now: Date): Record<string, unknown> | null {
  const plan = collectionPlan(coll);
  const scope = plan.needsScope ? recordInput(coll, fields, now) : undefined;
  const content: Record<string, unknown> = {};
  for (const p of plan.paths) {
    let raw = fields[p.path];
    if (raw === undefined) {
      raw = p.dflt;
      if (raw !== null && typeof raw === 'object') raw = structuredClone(raw);
    }
    if (p.str && typeof raw === 'string') {
      if (p.str.trim) raw = (raw as string).trim();
      if (p.str.upper) raw = (raw as string).toUpperCase();
      if (p.str.lower) raw = (raw as string).toLowerCase();
    }
    if (raw === null || raw === undefined) {
      // Model.validate's castObject skips nullish values, so its validators see undefined.
      if (!p.checkable || !passes(p, undefined, scope)) return null;
      content[p.path] = null;
      continue;
    }
    if (!p.checkable) return null;
    switch (p.kind) {
      case 'slow':
        return null;
      case 'decimal':
        // isValidMoney on the number itself (what it would say of the cast decimal).
        if (p.moneyOnly && typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) {
          content[p.path] = raw === 0 ? 0 : raw; // Decimal128 has no negative zero here: "-0" → 0
          continue;
        }
        break;
      case 'objectId':
        if (p.requiredOnly && typeof raw === 'string' && raw.length === 24 && /^[0-9a-f]{24}$/.test(raw)) {
          content[p.path] = raw;
          continue;
        }
        break;
      case 'stringArray':
        if (Array.isArray(raw) && raw.every((x) => typeof x === 'string')) {
          content[p.path] = raw.slice();
          continue;
        }
        return null;
      case 'string':
        if (typeof raw === 'string') {
          if (!passes(p, raw, scope)) return null;
          content[p.path] = raw;
          continue;
        }
        break;
      case 'number':
        if (typeof raw === 'number' && !Number.isNaN(raw)) {
          if (!passes(p, raw, scope)) return null;
          content[p.path] = raw;
          continue;
        }
        break;
      case 'cast':
        break;
    }
    let cast: unknown;
    try {
      cast = p.type.cast(raw);
    } catch {
      return null;
    }
    if (!passes(p, cast, scope)) return null;
    // Strings, numbers, dates and booleans are plain already; money, ids and maps go through toPlain.
    content[p.path] = (p.kind === 'cast' || p.kind === 'string' || p.kind === 'number') && !p.plainCopy ? (cast ?? null) : toPlain(cast);
  }
  return content;
}
