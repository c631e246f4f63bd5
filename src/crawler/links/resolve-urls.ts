import { SITE_ALIASES, DEMO_ALIAS, aliasNames, type SiteAlias } from '../../config/sites';
import { UsageError } from '../../cli/usage-error';

export interface ResolvedTargets {
  /** Start URLs; `demo` stays a placeholder until the demo site is started. */
  urls: string[];
  usesDemo: boolean;
  /** The strictest politeness among the aliases used, if any. */
  politeness: Pick<SiteAlias, 'hostDelayMs' | 'hostConcurrency'> | null;
  aliasType: 'commerce' | 'news' | null;
}

/**
 * `--urls taobao,jd,https://x.com/news`: each item is an alias or an absolute http(s) URL.
 * Anything else is a usage error naming the item and what would be valid.
 */
export function resolveTargets(list: string | readonly string[]): ResolvedTargets {
  // `--urls` is comma-separated; `--urls-file` gives one entry per line (commas allowed in URLs).
  const items = (typeof list === 'string' ? list.split(',') : list).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new UsageError(`--urls is empty: give site aliases (${aliasNames().join(', ')}) or http(s) URLs`);
  const urls: string[] = [];
  let usesDemo = false;
  let politeness: ResolvedTargets['politeness'] = null;
  const types = new Set<'commerce' | 'news'>();
  for (const item of items) {
    const alias = item.toLowerCase();
    if (alias === DEMO_ALIAS) {
      usesDemo = true;
      continue;
    }
    const site = SITE_ALIASES[alias];
    if (site) {
      urls.push(...site.startUrls);
      types.add(site.type);
      politeness = politeness
        ? { hostDelayMs: Math.max(politeness.hostDelayMs, site.hostDelayMs), hostConcurrency: Math.min(politeness.hostConcurrency, site.hostConcurrency) }
        : { hostDelayMs: site.hostDelayMs, hostConcurrency: site.hostConcurrency };
      continue;
    }
    urls.push(checkStartUrl(item));
  }
  return { urls, usesDemo, politeness, aliasType: types.size === 1 ? [...types][0]! : null };
}

function checkStartUrl(item: string): string {
  if (!/^[a-z][a-z\d+.-]*:/i.test(item)) {
    throw new UsageError(`unknown site alias "${item}": valid aliases are ${aliasNames().join(', ')}, or give an http(s) URL`);
  }
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    throw new UsageError(`malformed URL "${item}": expected e.g. https://example.com/path`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`refusing ${url.protocol} URL "${item}": only http and https URLs can be crawled`);
  }
  return url.href;
}
