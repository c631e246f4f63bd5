/**
 * The words written just before a price say what kind of figure it is. Instalments ("每期 $806",
 * "12 x", "per month") and prices without tax ("excl. VAT", "netto", "HT") stand next to the
 * price a buyer pays but are not it; class names often do not say so, the label does.
 */
const INSTALMENT = /(?:每期|每月|月付|分期|per\s+month|\bmonthly\b|\bcuotas?\b|mensualidades|parcelas?|\brata\b|\braten\b|\bmtl\.)/i;
/** "12 x $99", "3× 33,00 €": a count of payments right before the price. */
const TIMES = /\d+\s*[x×]\s*$/i;
const EXCL_TAX = /(?:\bexcl?\.?\s*(?:vat|tax|btw|gst|mwst)|\bex\.?\s*vat\b|excluding\s+(?:vat|tax)|without\s+(?:vat|tax)|\bexkl\.?\s*(?:mwst|ust)|ohne\s+(?:mwst|ust)|\bnetto\b|\bnet\s+price\b|hors\s+tax|\bHT\s*:?\s*$|sin\s+iva|senza\s+iva|bez\s+(?:dph|vat|pdv|ddv|áfa)|brez\s+ddv|без\s+ндс|不含税|未税)/i;

export type PriceLabelKind = 'instalment' | 'exclTax';

/**
 * What the label before a price makes of it, or null for an ordinary price. Only the words since
 * the last number count: "12 monthly payments of $5 · $60" leaves $60 an ordinary price.
 */
export function priceLabelKind(before: string): PriceLabelKind | null {
  const tail = before.replace(/\s+/g, ' ').trim().slice(-40);
  if (!tail) return null;
  if (TIMES.test(tail)) return 'instalment';
  const t = tail.replace(/^.*\d/, '');
  if (INSTALMENT.test(t)) return 'instalment';
  if (EXCL_TAX.test(t)) return 'exclTax';
  return null;
}

/**
 * The text written just before an element inside its container (up to two levels up and a few
 * hundred characters): the label a price stands behind, such as "每期" or "Brez DDV:".
 */
export function labelBefore(el: Element): string {
  let out = '';
  let node: Element | null = el;
  for (let up = 0; node && up < 2 && out.length < 40; up++, node = node.parentElement) {
    for (let s = node.previousSibling; s && out.length < 200; s = s.previousSibling) {
      const t = s.textContent ?? '';
      if (s.nodeType === 1 && t.length > 200) return `${t.slice(-80)} ${out}`;
      out = `${t} ${out}`;
    }
  }
  return out;
}
