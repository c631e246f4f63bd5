import { Schema } from 'mongoose';
import { addCrawledIndexes, crawledRecordFields, money, optionalString, ref, schemaOptions } from './common';

const pricePointSchema = new Schema(
  {
    at: { type: Date, required: true },
    price: money(),
    salePrice: money(),
  },
  { _id: false, versionKey: false },
);

/**
 * A commodity (product). Key: its URL. `price` (list price) is required: a product record
 * without any price is not worth storing half-valid. `salePrice` is null when the page shows
 * one price only (the extraction contract).
 */
export const commoditySchema = new Schema(
  {
    ...crawledRecordFields,
    shopId: ref('Shop', false),
    url: { type: String, required: true, trim: true },
    name: { type: String, required: true, trim: true },
    price: money(true),
    salePrice: money(),
    currency: { type: String, default: null, uppercase: true, match: [/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as CNY'] },
    rating: { type: Number, default: null, min: 0 },
    reviewCount: { type: Number, default: null, min: 0 },
    sku: optionalString,
    brand: optionalString,
    availability: { type: String, default: null, enum: ['InStock', 'OutOfStock', null] },
    image: optionalString,
    /** Appended only when price or salePrice changes (the first sighting opens it). */
    priceHistory: { type: [pricePointSchema], default: [] },
  },
  { ...schemaOptions, collection: 'commodities' },
);
addCrawledIndexes(commoditySchema);
commoditySchema.index({ salePrice: 1 });
commoditySchema.index({ price: 1 });
commoditySchema.index({ taskId: 1, shopId: 1 });
commoditySchema.index({ sku: 1 }, { sparse: true });
