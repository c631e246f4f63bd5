import type { PageResult } from '../../../extractors/types';

/**
 * Whether a page fetched over plain HTTP must be rendered in the browser to be read, by
 * site-agnostic signs; returns the reason, or null when the HTTP copy is good enough.
 */
export function renderingNeed(html: string, url: string, result: PageResult | null): string | null {
  if (result?.pageType === 'product') {
    const main = result.commodities.find((c) => c.url === url) ?? result.commodities[0];
    if (!main || (main.price === null && main.salePrice === null)) return 'product page without a price';
  }
  // A page whose own markup says product but whose static copy holds no priced item: the price
  // and buy box arrive by script. Typing reads such a shell as "other" (it types a declared
  // product as one only with a buy control in the static copy, see declaresOneProductToBuy).
  if (result?.pageType !== 'product' && DECLARES_PRODUCT.test(html) && !result?.commodities.some((c) => c.price !== null || c.salePrice !== null)) {
    return 'product markup without a price';
  }
  if (EMPTY_APP_ROOT.test(html)) return 'empty app root';
  const noscript = /<noscript\b[^>]*>([\s\S]*?)<\/noscript>/gi;
  for (const m of html.matchAll(noscript)) {
    if (ASKS_FOR_JS.test(m[1]!)) return '<noscript> asks for JavaScript';
  }
  const scriptChars = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].reduce((n, m) => n + m[1]!.length, 0);
  const text = visibleTextLength(html);
  if (text < 300 && scriptChars > Math.max(2_000, text * 10)) return 'little text, much script';
  return null;
}

/** og:type product, a schema.org Product item, or a JSON-LD node of @type Product. */
const DECLARES_PRODUCT = /<meta\b[^>]*\bproperty\s*=\s*["']?og:type["']?[^>]*\bcontent\s*=\s*["']?(?:og:)?product\b|<meta\b[^>]*\bcontent\s*=\s*["']?(?:og:)?product["']?[^>]*\bproperty\s*=\s*["']?og:type|\bitemtype\s*=\s*["']?https?:\/\/schema\.org\/Product\b|"@type"\s*:\s*(?:\[\s*)?"Product"/i;

/** `<div id="app"></div>` and the like: the page is a client-side app shell. */
const EMPTY_APP_ROOT = /<div\b[^>]*\bid\s*=\s*["']?(app|root|__next|__nuxt|app-root|main-app)["']?[^>]*>\s*<\/div>/i;
const ASKS_FOR_JS = /(enable|turn on|requires?|need)\W+(\w+\W+){0,3}javascript|javascript\W+(\w+\W+){0,3}(required|enabled|disabled)|(启用|开启|打开|支持|允许)\s*javascript|javascript\s*(已被禁用|被禁用)/i;

function visibleTextLength(html: string): number {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&\w+;|&#\d+;/g, ' ')
    .replace(/\s+/g, '').length;
}
