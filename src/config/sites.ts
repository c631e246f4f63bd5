/**
 * Site aliases: shorthand for start URLs and crawl settings only — never extraction rules.
 */
export interface SiteAlias {
  startUrls: string[];
  type: 'commerce' | 'news';
  /** Politeness for the site's hosts: minimum milliseconds between two requests to one host. */
  hostDelayMs: number;
  /** At most this many pages of one host in flight at once. */
  hostConcurrency: number;
  /** The site's language (its Accept-Language). */
  locale: string;
  /**
   * The site answers crawlers with captchas, 403/429 and login walls after a few pages: the
   * note below is printed when the alias is used.
   */
  pushesBack?: boolean;
}

/** Printed for an alias with `pushesBack` (see README "When a site blocks you"). */
export const PUSHES_BACK_NOTE =
  'blocks crawlers after a few pages (captcha, 403/429, login wall): for more, give proxies (--proxy, --proxy-file or PROXY_URLS) and a logged-in browser\'s cookies (--cookies FILE); see README "When a site blocks you"';

export const SITE_ALIASES: Record<string, SiteAlias> = {
  // Shops behind anti-bot services: one page every 3 s, one at a time, per host.
  taobao: { startUrls: ['https://www.taobao.com/'], type: 'commerce', hostDelayMs: 3000, hostConcurrency: 1, locale: 'zh-CN', pushesBack: true },
  tmall: { startUrls: ['https://www.tmall.com/'], type: 'commerce', hostDelayMs: 3000, hostConcurrency: 1, locale: 'zh-CN', pushesBack: true },
  jd: { startUrls: ['https://www.jd.com/'], type: 'commerce', hostDelayMs: 3000, hostConcurrency: 1, locale: 'zh-CN', pushesBack: true },
  amazon: { startUrls: ['https://www.amazon.com/'], type: 'commerce', hostDelayMs: 3000, hostConcurrency: 1, locale: 'en-US', pushesBack: true },
  sina: { startUrls: ['https://news.sina.com.cn/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4, locale: 'zh-CN' },
  '163': { startUrls: ['https://news.163.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4, locale: 'zh-CN' },
  sohu: { startUrls: ['https://news.sohu.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4, locale: 'zh-CN' },
  bbc: { startUrls: ['https://www.bbc.com/news'], type: 'news', hostDelayMs: 500, hostConcurrency: 4, locale: 'en-GB' },
  reuters: { startUrls: ['https://www.reuters.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4, locale: 'en-US' },
};

/** `demo` is resolved at run time: the bundled site is started on a free loopback port. */
export const DEMO_ALIAS = 'demo';

export function aliasNames(): string[] {
  return [...Object.keys(SITE_ALIASES), DEMO_ALIAS].sort();
}
