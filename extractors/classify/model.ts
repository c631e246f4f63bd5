import type { PageIndex } from '../commerce/dom/page-index';
import { FEATURE_NAMES, typingFeatures, type TypingSignals } from './features';
import { storyList, type StoryList } from './story-list';
import model from './page-type-model.json';

/** What the model tells apart; category and shop pages are told by their own signals after it. */
export type ModelType = 'product' | 'listing' | 'news' | 'other';

/**
 * A page is typed product from this probability on, even when another type is likelier: on WCXB
 * dev pages held apart from training (one crc32 half, model trained on the other), 0.3 found more
 * product pages than the most likely type did (34/45 vs 33, 32/41 vs 28), with under 1% of other
 * pages taken for products (3/627, 4/621; scripts/train-page-type.ts --eval).
 */
export const PRODUCT_MIN_SCORE = 0.3;

const OG_PRODUCT = FEATURE_NAMES.indexOf('ogProduct');
const LD_PRODUCTS = FEATURE_NAMES.indexOf('ldProducts');
const BUY_BUTTON = FEATURE_NAMES.indexOf('buyButton');

/**
 * The page's own markup names one product (og:type product, or a single schema.org Product) and
 * it has a buy control: a product page even when the model reads it otherwise, as it does a
 * product page whose price arrives by script. On WCXB dev pages: 23 product pages, 2 shop grids
 * (which the caller keeps as listings when it finds their items), no other kind.
 */
export function declaresOneProductToBuy(features: number[]): boolean {
  return (features[OG_PRODUCT]! > 0 || features[LD_PRODUCTS] === 1) && features[BUY_BUTTON]! > 0;
}

const HEADING_IN_TITLE = FEATURE_NAMES.indexOf('headingInTitle');
const DOM_PRICE = FEATURE_NAMES.indexOf('domPrice');
const SPOTS_NEAR_HEADING = FEATURE_NAMES.indexOf('spotsNearHeading');
const SKU_STRONG = FEATURE_NAMES.indexOf('skuStrong');
const DOM_AVAILABILITY = FEATURE_NAMES.indexOf('domAvailability');

/** Product score from which a price under the page's heading makes a product page (see buyBoxUnderHeading). */
export const BUY_BOX_MIN_SCORE = 0.2;
/** Product score from which a labelled SKU by the heading does (an item sold out shows no price). */
export const LABELLED_SKU_MIN_SCORE = 0.15;
/** Listing score under which either does: a shop's grid reads as a listing far more surely. */
export const BUY_BOX_MAX_LISTING = 0.5;

/**
 * A product page that the model reads as something else, most often as the listing of its
 * recommendation carousel ("customers also bought", a seller's other items), or as a page of
 * menus when the item is sold out and shows no price. The page's heading is its <title>, and
 * either a price stands under that heading with the item's stock line, SKU or product markup
 * (one schema.org Product, og:type product), or a labelled SKU stands by it with the item's price
 * or stock line. A shop's grid has no single stock or SKU line of its own. Measured with the
 * model's held-out scores on WCXB dev (trained on the other hash half): 7 of the 20 product pages
 * the model missed, 1 of 87 shop grids, no page of another type; on products-dev (never trained
 * on) 6 of the 10 product pages not typed product, four of them stored as 10-98 carousel items
 * and two with no commodity at all.
 */
export function buyBoxUnderHeading(typing: Pick<PageTyping, 'features' | 'scores'>): boolean {
  const f = typing.features;
  const product = typing.scores.product ?? 0;
  if ((typing.scores.listing ?? 0) >= BUY_BOX_MAX_LISTING || f[HEADING_IN_TITLE]! < 0.8) return false;
  const sku = f[SKU_STRONG]! > 0;
  const stock = f[DOM_AVAILABILITY]! > 0;
  const price = f[DOM_PRICE]! > 0;
  const pricedBox = product >= BUY_BOX_MIN_SCORE && price && f[SPOTS_NEAR_HEADING]! >= 1 && (sku || stock || f[LD_PRODUCTS] === 1 || f[OG_PRODUCT]! > 0);
  const labelledBox = product >= LABELLED_SKU_MIN_SCORE && sku && (price || stock);
  return pricedBox || labelledBox;
}

export interface PageTyping {
  /** The most likely type (null: no usable model is shipped, the caller types by rules). */
  type: ModelType | null;
  /** Probability of each type (they add up to 1; empty without a model). */
  scores: Partial<Record<ModelType, number>>;
  features: number[];
  /** Headlines with teasers against the largest paragraph block: is the page a list of stories. */
  stories: StoryList;
}

/** A tree node: an inner node [feature, threshold, left, right] (left when value < threshold), or a leaf's class probabilities. */
type TreeNode = [number, number, TreeNode, TreeNode] | { p: number[] };
interface ForestModel {
  kind: 'forest';
  features: string[];
  classes: ModelType[];
  trees: TreeNode[];
}
interface LogisticModel {
  kind: 'logistic';
  features: string[];
  classes: ModelType[];
  mean: number[];
  scale: number[];
  /** One weight row per class, the bias last. */
  weights: number[][];
}
type Model = ForestModel | LogisticModel | { kind: 'none' };

const MODEL = model as unknown as Model;
// A model trained on another feature list would read the wrong numbers: refuse it rather than guess.
const USABLE = MODEL.kind !== 'none' && MODEL.features.join() === FEATURE_NAMES.join();

function leafOf(node: TreeNode, x: number[]): number[] {
  let n = node;
  while (Array.isArray(n)) n = x[n[0]] < n[1] ? n[2] : n[3];
  return n.p;
}

/** Class probabilities for one feature vector. */
export function predict(x: number[]): number[] | null {
  if (!USABLE) return null;
  if (MODEL.kind === 'forest') {
    const sum = MODEL.classes.map(() => 0);
    for (const t of MODEL.trees) leafOf(t, x).forEach((p, i) => (sum[i] += p));
    return sum.map((v) => v / MODEL.trees.length);
  }
  if (MODEL.kind === 'logistic') {
    const z = MODEL.weights.map((w) => {
      let s = w[w.length - 1];
      for (let i = 0; i < x.length; i++) s += w[i] * ((x[i] - MODEL.mean[i]) / MODEL.scale[i]);
      return s;
    });
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const t = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / t);
  }
  return null;
}

/**
 * The page's type as a small model trained on labelled real pages reads it (see
 * scripts/train-page-type.ts).
 */
export function typePage(doc: Document, idx: PageIndex, s: TypingSignals): PageTyping | null {
  const features = typingFeatures(doc, idx, s);
  const stories = storyList(idx);
  const p = predict(features);
  if (!p || MODEL.kind === 'none') return { type: null, scores: {}, features, stories };
  const scores = Object.fromEntries(MODEL.classes.map((c, i) => [c, p[i]])) as Record<ModelType, number>;
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
  return { type: MODEL.classes[best], scores, features, stories };
}
