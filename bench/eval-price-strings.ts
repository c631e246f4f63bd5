/**
 * Checks parsePrice against a file of real price strings (the public price-parser cases):
 *   npx tsx bench/eval-price-strings.ts ../shared/datasets/price-strings/cases.json [--show-errors]
 * The file maps group names to [{text, currencyHint, currency, amount, decimalSeparator}]; amount
 * is a decimal string or null; currency the raw symbol as written (not ISO), so currency is scored
 * as "found one when the case has one, none when it has none".
 */
import { readFileSync } from 'node:fs';
import { parsePrice } from '../extractors/price/parse-price';

interface Case {
  text: string | null;
  currencyHint: string | null;
  currency: string | null;
  amount: string | null;
  decimalSeparator: '.' | ',' | null;
}

const [path, ...flags] = process.argv.slice(2);
if (!path) {
  console.error('usage: tsx bench/eval-price-strings.ts CASES.json [--show-errors]');
  process.exit(2);
}
const groups = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Case[]>;
const show = flags.includes('--show-errors');
let total = 0, amountOk = 0, currencyOk = 0;
const t0 = performance.now();
for (const [group, cases] of Object.entries(groups)) {
  let gOk = 0;
  for (const c of cases) {
    const got = parsePrice(c.text ?? '', {
      currency: c.currencyHint ?? undefined,
      decimalSeparator: c.decimalSeparator ?? undefined,
    });
    const want = c.amount === null ? null : Number(c.amount);
    const ok = want === null ? got.amount === null : got.amount !== null && Math.abs(got.amount - want) < 1e-9;
    const curOk = (c.currency === null) === (got.currency === null);
    total++;
    if (ok) { amountOk++; gOk++; }
    if (curOk) currencyOk++;
    if (show && (!ok || !curOk))
      console.log(`${group}\t${ok ? '' : 'AMOUNT'}${curOk ? '' : ' CURRENCY'}\t${JSON.stringify(c.text)} hint=${JSON.stringify(c.currencyHint)} want=${c.amount} ${c.currency} got=${got.amount} ${got.currency}`);
  }
  console.log(`${group.padEnd(50)} ${gOk}/${cases.length}`);
}
const ms = performance.now() - t0;
console.log(`cases ${total}  amount accuracy ${(amountOk / total).toFixed(3)}  currency presence accuracy ${(currencyOk / total).toFixed(3)}  ${(1000 * ms / total).toFixed(1)} µs/case`);
