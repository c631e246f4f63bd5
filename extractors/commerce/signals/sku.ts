/**
 * SKU from a label in the text: "SKU: AB-123", "ASIN B07…", "Item #12345", "商品编号：100012043978",
 * "货号 X1", "Art.-Nr. 4711", "상품번호 12345". Strong labels name the shop's own item code; weak
 * ones (Model, Part #, Ref., 型号) are used only when no strong label is on the page.
 */
const STRONG = String.raw`(?:SKU|ASIN|item\s+(?:number|#|no\.?|code|ID)|Numero\s+oggetto|Num[ée]ro\s+de\s+l'objet|Artikelnummer|Art(?:ikel)?\.?[\s-]*Nr\.?|N[úu]mero\s+de\s+art[íi]culo|Product\s*(?:#|code|ID|No\.?|number)|C[óo]digo(?:\s+do\s+produto|\s+de\s+producto)?|Bestell(?:nummer|[\s-]*Nr\.?)|Артикул|(?:Код(?:\s+товара)?|Šifra(?:\s+(?:artikla|izdelka))?|K[óo]d(?:\s+(?:produktu|tovaru))?)(?=\s*:)|Cikksz[áa]m|Varenummer|Tuotenumero|M[ãa]\s+s[ảa]n\s+ph[ẩa]m|商品编号|商品编码|商品货号|货号|产品编号|品番|商品番号|商品コード|상품\s*번호|상품\s*코드|품번)`;
const WEAK = String.raw`(?:Model(?:\s*(?:No\.?|number|#))?|Item\s+model\s+number|Part\s*(?:#|No\.?|number)|Style\s*(?:#|No\.?)|R[ée]f[ée]rence|Ref\.|Referencia|Cod\.|型号|款号|型番|모델\s*(?:명|번호))`;
const VALUE = String.raw`([A-Z0-9][A-Z0-9\-_./]{1,39})`;
/**
 * A label may name the shop after it ("Artikelnummer bei Shopname:", "Numero oggetto Shopname:"):
 * one word, then the colon that closes the label.
 */
const NAMED = String.raw`(?:\s+(?:bei\s+|on\s+|at\s+)?\p{L}[\p{L}\d.-]*\s*[:：])`;
// Latin and Cyrillic labels start a word; Chinese, Japanese and Korean ones are glued to the words before ("产品型号").
const START = String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}])`;
const INLINE_STRONG = new RegExp(`${START}${STRONG}(?:${NAMED}|\\s*[:：#]?)\\s*${VALUE}`, 'iu');
const INLINE_WEAK = new RegExp(`${START}${WEAK}\\s*[:：#]?\\s*${VALUE}`, 'iu');
// A label alone may end in ":", "#" or a dash ("Product Code -"), its value in the next text; a
// word before it may name the shop ("Shopname item number").
const LABEL_STRONG = new RegExp(`^\\s*(?:\\p{L}[\\p{L}\\d.-]*\\s+)?${STRONG}(?:${NAMED}|\\s*[:：#\\-–]?)\\s*$`, 'iu');
const LABEL_WEAK = new RegExp(`^\\s*${WEAK}\\s*[:：#\\-–]?\\s*$`, 'iu');

export interface SkuHit {
  value: string;
  strong: boolean;
}

const clean = (v: string) => v.replace(/[.,:;/]+$/, '');
/** "5.0", "2.1": a decimal number (a version, a size, "Shader Model 5.0") is no item code. */
const DECIMAL = /^\d{1,4}[.,]\d{1,2}$/;
const codeLike = (v: string) => /\d/.test(v) && !DECIMAL.test(v);

/** A SKU written inline after its label, or null. */
export function skuFromText(text: string): SkuHit | null {
  for (const [re, strong] of [[INLINE_STRONG, true], [INLINE_WEAK, false]] as const) {
    const m = re.exec(text);
    if (m) {
      const v = clean(m[1]);
      if (codeLike(v)) return { value: v, strong };
    }
  }
  return null;
}

/** Whether a text is only a SKU label ("SKU:"), so the value sits in the next text: 'strong' | 'weak' | null. */
export function skuLabel(text: string): 'strong' | 'weak' | null {
  if (text.length > 40) return null;
  if (LABEL_STRONG.test(text)) return 'strong';
  if (LABEL_WEAK.test(text)) return 'weak';
  return null;
}

/**
 * A structured-data SKU as a code: when markup wraps the code together with a caption
 * ("TE502955-1293415 Housse de canapé"), the code is the first token. Codes written with
 * spaces in capitals ("GARNI 570 EASY II") are kept whole.
 */
export function cleanSku(v: string | null): string | null {
  if (!v) return v;
  const t = v.trim();
  const m = /^(\S+)\s+(.+)$/.exec(t);
  if (m && /\d/.test(m[1]) && /^[A-Z0-9][A-Z0-9\-_./]{1,39}$/i.test(m[1]) && /\p{Ll}{3,}/u.test(m[2])) return m[1];
  return t || null;
}

/** A value that can be a SKU on its own. */
export function skuValue(text: string): string | null {
  const t = text.trim();
  return /^[A-Z0-9][A-Z0-9\-_./]{1,39}$/i.test(t) && codeLike(clean(t)) ? clean(t) : null;
}

/**
 * The item id many shops put in the product URL ("/itm/133588510845", "/dp/B07FW264WL",
 * "?pid=262388", "/7235216655.html"): the last path token of 6+ characters with digits and
 * no lower-case letters, else an id-named query parameter. Lowest-priority fallback.
 */
export function skuFromUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  for (const k of ['sku', 'pid', 'productId', 'product_id', 'itemId', 'item_id', 'id']) {
    const v = u.searchParams.get(k);
    if (v && /^[A-Z0-9-]{4,30}$/i.test(v) && /\d/.test(v)) return v;
  }
  const tokens = u.pathname
    .split(/[/_.\-,]+/)
    // "p400105394", "c7200a278526196": a long number at the end of a lower-case prefixed token
    .map((t) => /^[a-z][a-z\d]*?[a-z](\d{6,})$|^[a-z](\d{6,})$/.exec(t)?.slice(1).find(Boolean) ?? t)
    .filter((t) => t.length >= 6 && t.length <= 20 && /\d/.test(t) && !/[a-z]/.test(t));
  return tokens.length ? tokens[tokens.length - 1] : null;
}
