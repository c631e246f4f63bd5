import { HeaderGenerator } from 'header-generator';

/** Our product token: the name robots.txt groups are matched against ("User-agent: shopnews-crawler"). */
export const PRODUCT_TOKEN = 'shopnews-crawler';

/** Accept-Language when the site's language is not known. */
export const DEFAULT_ACCEPT_LANGUAGE = 'zh-CN,zh;q=0.9,en;q=0.8';

/** Country code top-level domains → the language their sites mostly serve. */
const TLD_LOCALE: Record<string, string> = {
  cn: 'zh-CN', tw: 'zh-TW', hk: 'zh-HK', jp: 'ja-JP', kr: 'ko-KR', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT',
  ru: 'ru-RU', br: 'pt-BR', pt: 'pt-PT', nl: 'nl-NL', pl: 'pl-PL', uk: 'en-GB', us: 'en-US', au: 'en-AU', ca: 'en-CA', in: 'en-IN',
};

/** The locale of a host from its country domain (`news.163.com.cn` → zh-CN); null when the domain says nothing. */
export function localeOfHost(host: string): string | null {
  const tld = host.replace(/:\d+$/, '').split('.').pop()?.toLowerCase() ?? '';
  return TLD_LOCALE[tld] ?? null;
}

/** `zh-CN` → `zh-CN,zh;q=0.9,en;q=0.8`; English locales → `en-US,en;q=0.9`. */
export function acceptLanguageFor(locale: string | null): string {
  if (!locale) return DEFAULT_ACCEPT_LANGUAGE;
  const lang = locale.split('-')[0]!;
  return lang === 'en' ? `${locale},en;q=0.9` : `${locale},${lang};q=0.9,en;q=0.8`;
}

/** Content codings the HTTP fetcher decodes: a generated header must not offer others (zstd). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** A generated identity set is kept for a session's life; this many sessions are remembered. */
const MAX_SESSIONS = 1000;

export interface IdentityOptions {
  /** Pin one User-Agent (--user-agent); default: a realistic desktop browser's headers per session. */
  userAgent?: string | null;
  /** Per-host locale known from the site alias (taobao → zh-CN); others from their country domain. */
  hostLocales?: ReadonlyMap<string, string>;
}

/**
 * HTTP mode's identity: each session sends one realistic, consistent set of desktop Chrome
 * headers (User-Agent, sec-ch-ua, Accept…) from Crawlee's header-generator — the same
 * generator its browser fingerprints come from — with Accept-Language in the site's language.
 */
export class HttpIdentity {
  private readonly generator = new HeaderGenerator({ browsers: [{ name: 'chrome', minVersion: 110 }], devices: ['desktop'], operatingSystems: ['windows', 'macos', 'linux'] });
  private readonly bySession = new Map<string, Record<string, string>>();

  constructor(private readonly opts: IdentityOptions = {}) {}

  /** Headers for a request to `host` in `sessionId` (the same for the session's whole life). */
  headersFor(sessionId: string | undefined, host: string): Record<string, string> {
    const language = acceptLanguageFor(this.opts.hostLocales?.get(host) ?? localeOfHost(host));
    const base = this.base(sessionId);
    return { ...base, 'accept-language': language, 'accept-encoding': ACCEPT_ENCODING };
  }

  private base(sessionId: string | undefined): Record<string, string> {
    if (this.opts.userAgent) return { 'user-agent': this.opts.userAgent, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const key = sessionId ?? '';
    let h = this.bySession.get(key);
    if (!h) {
      const generated = this.generator.getHeaders({ locales: ['en-US'] }) as Record<string, string>;
      h = {};
      // Keep what describes the browser; connection-level and per-request headers are undici's and ours.
      for (const [k, v] of Object.entries(generated)) {
        const name = k.toLowerCase();
        if (!['accept-language', 'accept-encoding', 'connection', 'host', 'cookie', 'te'].includes(name)) h[name] = v;
      }
      if (this.bySession.size >= MAX_SESSIONS) this.bySession.delete(this.bySession.keys().next().value!);
      this.bySession.set(key, h);
    }
    return h;
  }
}

/** Fingerprint options for the browser pool: desktop Chrome in the crawl's language. */
export function fingerprintOptions(locale: string | null) {
  return {
    fingerprintGeneratorOptions: {
      browsers: [{ name: 'chrome' as const, minVersion: 110 }],
      devices: ['desktop' as const],
      operatingSystems: ['windows' as const, 'macos' as const, 'linux' as const],
      locales: [locale ?? 'zh-CN'],
    },
  };
}
