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
}

export const SITE_ALIASES: Record<string, SiteAlias> = {
  taobao: { startUrls: ['https://www.taobao.com/'], type: 'commerce', hostDelayMs: 1000, hostConcurrency: 2 },
  tmall: { startUrls: ['https://www.tmall.com/'], type: 'commerce', hostDelayMs: 1000, hostConcurrency: 2 },
  jd: { startUrls: ['https://www.jd.com/'], type: 'commerce', hostDelayMs: 1000, hostConcurrency: 2 },
  amazon: { startUrls: ['https://www.amazon.com/'], type: 'commerce', hostDelayMs: 1000, hostConcurrency: 2 },
  sina: { startUrls: ['https://news.sina.com.cn/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4 },
  '163': { startUrls: ['https://news.163.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4 },
  sohu: { startUrls: ['https://news.sohu.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4 },
  bbc: { startUrls: ['https://www.bbc.com/news'], type: 'news', hostDelayMs: 500, hostConcurrency: 4 },
  reuters: { startUrls: ['https://www.reuters.com/'], type: 'news', hostDelayMs: 500, hostConcurrency: 4 },
};

/** `demo` is resolved at run time: the bundled site is started on a free loopback port. */
export const DEMO_ALIAS = 'demo';

export function aliasNames(): string[] {
  return [...Object.keys(SITE_ALIASES), DEMO_ALIAS].sort();
}
