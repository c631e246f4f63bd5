/**
 * Scores extractors/price/parse-price against the real price strings of
 * ../shared/datasets/price-strings/cases.json ({group: [{text, currencyHint, amount, currency, decimalSeparator}]}).
 *
 *   npx tsx scripts/eval-price-strings.ts [CASES.json] [--show-errors] [--group NAME]
 *
 * amount: right when the parsed amount equals the expected one (both null counts as right).
 * currency: right when a currency is found exactly when the case names one, and (for the
 * tokens listed in ISO below) it is the expected ISO code.
 */
import { readFileSync } from 'node:fs';
import { parsePrice } from '../extractors/price/parse-price';

interface Case {
  text: string | null;
  currencyHint: string | null;
  amount: string | null;
  currency: string | null;
  decimalSeparator: '.' | ',' | null;
}

// The ISO code a written currency token stands for, where it is unambiguous (scorer's own table).
const ISO: Record<string, string> = {
  '€': 'EUR', EUR: 'EUR', euro: 'EUR', '£': 'GBP', GBP: 'GBP', '₤': 'GBP', Kč: 'CZK', 'руб.': 'RUB', руб: 'RUB', Р: 'RUB', 'р.': 'RUB', '₽': 'RUB',
  zł: 'PLN', Zł: 'PLN', PLN: 'PLN', pln: 'PLN', R$: 'BRL', 'грн.': 'UAH', грн: 'UAH', DKK: 'DKK', Rp: 'IDR', lei: 'RON', Lei: 'RON', LEI: 'RON', RON: 'RON',
  '₫': 'VND', đ: 'VND', Ft: 'HUF', HUF: 'HUF', TL: 'TRY', SGD: 'SGD', CHF: 'CHF', 'Fr.': 'CHF', '₪': 'ILS', NOK: 'NOK', C$: 'CAD', 'CA$': 'CAD',
  '₹': 'INR', KD: 'KWD', AED: 'AED', USD: 'USD', US$: 'USD', RM: 'MYR', NT$: 'TWD', OMR: 'OMR', A$: 'AUD', AU$: 'AUD', AUD: 'AUD', NZD: 'NZD',
  '원': 'KRW', 円: 'JPY', '฿': 'THB', 'MX$': 'MXN', 'лв.': 'BGN', лв: 'BGN', '₼': 'AZN', '৳': 'BDT', '֏': 'AMD', '؋': 'AFN', Lek: 'ALL',
};

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--group') ?? '../shared/datasets/price-strings/cases.json';
const showErrors = args.includes('--show-errors');
const only = args.includes('--group') ? args[args.indexOf('--group') + 1] : null;
const groups = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Case[]>;

const same = (a: number | null, b: string | null) => (a === null || b === null ? a === null && b === null : Math.abs(a - Number(b)) < 1e-6);
let allN = 0, allAmount = 0, allCur = 0;
for (const [name, cases] of Object.entries(groups)) {
  if (only && name !== only) continue;
  let amountOk = 0, curOk = 0;
  for (const c of cases) {
    const p = parsePrice(c.text, { currency: c.currencyHint ?? undefined, decimalSeparator: c.decimalSeparator ?? undefined });
    const a = same(p.amount, c.amount);
    const want = c.currency ? ISO[c.currency] ?? '*' : null;
    const cu = want === null ? p.currency === null : want === '*' ? p.currency !== null : p.currency === want;
    amountOk += a ? 1 : 0;
    curOk += cu ? 1 : 0;
    if (showErrors && (!a || !cu)) {
      console.log(`${a ? '  ' : 'A!'} ${cu ? '  ' : 'C!'} ${JSON.stringify(c.text)} hint=${JSON.stringify(c.currencyHint)} want ${c.amount} ${c.currency} got ${p.amount} ${p.currency}`);
    }
  }
  allN += cases.length;
  allAmount += amountOk;
  allCur += curOk;
  console.log(`${name.padEnd(50)} n=${String(cases.length).padStart(4)}  amount ${(amountOk / cases.length).toFixed(3)}  currency ${(curOk / cases.length).toFixed(3)}`);
}
console.log(`${'ALL'.padEnd(50)} n=${String(allN).padStart(4)}  amount ${(allAmount / allN).toFixed(3)}  currency ${(allCur / allN).toFixed(3)}`);
