import { readFileSync } from 'node:fs';

/** A cookie from a `--cookies` file, in the shape Crawlee's Session.setCookies takes. */
export interface FileCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Unix seconds; absent = a session cookie. */
  expires?: number;
}

/**
 * Reads a cookies file exported from a logged-in browser: Netscape cookies.txt (curl, wget,
 * "Get cookies.txt" extensions) or JSON (an array of {name, value, domain, …}, as cookie
 * editor extensions and Playwright's storageState export). Throws a one-line error naming
 * the file and the problem — never quoting a cookie value.
 */
export function readCookiesFile(file: string): FileCookie[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read --cookies file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const cookies = /^\s*[[{]/.test(text) ? fromJson(text, file) : fromNetscape(text, file);
  if (cookies.length === 0) throw new Error(`--cookies file ${file} holds no cookies: give a Netscape cookies.txt or a JSON array of {name, value, domain}`);
  return cookies;
}

function fromNetscape(text: string, file: string): FileCookie[] {
  const out: FileCookie[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    // curl marks HttpOnly cookies with this prefix on an otherwise commented line.
    const httpOnly = raw.startsWith('#HttpOnly_');
    const line = httpOnly ? raw.slice('#HttpOnly_'.length) : raw;
    if (!line.trim() || line.startsWith('#')) return;
    const f = line.split('\t');
    if (f.length < 7) throw new Error(`--cookies file ${file} line ${i + 1}: expected 7 tab-separated fields (domain, subdomains, path, secure, expiry, name, value) of a Netscape cookies.txt, or use a JSON export`);
    const [domain, , path, secure, expiry, name, ...value] = f;
    const expires = Number(expiry);
    out.push({ name: name!, value: value.join('\t'), domain: domain!, path: path || '/', secure: /^true$/i.test(secure!), httpOnly, ...(expires > 0 ? { expires } : {}) });
  });
  return out;
}

function fromJson(text: string, file: string): FileCookie[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`--cookies file ${file} is not valid JSON (${(err as Error).message.split('\n')[0]}): give a JSON array of cookies or a Netscape cookies.txt`);
  }
  // Playwright's storageState: { cookies: [...], origins: [...] }
  const list = Array.isArray(data) ? data : (data as { cookies?: unknown }).cookies;
  if (!Array.isArray(list)) throw new Error(`--cookies file ${file}: expected a JSON array of cookies (or {"cookies": [...]})`);
  return list.map((c: Record<string, unknown>, i) => {
    if (typeof c?.name !== 'string' || typeof c.value !== 'string' || typeof c.domain !== 'string') {
      throw new Error(`--cookies file ${file}: cookie #${i + 1} needs string "name", "value" and "domain"`);
    }
    // Browser extensions write expirationDate (seconds), Playwright writes expires (seconds, -1 = session).
    const expires = Number(c.expirationDate ?? c.expires);
    return {
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: typeof c.path === 'string' && c.path ? c.path : '/',
      secure: c.secure === true,
      httpOnly: c.httpOnly === true,
      ...(expires > 0 ? { expires: Math.floor(expires) } : {}),
    };
  });
}

/** The URL a cookie belongs to (Session.setCookies checks the cookie against it). */
export function cookieOrigin(c: FileCookie): string {
  return `${c.secure ? 'https' : 'http'}://${c.domain.replace(/^\./, '')}${c.path.startsWith('/') ? c.path : '/'}`;
}
