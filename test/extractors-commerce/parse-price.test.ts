import { describe, expect, it } from 'vitest';
import { parsePrice, readNumber } from '../../extractors/price/parse-price';
import { detectCurrency, localeCurrency } from '../../extractors/price/currency';

describe('parsePrice', () => {
  it.each([
    ['¥1,299.00', 1299, 'CNY'],
    ['1299元', 1299, 'CNY'],
    ['$1.299,00', 1299, 'USD'],
    ['US $12', 12, 'USD'],
    ['1.2万', 12000, null],
    ['€ 34,50', 34.5, 'EUR'],
    ['1 298,00 руб.', 1298, 'RUB'],
    ['R$ 139,99', 139.99, 'BRL'],
    ['Rp 350.000', 350000, 'IDR'],
    ['£6.95 inc. VAT', 6.95, 'GBP'],
    ['Price: 89 EUR', 89, 'EUR'],
    ['123,456.789 OMR', 123456.789, 'OMR'],
    ['＄２５.５０', 25.5, 'USD'],
  ])('%j → %s %s', (text, amount, currency) => {
    const p = parsePrice(text);
    expect(p.amount).toBeCloseTo(amount, 6);
    expect(p.currency).toBe(currency);
  });

  it('reads a range from its low end and keeps both ends', () => {
    expect(parsePrice('￥99-199')).toEqual({ amount: 99, min: 99, max: 199, currency: 'CNY' });
    expect(parsePrice('$10.00 – $25.00')).toMatchObject({ amount: 10, min: 10, max: 25 });
    expect(parsePrice('From 26 to 50 €')).toMatchObject({ amount: 26, max: 50, currency: 'EUR' });
  });

  it('gives null amounts for texts without a price and never throws', () => {
    expect(parsePrice('Add to cart').amount).toBeNull();
    expect(parsePrice('').amount).toBeNull();
    expect(parsePrice(null).amount).toBeNull();
    expect(parsePrice('40% OFF').amount).toBeNull();
  });

  it('takes the currency from hints when the text has none', () => {
    expect(parsePrice('19.90', { currency: 'EUR' })).toMatchObject({ amount: 19.9, currency: 'EUR' });
    expect(parsePrice('19.90', { currency: 'Price in £' }).currency).toBe('GBP');
  });

  it('settles "$" and "¥" by the page locale', () => {
    expect(parsePrice('$120', { locale: 'zh-TW' }).currency).toBe('TWD');
    expect(parsePrice('¥980', { locale: 'ja-JP' }).currency).toBe('JPY');
    expect(parsePrice('¥980', { host: 'www.shop.cn' }).currency).toBe('CNY');
  });

  it('reads thousands and decimal separators', () => {
    expect(readNumber('1,299')).toBe(1299);
    expect(readNumber('1.299,50')).toBe(1299.5);
    expect(readNumber('0.999')).toBe(0.999);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber('1.234', '.')).toBe(1.234);
  });

  it('does not join an old price and a price printed side by side into one number', () => {
    // Thousands groups keep one separator: "1,134 599" is 1,134 then 599, never 1.134599.
    expect(parsePrice('原價 $1,134 599元起/片', { host: 'shop.example.tw' }).amount).toBe(1134);
    // A space-grouped number with a currency on each side is two amounts, never 599500.
    expect(parsePrice('原價 $599 500元起/箱', { host: 'shop.example.tw' }).amount).toBe(599);
    // Space-grouped thousands with one currency still read as one number.
    expect(parsePrice('1 299 €').amount).toBe(1299);
    expect(parsePrice('€ 12 500').amount).toBe(12500);
    expect(parsePrice('1.234.567,89 €').amount).toBe(1234567.89);
  });

  it('reads Indian digit grouping (lakhs) as one number', () => {
    expect(parsePrice('₹1,14,990', { host: 'www.shop.in' }).amount).toBe(114990);
    expect(parsePrice('M.R.P: ₹1,68,616.36').amount).toBe(168616.36);
    expect(parsePrice('Rs. 12,34,567').amount).toBe(1234567);
  });
});

describe('currency', () => {
  it('finds codes, symbols and words', () => {
    expect(detectCurrency('人民币 88')).toBe('CNY');
    expect(detectCurrency('88 zł')).toBe('PLN');
    expect(detectCurrency('SHOP ALL DEALS')).toBeNull();
    expect(detectCurrency('140,00 pln')).toBe('PLN');
  });
  it('derives a currency from locale and TLD', () => {
    expect(localeCurrency({ locale: 'zh-CN' })).toBe('CNY');
    expect(localeCurrency({ host: 'www.argos.co.uk' })).toBe('GBP');
    expect(localeCurrency({ locale: 'de' })).toBe('EUR');
    expect(localeCurrency({ host: 'example.com' })).toBeNull();
  });
});
