import { createRng } from '../prng';
import type { DemoCategory } from '../catalog';

/**
 * Ground truth of the demo's second shop, "福满多商城": a mall of a few shops built the way
 * older Chinese shops are (table layouts, class names that say nothing, ASP-style addresses
 * with query ids), so that a crawl of it meets the kinds of pages the first shop never shows.
 * Pure: the same seed always gives the same catalog.
 */

export const SHOP2_PREFIX = '/s2/';

/** Categories have the same shape in both demo shops (`url` e.g. `/s2/list.asp?cid=1-2-1`). */
export type Shop2Category = DemoCategory;

export interface Shop2Shop {
  id: string;
  name: string;
  /** `/s2/shop.asp?sid=N` */
  url: string;
  goodsCount: number;
  /** How the shop page shows its rating. */
  ratingKind: 'dsr' | 'percent';
  /** The description / service / logistics scores ("描述 4.8 服务 4.7 物流 4.9"). */
  dsr: [number, number, number];
  /** "98.5%" when ratingKind is percent. */
  approval: string;
  /** The rating a reader takes from the shop page: the description score, or the approval rate. */
  rating: string | number;
}

export interface Shop2Review {
  author: string;
  /** 好评 / 中评 / 差评 as 5 / 3 / 1, or stars 1–5. */
  rating: number;
  /** How the page shows the grade. */
  grade: '好评' | '中评' | '差评' | null;
  content: string;
  /** The shop's reply, shown under the review (not part of it). */
  reply: string | null;
  /** Local time as shown, `YYYY-MM-DD HH:MM`. */
  time: string;
}

export interface Shop2Product {
  id: string;
  /** `/s2/product.asp?id=N` */
  url: string;
  name: string;
  /** 商城价 */
  price: number;
  /** 促销价, when on promotion. */
  salePrice: number | null;
  shopId: string;
  categoryId: string;
  reviews: Shop2Review[];
  /** Reviews in the page's HTML or fetched by its script after load. */
  reviewsBy: 'html' | 'xhr';
}

export interface Shop2Catalog {
  categories: Shop2Category[];
  shops: Shop2Shop[];
  products: Shop2Product[];
}

/** Reviews shown before "查看更多评价" is clicked. */
export const SHOP2_FIRST_REVIEWS = 3;
/** Products a category page shows before "加载更多" is clicked. */
export const SHOP2_FIRST_ITEMS = 6;
/** Goods per shop page. */
export const SHOP2_SHOP_PAGE = 10;

const TREE: Array<{ name: string; subs: Array<{ name: string; leaves: Array<[string, string, number, number]> }> }> = [
  { name: '茶叶茶具', subs: [
    { name: '绿茶', leaves: [['龙井', '西湖龙井', 88, 899], ['碧螺春', '洞庭碧螺春', 68, 699]] },
    { name: '茶具', leaves: [['紫砂壶', '宜兴紫砂壶', 128, 2999], ['茶盘', '实木茶盘', 99, 999]] },
  ] },
  { name: '文玩收藏', subs: [
    { name: '手串', leaves: [['金丝楠木', '金丝楠木手串', 88, 1999], ['菩提子', '星月菩提手串', 39, 399]] },
    { name: '书画', leaves: [['国画', '手绘国画', 199, 5999], ['书法', '书法真迹', 299, 6999]] },
  ] },
  { name: '家居日用', subs: [
    { name: '床上用品', leaves: [['蚕丝被', '桑蚕丝被', 299, 2999], ['枕头', '乳胶枕头', 59, 599]] },
    { name: '厨房用品', leaves: [['铁锅', '手工铁锅', 89, 499], ['刀具', '不锈钢刀具套装', 69, 899]] },
  ] },
];

const SHOPS = ['福满多茶庄', '聚宝阁文玩', '安居家纺专营店'];
const TAGS = ['正品', '特价', '包邮', '新款', '精品'];
const AUTHORS = ['j***n', '小***鱼', '老***王', '茶***客', 'w***8', '清***风', '阿***明', 'k***y'];
const GOOD = ['东西很好，包装也很用心，下次还来。', '质量不错，和描述一致，物流很快。', '性价比很高，值得购买。', '收到了，做工精细，很满意。', '第二次购买了，一如既往的好。'];
const MID = ['一般吧，颜色比图片深一些。', '还行，就是发货有点慢。'];
const BAD = ['质量太差了，不推荐。', '和描述不符，已经申请退货。'];
const REPLIES = ['感谢您的支持，欢迎再次光临！', '亲，给您带来不便非常抱歉，请联系客服处理。'];

