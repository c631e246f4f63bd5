import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DISTANCE, hammingDistance, shingles, simhash, textChanged, tokenize } from '../../src/schedule/simhash';
import { commodityFingerprint, newsChanged, newsSignature } from '../../src/schedule/record-fingerprint';

// Distinct sentences so the text has many distinct shingles, like a real article.
const SUBJECTS = ['The council', 'Local traders', 'A new survey', 'The transport office', 'Residents', 'The mayor', 'Engineers', 'Critics', 'The budget report', 'Volunteers'];
const VERBS = ['approved', 'questioned', 'welcomed', 'delayed', 'published', 'reviewed', 'rejected', 'funded', 'described', 'announced'];
const OBJECTS = ['the bus plan', 'repairs to the old bridge', 'longer library hours', 'a bicycle lane network', 'the harbour clean-up', 'cheaper school meals', 'a river flood barrier', 'night trains to the coast', 'the market hall renovation', 'free museum Sundays'];
function article(seed: number, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const k = seed * 7 + i;
    out.push(`${SUBJECTS[k % 10]} ${VERBS[(k * 3 + seed) % 10]} ${OBJECTS[(k * 7 + 3 * seed) % 10]} after talks in district ${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}.`);
  }
  return out.join(' ');
}
const ZH = '市政府近日批准了新的公共交通预算。经过数月讨论，居民将在工作日看到更多公交车，票价保持不变。官员表示，该计划还将资助老旧车站的维修，并在主要站点附近增加自行车停放点。批评者认为这笔钱应该用于道路维护。交通部门负责人说，新线路将优先覆盖城市东部的新建住宅区，那里的居民长期抱怨通勤时间过长。部分商户担心施工期间客流减少，希望政府提供临时补贴。环保团体则欢迎这一决定，认为公共交通的改善有助于减少私家车出行和空气污染。预算案还包括对残障人士无障碍设施的投入，以及在主要换乘站增设实时到站信息屏。' +
  '与此同时，教育部门公布了新学期的课程改革方案，小学将增加每周两节体育课，初中阶段引入编程和人工智能入门课程。家长普遍支持增加运动时间，但也有人担心课业负担会因此加重。校长们表示，学校会调整作业量，保证学生有足够的休息。卫生部门提醒，冬季流感高发，建议老人和儿童尽早接种疫苗，并在人员密集场所佩戴口罩。气象台预计本周末将有一次明显降温过程，北部山区可能出现降雪，请市民注意防寒保暖，驾车出行时减速慢行。';

describe('SimHash change detection', () => {
  it('tokenizes words, Chinese as character bigrams, and drops number-only tokens', () => {
    expect(tokenize('Updated 10:32, the Mayor’s plan 2026')).toEqual(['updated', 'the', 'mayor’s', 'plan']);
    expect(shingles(tokenize('公共交通'))).toEqual(['公共', '共交', '交通']);
  });

  it('is 64 bits, deterministic, and 0 bits apart for the same text', () => {
    const h = simhash(article(1, 80));
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(simhash(article(1, 80))).toBe(h);
    expect(hammingDistance(h, h)).toBe(0);
  });

  it('a new timestamp and an ad line do not count as a change; a rewritten part does', () => {
    const base = `Updated 10:32 GMT, 12 March 2026. ${article(1, 80)}`;
    const noisy = `Updated 11:47 GMT, 13 March 2026. ${article(1, 80)} Advertisement: cheap flights.`;
    const rewritten = `Updated 10:32 GMT, 12 March 2026. ${article(1, 60)} ${article(5, 20)}`;
    expect(textChanged(base, noisy)).toBe(false);
    expect(hammingDistance(simhash(base), simhash(rewritten))).toBeGreaterThan(DEFAULT_MAX_DISTANCE);
    expect(textChanged(base, rewritten)).toBe(true);
  });

  it('works on Chinese text the same way', () => {
    const noisy = `发布时间：2026年3月13日 11:47 ${ZH}`;
    const edited = ZH.slice(0, 150) + '市长周五因合同丑闻辞职，议会将于下月投票选出继任者，反对党要求展开调查，市民对此议论纷纷。';
    expect(textChanged(ZH, noisy)).toBe(false);
    expect(textChanged(ZH, edited)).toBe(true);
  });

  it('compares stored hashes and rejects a malformed one', () => {
    expect(textChanged('0000000000000000', '000000000000007f', { hashed: true })).toBe(true); // 7 bits
    expect(textChanged('0000000000000000', '000000000000003f', { hashed: true })).toBe(false); // 6 bits
    expect(() => hammingDistance('xyz', '00')).toThrow(/16 hex digits/);
  });
});

describe('record fingerprints', () => {
  const phone = { name: 'Phone X  128GB', url: 'https://shop/p/1', price: 1299.5, salePrice: 999, currency: 'CNY', availability: 'InStock' as const, sku: 'X-128', brand: 'Acme', rating: 4.8, reviewCount: 120, image: 'https://cdn1/x.jpg' };

  it('ignores fields that drift (reviews, rating, image) and formatting of name and money', () => {
    const again = { ...phone, name: 'Phone X 128GB ', price: 1299.5000001, rating: 4.7, reviewCount: 133, image: 'https://cdn2/x.jpg' };
    expect(commodityFingerprint(again)).toBe(commodityFingerprint(phone));
  });

  it('changes with price, sale price, availability or name', () => {
    const fp = commodityFingerprint(phone);
    expect(commodityFingerprint({ ...phone, salePrice: 949 })).not.toBe(fp);
    expect(commodityFingerprint({ ...phone, price: 1399 })).not.toBe(fp);
    expect(commodityFingerprint({ ...phone, availability: 'OutOfStock' })).not.toBe(fp);
    expect(commodityFingerprint({ ...phone, name: 'Phone X 256GB' })).not.toBe(fp);
    // A missing sale price is not the same as a sale price of 0.
    expect(commodityFingerprint({ ...phone, salePrice: null })).not.toBe(commodityFingerprint({ ...phone, salePrice: 0 }));
  });

  it('news: a new title or text is a change, a timestamp line is not', () => {
    const before = newsSignature({ title: 'Council approves bus plan', content: article(2, 60) });
    expect(newsChanged(before, newsSignature({ title: 'Council approves bus plan', content: `Updated 5 minutes ago. ${article(2, 60)}` }))).toBe(false);
    expect(newsChanged(before, newsSignature({ title: 'Council delays bus plan', content: article(2, 60) }))).toBe(true);
    expect(newsChanged(before, newsSignature({ title: 'Council approves bus plan', content: `${article(2, 40)} ${article(7, 20)}` }))).toBe(true);
  });
});
