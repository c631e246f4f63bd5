import { findCurrencies } from '../../price/currency';

/**
 * The words written just before a price say what kind of figure it is. Instalments ("每期 $806",
 * "12 x", "per month") and prices without tax ("excl. VAT", "netto", "HT") stand next to the
 * price a buyer pays but are not it; class names often do not say so, the label does.
 */
const INSTALMENT = /(?:每期|每月|月付|分期|per\s+month|\bmonthly\b|\bcuotas?\b|mensualidades|parcelas?|\brata\b|\braten\b|\bmtl\.)/i;
/** "12 x $99", "3× 33,00 €": a count of payments right before the price. */
const TIMES = /\d+\s*[x×]\s*$/i;
const EXCL_TAX = /(?:\bexcl?\.?\s*(?:vat|tax|btw|gst|mwst)|\bex\.?\s*vat\b|excluding\s+(?:vat|tax)|without\s+(?:vat|tax)|\bexkl\.?\s*(?:mwst|ust)|ohne\s+(?:mwst|ust)|\bnetto\b|\bnet\s+price\b|hors\s+tax|\bHT\s*:?\s*$|sin\s+iva|senza\s+iva|bez\s+(?:dph|vat|pdv|ddv|áfa)|brez\s+ddv|без\s+ндс|不含税|未税)/i;

/**
 * Labels of the regular price shown beside the one paid now ("商城价", "市场价", "List price",
 * "Was", "UVP", "De", "정가", "通常価格"): the figure is the list price even when nothing is drawn
 * through it. Read at the end of the label, right before the figure.
 */
const LIST_LABEL = new RegExp(
  String.raw`(?:商城价|市场价|原价|参考价|专柜价|吊牌价|划线价|门市价|市价|定价|建议零售价|零售价|指导价|厂商指导价|官方价|日常价|` +
    String.raw`\blist\s*price|\bwas|\bbefore|\bm\.?r\.?p\.?|\bregular(?:\s+price)?|\breg\.?(?:\s+price)?|\boriginal(?:ly)?(?:\s+price)?|\bcompare\s+at(?:\s+price)?|\bretail(?:\s+price)?|\bmarket\s+price|\bold\s+price|\brrp|\bmsrp|\bsrp|` +
    String.raw`\buvp|\bstatt|\bbisher|\bstreichpreis|\bprix\s+(?:barré|de\s+référence|conseillé|public)|\bau\s+lieu\s+de|\bprecio\s+(?:anterior|de\s+lista|normal|regular)|\bantes|` +
    String.raw`\bprezzo\s+(?:di\s+listino|consigliato|pieno)|\bstara\s+cena|\bстарая\s+цена|\bцена\s+без\s+скидки|정가|시중가|소비자가|定価|通常価格|希望小売価格|参考価格)$`,
  'iu',
);
/**
 * Labels of the promotional price paid now ("促销价", "秒杀价", "到手价", "Sale price", "Now",
 * "Aktionspreis", "Por", "할인가", "特価"): marked by its label only, often not in a sale colour.
 */
const SALE_LABEL = new RegExp(
  String.raw`(?:促销价|优惠价|活动价|秒杀价|抢购价|折扣价|折后价|特价|特惠价|团购价|到手价|券后价|限时价|现价|惊喜价|` +
    String.raw`\bsale(?:\s+price)?|\bnow(?:\s+only)?|\bour\s+price|\bdeal(?:\s+price)?|\bspecial(?:\s+price)?|\boffer(?:\s+price)?|\byour\s+price|\bdiscounted\s+price|` +
    String.raw`\bangebot|\baktionspreis|\bsonderpreis|\bjetzt|\bprix\s+(?:promo|soldé|réduit)|\bprecio\s+(?:oferta|rebajado|promocional)|\bahora|\bprezzo\s+scontato|\bofferta|` +
    String.raw`할인가|특가|セール価格|特価|割引価格|特別価格|цена\s+со\s+скидкой)$`,
  'iu',
);
/**
 * Labels of the price on sale now with no claim of a discount ("售价", "Current price",
 * "販売価格", "판매가"): an ordinary price, but never the regular one a theme's class calls "old".
 */
const CURRENT_LABEL = /(?:售价|销售价|販売価格|판매가|\bcurrent(?:\s+price)?|\bselling\s+price)$/iu;

/**
 * Labels of figures that stand by the price and are no price of the item: a bundle's or the
 * cart's total, shipping, and the amount saved ("Total price:", "Buy both:", "Shipping:",
 * "You save", "立减", "运费").
 */
const NOT_ITEM_PRICE = new RegExp(
  String.raw`(?:\btotal(?:\s+price)?|\bsub-?total|\bbundle(?:\s+price)?|\bbuy\s+(?:both|all\s+(?:two|three|four|\d))|\bgesamt(?:preis|summe)?|\bprix\s+total|\bprecio\s+total|\bprezzo\s+totale|` +
    // ("Free shipping" / "Free delivery" badges stand before prices and say nothing of them.)
    String.raw`(?<!free\s|kostenloser\s|gratis\s)(?:\bshipping(?:\s+(?:cost|fee|costs))?|\bdelivery(?:\s+(?:cost|fee|charge))?|\bversand(?:kosten)?)|\bpostage|\blivraison|\benv[íi]o|\bfrete|\bspedizione|` +
    // thresholds: "Free delivery over £50", "Gifts under $100", "满99元"
    String.raw`\bover|\bunder|\babove|\bbelow|\borders?\s+of|\bspend|\bminimum(?:\s+order)?|\bab\s+einem\s+bestellwert\s+von|満|满|` +
    String.raw`\bsave|\byou\s+save|\bsavings?|\bsie\s+sparen|\béconomisez|\bahorra|\brisparmi|` +
    String.raw`总价|合计|套装价|组合价|搭配价|运费|配送费|立减|直降|立省|节省|优惠|送料|합계|배송비)$`,
  'iu',
);

export type PriceLabelKind = 'instalment' | 'exclTax' | 'list' | 'sale' | 'current' | 'notItemPrice';

/** The words right before a figure, without a currency sign or code and punctuation after them ("商城价：￥" → "商城价"). */
function labelWords(t: string): string {
  let out = t;
  for (let i = 0; i < 3; i++) {
    out = out.replace(/[\s:：\-–—*]+$/u, '');
    const c = findCurrencies(out).find((m) => m.index + m.length === out.length);
    if (!c) break;
    out = out.slice(0, c.index);
  }
  return out;
}

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
  const words = labelWords(t);
  if (NOT_ITEM_PRICE.test(words)) return 'notItemPrice';
  // "Was Price", "Compare at Preis": the generic word after a label does not change it.
  const bare = words.replace(/\s*\b(?:price|preis|prix)$/iu, '');
  if (LIST_LABEL.test(words) || LIST_LABEL.test(bare)) return 'list';
  if (SALE_LABEL.test(words) || SALE_LABEL.test(bare)) return 'sale';
  if (CURRENT_LABEL.test(words)) return 'current';
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
