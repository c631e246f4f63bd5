import { expect, it } from 'vitest';
import { normalizeUrl } from '../../src/dedup/normalize-url';

it('maps variants of one page to one key', () => {
  const variants = [
    'https://Shop.Example.COM:443/Item/42?b=2&a=1#reviews',
    'https://shop.example.com/Item/42?a=1&b=2&utm_source=mail&utm_medium=x',
    'https://shop.example.com./Item/42?spm=a1.b2&a=1&b=2',
    '  https://user:pw@shop.example.com/Item/42?b=2&a=1  ',
  ];
  const keys = new Set(variants.map((v) => normalizeUrl(v).url));
  expect([...keys]).toEqual(['https://shop.example.com/Item/42?a=1&b=2']);
  // Path case and non-tracking parameters are meaningful.
  expect(normalizeUrl('https://shop.example.com/item/42?a=1&b=2').url).not.toBe([...keys][0]);
  expect(normalizeUrl('http://a.test:80/x?').url).toBe('http://a.test/x');
  expect(normalizeUrl('http://a.test:8080/x').url).toBe('http://a.test:8080/x');
});

it('rejects malformed and non-http links with a reason instead of throwing', () => {
  for (const [input, reason] of [
    ['javascript:void(0)', /unsupported scheme "javascript"/],
    ['mailto:x@y.z', /unsupported scheme "mailto"/],
    ['http://', /malformed URL/],
    ['/relative/path', /malformed URL/],
    ['', /empty URL/],
    [42, /not a string/],
    [`https://a.test/${'x'.repeat(70_000)}`, /too long/],
  ] as const) {
    const r = normalizeUrl(input);
    expect(r.url).toBeNull();
    expect(r.reason).toMatch(reason);
  }
  const long = `https://a.test/q?x=${'y'.repeat(10_240)}`;
  expect(normalizeUrl(long).url).toBe(long);
});
