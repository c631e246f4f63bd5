import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { ReplayBook, type ReplayCounts } from '../../src/crawler/fetching/replay/replay-book';
import { FileRuleStore } from '../../src/crawler/fetching/replay/rule-store';
import { tempDataDir } from '../helpers/cli';

const page = (id: number) => `http://shop.test/item/${id}.htm`;
const html = '<script>fetch("/api/price?id=" + id)</script>';
const requests = (id: number) => [{ url: `http://shop.test/api/price?id=${id}`, method: 'GET', status: 200, json: true }];

/** Book `a` trusts the item template the way a crawl does: three rendered pages predicted, their replays agreeing. */
function trust(a: ReplayBook): void {
  for (const id of [1, 2, 3]) {
    a.learn(page(id), html, requests(id));
    a.trialled(page(id), 1, null);
  }
}

/** Two workers of one task, each with its own book, sharing one store (the task's rules file). */
function twoWorkers() {
  const file = join(tempDataDir(), 'replay-rules.json');
  const logs: string[] = [];
  const book = (name: string, fresh: boolean) =>
    new ReplayBook(new Map<string, ReplayCounts>(), { store: new FileRuleStore(file, fresh), syncEveryMs: 0, log: (_l, m) => logs.push(`${name}: ${m}`) });
  const a = book('a', true);
  const b = book('b', false);
  return { a, b, logs };
}

describe('replay rules shared through the task store', () => {
  it('a rule one worker trusted is used by another, whose first page with it is a re-check render', async () => {
    const { a, b } = twoWorkers();
    await b.sync();
    expect(b.plan(page(10))).toBeNull();
    trust(a);
    expect(a.plan(page(4))).toBe('replay');
    await b.sync();
    expect(b.plan(page(11))).toBe('recheck');
    expect(b.plan(page(12))).toBe('replay');
    expect(b.requestsFor(page(12))?.urls).toEqual(['http://shop.test/api/price?id=12']);
  });

  it('a rule one worker refuted is dropped by the others at their next read', async () => {
    const { a, b, logs } = twoWorkers();
    trust(a);
    await b.sync();
    expect(b.plan(page(11))).toBe('recheck');
    b.rechecked(page(11), 1, null);
    expect(b.plan(page(12))).toBe('replay');
    a.rechecked(page(5), 1, 'commodities rendered [1], replayed [2]');
    expect(a.plan(page(6))).toBeNull();
    await b.sync();
    expect(b.plan(page(13))).toBeNull();
    expect(logs.some((l) => /^b: .*go back to rendering.*refuted elsewhere/.test(l))).toBe(true);
  });

  it('a fresh run of the task starts without the rules of the previous one', async () => {
    const file = join(tempDataDir(), 'replay-rules.json');
    const first = new ReplayBook(new Map(), { store: new FileRuleStore(file, true), syncEveryMs: 0 });
    trust(first);
    const resumed = new ReplayBook(new Map(), { store: new FileRuleStore(file, false), syncEveryMs: 0 });
    await resumed.sync();
    expect(resumed.plan(page(20))).toBe('recheck');
    const fresh = new ReplayBook(new Map(), { store: new FileRuleStore(file, true), syncEveryMs: 0 });
    await fresh.sync();
    expect(fresh.plan(page(20))).toBeNull();
  });

  it('a damaged rules file is said in one line and set aside; the run learns afresh and stores its rules again', async () => {
    const file = join(tempDataDir(), 'replay-rules.json');
    writeFileSync(file, '[{"key": "shop.test/item/*.htm", "rule": [');
    const warnings: string[] = [];
    const book = new ReplayBook(new Map(), { store: new FileRuleStore(file, false, (m) => warnings.push(m)), syncEveryMs: 0 });
    await book.sync();
    await book.sync();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/rules file .*replay-rules\.json could not be read \(it is not valid JSON\); kept as .*replay-rules\.json\.damaged/);
    expect(readFileSync(`${file}.damaged`, 'utf8')).toBe('[{"key": "shop.test/item/*.htm", "rule": [');
    expect(book.plan(page(30))).toBeNull();
    trust(book);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
  });

  it('a rules path that cannot be read as a file says why (not "invalid JSON") and the run goes on learning', async () => {
    const file = join(tempDataDir(), 'replay-rules.json');
    mkdirSync(file); // a folder where the file should be
    const warnings: string[] = [];
    const book = new ReplayBook(new Map(), { store: new FileRuleStore(file, false, (m) => warnings.push(m)), syncEveryMs: 0 });
    await book.sync();
    expect(warnings).toEqual([expect.stringMatching(/replay-rules\.json could not be read \(EISDIR[^)]*\); kept as .*\.damaged/)]);
    trust(book);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
  });

  it('a rules file with one malformed rule keeps the readable ones and sets the file aside', async () => {
    const file = join(tempDataDir(), 'replay-rules.json');
    const good = { key: 'shop.test/item/*.htm', rule: [{ parts: [{ text: '/api/price?id=' }, { value: 'path2.0' }], key: '/api/price?id={path2.0}' }], witnesses: [] };
    writeFileSync(file, JSON.stringify([good, { key: 'shop.test/other/*.htm', rule: 'oops' }]));
    const warnings: string[] = [];
    const book = new ReplayBook(new Map(), { store: new FileRuleStore(file, false, (m) => warnings.push(m)), syncEveryMs: 0 });
    await book.sync();
    await book.sync();
    expect(warnings).toEqual([expect.stringMatching(/1 of its 2 rules are malformed.*1 readable rules kept/)]);
    expect(existsSync(`${file}.damaged`)).toBe(true);
    expect(book.plan(page(31))).toBe('recheck');
  });
});
