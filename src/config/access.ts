import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { appConfig } from './config';
import { SITE_ALIASES, PUSHES_BACK_NOTE } from './sites';
import { NO_ACCESS_SETTINGS, type AccessSettings } from '../crawler/crawl-options';
import { checkProxyUrl, maskProxyUrl } from '../crawler/fetching/proxies';
import { readCookiesFile } from '../crawler/fetching/cookies-file';

/** The access flags as commander parses them (shared by the crawl and the worker command). */
export interface AccessFlags {
  proxy?: string;
  proxyFile?: string;
  directFirst?: boolean;
  cookies?: string;
  userAgent?: string;
}

/**
 * Declares the access options on a command. They are process settings: a worker joining a
 * task brings its own proxies and cookies, and none of them is stored with the task.
 */
export function addAccessOptions(cmd: Command): Command {
  return cmd
    .option('--proxy <urls>', 'proxies, comma-separated: http://, https:// or socks5://[user:pass@]host:port (default: PROXY_URLS, else direct)')
    .option('--proxy-file <file>', 'proxies, one URL per line (# comments allowed)')
    .option('--direct-first', 'go direct until a host blocks, then through the proxies (tiered proxies)')
    .option('--cookies <file>', 'cookies for every session: Netscape cookies.txt or JSON exported from a logged-in browser')
    .option('--user-agent <ua>', 'send this User-Agent on every request (default: a realistic browser identity per session)');
}

/**
 * The access settings of this process: --proxy and --proxy-file (together), else PROXY_URLS;
 * --cookies read now so a bad file is a usage error before anything is crawled. Throws a
 * one-line error naming the problem (passwords masked). `urlsList` is --urls, for the
 * languages and notes of the site aliases in it; `mode` the fetching mode (adaptive takes no proxies).
 */
export function resolveAccess(flags: AccessFlags, urlsList: string | undefined, mode: string, env: NodeJS.ProcessEnv = process.env): AccessSettings & { notes: string[] } {
  const proxies: string[] = [];
  if (flags.proxy !== undefined) proxies.push(...splitList(flags.proxy));
  if (flags.proxyFile !== undefined) proxies.push(...readProxyFile(flags.proxyFile));
  if (flags.proxy === undefined && flags.proxyFile === undefined) {
    const fromEnv = env === process.env ? appConfig().proxyUrls : env.PROXY_URLS || null;
    if (fromEnv) proxies.push(...splitList(fromEnv));
  }
  if ((flags.proxy !== undefined || flags.proxyFile !== undefined) && proxies.length === 0) {
    throw new Error('--proxy/--proxy-file gave no proxy URL: use e.g. --proxy http://user:pass@10.0.0.1:8000,socks5://10.0.0.2:1080');
  }
  if (mode === 'adaptive' && proxies.length) throw new Error('--mode adaptive cannot use proxies yet (its browser renders would go direct): use --mode http or --mode browser with proxies');
  if (flags.directFirst && proxies.length === 0) throw new Error('--direct-first needs proxies to fall back to (--proxy, --proxy-file or PROXY_URLS)');
  const userAgent = flags.userAgent?.trim() || null;
  if (flags.userAgent !== undefined && !userAgent) throw new Error('--user-agent is empty: give the User-Agent string to send');

  const hostLocales: Record<string, string> = {};
  const notes: string[] = [];
  for (const item of (urlsList ?? '').split(',').map((s) => s.trim().toLowerCase())) {
    const site = SITE_ALIASES[item];
    if (!site) continue;
    for (const u of site.startUrls) hostLocales[new URL(u).host] = site.locale;
    if (site.pushesBack) notes.push(`${item} ${PUSHES_BACK_NOTE}`);
  }
  return {
    ...NO_ACCESS_SETTINGS,
    proxyUrls: [...new Set(proxies.map(checkProxyUrl))],
    directFirst: Boolean(flags.directFirst),
    cookies: flags.cookies !== undefined ? readCookiesFile(flags.cookies) : [],
    userAgent,
    hostLocales,
    notes,
  };
}

function splitList(text: string): string[] {
  return text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
}

function readProxyFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read --proxy-file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return text.split(/\r?\n/).map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
}

/** One line for the log when a crawl starts (proxies masked, cookie values never shown); null when nothing is set. */
export function describeAccess(a: AccessSettings): string | null {
  const parts: string[] = [];
  const n = a.proxyUrls.length;
  if (n) parts.push(`${n} prox${n === 1 ? 'y' : 'ies'} (${a.proxyUrls.map(maskProxyUrl).join(', ')})${a.directFirst ? ', direct until a host blocks' : ', rotated per session'}`);
  if (a.cookies.length) parts.push(`${a.cookies.length} cookies from --cookies for ${[...new Set(a.cookies.map((c) => c.domain.replace(/^\./, '')))].slice(0, 5).join(', ')}`);
  if (a.userAgent) parts.push('pinned User-Agent');
  return parts.length ? `access: ${parts.join('; ')}` : null;
}
