/**
 * Availability from schema.org values ("http://schema.org/InStock", "OutOfStock", "in_stock")
 * and from phrases in several languages. Returns null when nothing says.
 */
const OUT_VALUES = /(?:^|[/#:])(?:OutOfStock|SoldOut|Discontinued|out[_ -]?of[_ -]?stock|sold[_ -]?out|unavailable)$/i;
const IN_VALUES = /(?:^|[/#:])(?:InStock|InStoreOnly|OnlineOnly|LimitedAvailability|PreOrder|BackOrder|PreSale|in[_ -]?stock|available)$/i;

export function availabilityFromValue(v: unknown): 'InStock' | 'OutOfStock' | null {
  if (typeof v === 'boolean') return v ? 'InStock' : 'OutOfStock';
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (OUT_VALUES.test(s)) return 'OutOfStock';
  if (IN_VALUES.test(s)) return 'InStock';
  return null;
}

// Phrases: out-of-stock first, since "not in stock" contains "in stock".
// Phrases stand between non-letters: \b does not see "é" or "ť" as letters, so "épuisé" never matched.
const OUT_PHRASES = new RegExp(
  String.raw`(?<!\p{L})(?:out of stock|sold out|currently unavailable|derzeit nicht (?:verfügbar|auf lager)|momentan nicht verfügbar|actuellement indisponible|temporairement en rupture|attualmente non disponibile|no disponible|non disponible|niedostępny|nedostupn[éý]|vypredané|není skladem|not (?:currently )?(?:in stock|available)|no longer available|temporarily unavailable|ausverkauft|nicht (?:auf lager|verfügbar|lieferbar)|épuisé|rupture de stock|agotado|sin stock|esgotado|indisponível|esaurito|non disponibile|uitverkocht|niet op voorraad|brak w magazynie|niedostępny|нет в наличии|распродано|notify me when available|` +
  // "this product cannot be bought now" in many words: the offer is off, whatever the buttons say
  String.raw`can(?:not|'t|’t)\s+be\s+(?:purchased|ordered|bought)|not\s+available\s+(?:for\s+(?:purchase|order|sale)|to\s+(?:buy|order))|no\s+longer\s+(?:sold|for\s+sale|offered)|this\s+listing\s+(?:has|was)\s+ended|` +
  String.raw`nie\s+je\s+možné\s+(?:\S+\s+)?kúpiť|nelze\s+(?:\S+\s+)?koupit|nie\s+można\s+(?:\S+\s+)?kupić|nicht\s+(?:mehr\s+)?(?:bestellbar|erhältlich)|n'est\s+plus\s+disponible|plus\s+disponible|ya\s+no\s+está\s+disponible|non\s+più\s+disponibile)(?!\p{L})|` +
  String.raw`无货|缺货|售罄|已售完|已下架|已下柜|停售|暂停销售|暂不销售|无法购买|暂时无货|到货通知|在庫切れ|売り切れ|販売終了|販売休止|품절|판매\s*종료`,
  'iu',
);
const IN_PHRASES =
  new RegExp(String.raw`(?<!\p{L})(?:in stock|available now|ready to ship|ships (?:today|within)|auf lager|sofort lieferbar|en stock|disponible|en existencia|disponível|em estoque|disponibile|op voorraad|dostępny|в наличии|last \d+ (?:items?|left)|only \d+ left)(?!\p{L})|有货|现货|库存充足|在庫あり|재고 있음`, 'iu');

export function availabilityFromText(text: string): 'InStock' | 'OutOfStock' | null {
  if (!text) return null;
  if (OUT_PHRASES.test(text)) return 'OutOfStock';
  if (IN_PHRASES.test(text)) return 'InStock';
  return null;
}
