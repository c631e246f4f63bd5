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
const OUT_PHRASES =
  /\b(?:out of stock|sold out|currently unavailable|derzeit nicht (?:verfügbar|auf lager)|momentan nicht verfügbar|actuellement indisponible|temporairement en rupture|attualmente non disponibile|no disponible|non disponible|niedostępny|nedostupn[éý]|vypredané|není skladem|not (?:currently )?(?:in stock|available)|no longer available|temporarily unavailable|ausverkauft|nicht (?:auf lager|verfügbar|lieferbar)|épuisé|rupture de stock|agotado|sin stock|esgotado|indisponível|esaurito|non disponibile|uitverkocht|niet op voorraad|brak w magazynie|niedostępny|нет в наличии|распродано|notify me when available)\b|无货|缺货|售罄|已售完|已下架|暂时无货|到货通知|在庫切れ|売り切れ|품절/i;
const IN_PHRASES =
  /\b(?:in stock|available now|ready to ship|ships (?:today|within)|auf lager|sofort lieferbar|en stock|disponible|en existencia|disponível|em estoque|disponibile|op voorraad|dostępny|в наличии|last \d+ (?:items?|left)|only \d+ left)\b|有货|现货|库存充足|在庫あり|재고 있음/i;

export function availabilityFromText(text: string): 'InStock' | 'OutOfStock' | null {
  if (!text) return null;
  if (OUT_PHRASES.test(text)) return 'OutOfStock';
  if (IN_PHRASES.test(text)) return 'InStock';
  return null;
}
