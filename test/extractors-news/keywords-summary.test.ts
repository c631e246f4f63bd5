import { describe, expect, it } from 'vitest';
import { extractKeywords } from '../../extractors/news/keywords/index';
import { summarize } from '../../extractors/news/summary/index';
import { splitSentences } from '../../extractors/news/summary/sentences';

const EN = `Solar panels are now cheaper than coal in most of the country, a new report on renewable energy says.
The report found that solar farms built this year produce electricity at half the cost of new coal plants.
Battery storage prices also fell, making solar power available after sunset for many utilities.
Coal plant operators said they would close older plants sooner than planned because solar energy keeps getting cheaper.
Analysts expect solar capacity to double within five years as panels and batteries become cheaper still.`;

const ZH = `新能源汽车销量今年大幅增长，电池技术的进步是主要原因。
据行业协会统计，前十个月新能源汽车销量同比增长百分之八十，其中纯电动汽车占七成。
多家车企表示，电池成本下降使新能源汽车的价格逐渐接近传统燃油车。
专家认为，充电桩建设仍然落后于新能源汽车的增长速度，需要加快布局。
“明年的销量还会继续增长。”一位车企负责人说。`;

describe('extractKeywords', () => {
  it('finds the planted English topic terms, merging inflections by stem', () => {
    const words = extractKeywords(EN, 'en', { topN: 5 }).map((k) => k.keyword.toLowerCase());
    expect(words).toContain('solar');
    expect(words.some((w) => w.startsWith('coal'))).toBe(true);
    expect(words.some((w) => w.startsWith('panel') || w.startsWith('batter') || w.startsWith('energ'))).toBe(true);
  });
  it('finds the planted Chinese topic terms with jieba segmentation', () => {
    const words = extractKeywords(ZH, 'zh', { topN: 5 }).map((k) => k.keyword);
    expect(words).toContain('新能源');
    expect(words).toContain('电池');
  });
  it('is stable across runs and returns weights in descending order', () => {
    const a = extractKeywords(EN, 'en');
    expect(extractKeywords(EN, 'en')).toEqual(a);
    expect(a.length).toBe(10);
    for (let i = 1; i < a.length; i++) expect(a[i - 1].weight).toBeGreaterThanOrEqual(a[i].weight);
  });
  it('returns nothing for empty text', () => {
    expect(extractKeywords('', 'en')).toEqual([]);
  });
});

describe('splitSentences', () => {
  it('splits Chinese on 。！？； keeping closing quotes', () => {
    expect(splitSentences('他说：“好。”我们走吧！真的吗？是的；结束')).toEqual(['他说：“好。”', '我们走吧！', '真的吗？', '是的；', '结束']);
  });
  it('splits English without breaking on abbreviations', () => {
    expect(splitSentences('Mr. Smith went to Washington. He arrived at 5 p.m. on Monday. "Great," he said.')).toEqual([
      'Mr. Smith went to Washington.', 'He arrived at 5 p.m. on Monday.', '"Great," he said.',
    ]);
  });
});

describe('summarize', () => {
  it('returns 3 sentences taken verbatim from the English text, in order', () => {
    const s = summarize(EN, 'en');
    const sentences = splitSentences(EN);
    const picked = sentences.filter((x) => s.includes(x));
    expect(picked.length).toBe(3);
    expect(picked.join(' ')).toBe(s);
  });
  it('returns verbatim Chinese sentences, and honours a ratio', () => {
    const s = summarize(ZH, 'zh', { sentences: 2 });
    const picked = splitSentences(ZH).filter((x) => s.includes(x));
    expect(picked.join('')).toBe(s);
    expect(picked.length).toBe(2);
    expect(splitSentences(summarize(ZH, 'zh', { ratio: 0.2 })).length).toBe(1);
  });
  it('returns an empty summary for empty text', () => {
    expect(summarize('', 'en')).toBe('');
  });
});
