import { Schema, type SchemaDefinition } from 'mongoose';

/** A money value as cast (Decimal128, or a number) is a finite amount of at least 0. */
export function isValidMoney(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  const n = typeof v === 'number' ? v : Number(String(v));
  return Number.isFinite(n) && n >= 0;
}

/**
 * Money is Decimal128 so MongoDB stores 1299.5 exactly and `{"salePrice": {"$lt": 100}}` and
 * sorting compare numerically (MongoDB compares decimals with ints/doubles by value). The
 * repositories hand money back to callers as plain JS numbers (the shortest double that prints
 * the stored decimal back), so JSON shows 1299.5, never {"$numberDecimal": "1299.5"}.
 * Mongoose has no `min` for Decimal128 (the option is silently ignored) and casts NaN and
 * Infinity to decimals: the validator here refuses negative and non-finite amounts, for both
 * backends (both validate with these schemas).
 */
export const money = (required = false) => ({
  type: Schema.Types.Decimal128,
  required,
  default: null,
  validate: { validator: isValidMoney, message: 'must be a finite amount of 0 or more, got {VALUE}' },
});

/** A reference by id: ObjectId in MongoDB, its 24-hex string in the embedded store. */
export const ref = (model: string, required = true) => ({
  type: Schema.Types.ObjectId,
  ref: model,
  required,
  ...(required ? {} : { default: null }),
});

export const optionalString = { type: String, default: null, trim: true };

/**
 * The ISO text of a page time as the page wrote it, with its offset (`2011-12-09T08:20:00+08:00`),
 * beside the Date field holding the instant (see storage/local-time.ts). Added later: records
 * without it show their instant in UTC.
 */
export const localTimeText = { type: String, default: null };

/**
 * Fields every crawled record shares: its task, its unique key within the task (the URL for
 * URL-addressed tables), the re-crawl bookkeeping and the extension map.
 */
export const crawledRecordFields: SchemaDefinition = {
  taskId: ref('Task'),
  /** Unique within the task: the URL for shops/commodities/news; see each schema for the others. */
  key: { type: String, required: true },
  site: { type: String, required: true, trim: true, lowercase: true },
  firstSeenAt: { type: Date, required: true },
  lastSeenAt: { type: Date, required: true },
  lastChangedAt: { type: Date, required: true },
  /** True once the page answered 404/410 (or was otherwise found removed); records are never deleted. */
  gone: { type: Boolean, default: false },
  goneAt: { type: Date, default: null },
  /** Hash of the content fields: an unchanged re-crawl is detected without comparing fields. */
  fingerprint: { type: String, required: true },
  /** Site-specific attributes kept rather than dropped; queryable as `extra.<name>`. */
  extra: { type: Schema.Types.Mixed, default: () => ({}) },
};

/** Bookkeeping fields the repository fills in itself; never part of the content fingerprint. */
export const BOOKKEEPING_FIELDS = [
  '_id', 'firstSeenAt', 'lastSeenAt', 'lastChangedAt', 'gone', 'goneAt', 'fingerprint', 'priceHistory', 'searchTerms', '__v',
] as const;

export const schemaOptions = {
  // Keep `extra: {}` rather than dropping empty objects, so every record has the map.
  minimize: false,
  versionKey: false,
  // Records come from pages we do not control: unknown fields are dropped, not stored.
  strict: true,
  strictQuery: false,
} as const;

/** One record per task and key: the upsert identity of every crawled table. */
export function addCrawledIndexes(schema: Schema): void {
  schema.index({ taskId: 1, key: 1 }, { unique: true });
  schema.index({ taskId: 1, lastSeenAt: -1 });
}