const pad = (n: number) => String(n).padStart(2, '0');

export function buildShop2Catalog(seed = 7): Shop2Catalog {
  const rng = createRng(seed).fork('shop2');
  const categories: Shop2Category[] = [];
  const leaves: Array<{ cat: Shop2Category; noun: string; lo: number; hi: number }> = [];
  TREE.forEach((top, ti) => {
    const topId = String(ti + 1);
    const t: Shop2Category = { id: topId, name: top.name, url: `${SHOP2_PREFIX}list.asp?cid=${topId}`, level: 1, parentId: null, path: [top.name], childIds: [] };
    categories.push(t);
    top.subs.forEach((sub, si) => {
      const subId = `${topId}-${si + 1}`;
      const s: Shop2Category = { id: subId, name: sub.name, url: `${SHOP2_PREFIX}list.asp?cid=${subId}`, level: 2, parentId: topId, path: [top.name, sub.name], childIds: [] };
      t.childIds.push(subId);
      categories.push(s);
      sub.leaves.forEach(([name, noun, lo, hi], li) => {
        const id = `${subId}-${li + 1}`;
        const c: Shop2Category = { id, name, url: `${SHOP2_PREFIX}list.asp?cid=${id}`, level: 3, parentId: subId, path: [top.name, sub.name, name], childIds: [] };
        s.childIds.push(id);
        categories.push(c);
        leaves.push({ cat: c, noun, lo, hi });
      });
    });
  });
  const shops: Shop2Shop[] = SHOPS.map((name, i) => {
    const dsr: [number, number, number] = [rng.int(45, 50) / 10, rng.int(45, 50) / 10, rng.int(45, 50) / 10];
    const approval = `${rng.int(950, 999) / 10}%`;
    const ratingKind = i === 1 ? 'percent' : 'dsr';
    return { id: String(i + 1), name, url: `${SHOP2_PREFIX}shop.asp?sid=${i + 1}`, goodsCount: 0, ratingKind, dsr, approval, rating: ratingKind === 'dsr' ? dsr[0] : approval };
  });
  const products: Shop2Product[] = [];
  // Every leaf gets goods; some get more than a category page shows before "加载更多".
  const counts = leaves.map((_, i) => (i % 3 === 0 ? 9 : 3));
  let n = 0;
  leaves.forEach((leaf, li) => {
    for (let k = 0; k < counts[li]!; k++) {
      const id = String(5001 + n++);
      const price = Math.round(leaf.lo + rng.next() * (leaf.hi - leaf.lo));
      const onSale = rng.chance(0.5);
      const salePrice = onSale ? Math.max(1, Math.round(price * (0.7 + rng.next() * 0.2))) : null;
      const shop = shops[li % 2 === 0 ? Math.floor(li / 4) % 3 : (li + k) % 3]!;
      shop.goodsCount++;
      const reviews: Shop2Review[] = [];
      const nReviews = rng.int(0, 6);
      for (let r = 0; r < nReviews; r++) {
        const roll = rng.next();
        const grade = roll < 0.7 ? '好评' : roll < 0.85 ? '中评' : '差评';
        const rating = grade === '好评' ? 5 : grade === '中评' ? 3 : 1;
        const d = new Date(Date.UTC(2013, 0, 1) + rng.int(0, 700) * 86_400_000);
        reviews.push({
          author: rng.pick(AUTHORS),
          rating,
          grade,
          // Unique per product and review, so a table can be checked review by review.
          content: `${rng.pick(rating === 5 ? GOOD : rating === 3 ? MID : BAD)}（${id}号第${r + 1}条）`,
          reply: rng.chance(0.5) ? rng.pick(REPLIES) : null,
          time: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(rng.int(8, 22))}:${pad(rng.int(0, 59))}`,
        });
      }
      products.push({
        id,
        url: `${SHOP2_PREFIX}product.asp?id=${id}`,
        name: `${rng.pick(TAGS)}${leaf.noun} ${rng.pick(['A', 'B', 'C', 'D'])}${rng.int(10, 99)}款`,
        price,
        salePrice,
        shopId: shop.id,
        categoryId: leaf.cat.id,
        reviews,
        reviewsBy: Number(id) % 2 === 0 ? 'html' : 'xhr',
      });
    }
  });
  return { categories, shops, products };
}
