import { StorageUnavailableError } from '../errors';

/**
 * MONGODB_URI is handed to the driver exactly as the user wrote it: user and password,
 * `authSource`, `tls=true` and its certificate options, `replicaSet` and several hosts, and
 * `mongodb+srv://` (hosts and options from DNS) all work as the driver documents them
 * (MongoDB manual: "Connection Strings"). What this file does is only for messages and for a
 * clear error: the URI without its secrets, and a first check of its scheme.
 */

const SCHEMES = /^mongodb(\+srv)?:\/\//i;
/** Query options whose values are secrets (a key file's password, AWS session tokens, …). */
const SECRET_OPTION = /password|secret|token|authmechanismproperties/i;

/**
 * The URI without its password or secret options, for messages: `mongodb://app:***@h1,h2/db?replicaSet=rs0`.
 * The credentials end at the last `@` before the options (a password written with a raw `@`, `/`
 * or `:`, which the driver refuses, is still hidden whole).
 */
export function redactUri(uri: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(uri)?.[0] ?? '';
  let rest = uri.slice(scheme.length);
  const at = credentialsEnd(rest);
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    rest = `${colon >= 0 ? `${userinfo.slice(0, colon)}:***` : userinfo}${rest.slice(at)}`;
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    const options = rest.slice(q + 1).split('&').map((kv) => {
      const eq = kv.indexOf('=');
      return eq > 0 && SECRET_OPTION.test(kv.slice(0, eq)) ? `${kv.slice(0, eq)}=***` : kv;
    });
    rest = `${rest.slice(0, q)}?${options.join('&')}`;
  }
  return scheme + rest;
}

/** Where the user:password part of a URI (without its scheme) ends: its last `@` before the options; -1 when none. */
function credentialsEnd(rest: string): number {
  const q = rest.indexOf('?');
  return (q >= 0 ? rest.slice(0, q) : rest).lastIndexOf('@');
}

/** A URI that cannot be a MongoDB connection string: one line, the way to write one, no secret. */
export function checkMongoUri(uri: string): void {
  if (!SCHEMES.test(uri)) {
    throw new StorageUnavailableError(
      `MONGODB_URI must start with mongodb:// or mongodb+srv:// (e.g. mongodb://user:password@host:27017/crawler?authSource=admin), got "${redactUri(uri).slice(0, 80)}"`,
    );
  }
}

/** The password of a URI (as written), or null. */
function passwordOf(uri: string): string | null {
  const rest = uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const at = credentialsEnd(rest);
  if (at < 0) return null;
  const colon = rest.indexOf(':');
  return colon >= 0 && colon < at ? rest.slice(colon + 1, at) : null;
}

/** A driver message about this URI, first line only, with the password taken out should the driver quote it. */
export function scrubMessage(uri: string, message: string): string {
  const line = message.split('\n')[0] ?? '';
  const password = passwordOf(uri);
  let out = password ? line.split(password).join('***') : line;
  if (password && password !== decodeSafe(password)) out = out.split(decodeSafe(password)).join('***');
  return out;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The driver's parse error (MongoParseError) as a one-line message naming the URI without its secrets. */
export function badUriError(uri: string, err: Error): StorageUnavailableError {
  return new StorageUnavailableError(`MONGODB_URI ${redactUri(uri)} is not a valid connection string: ${scrubMessage(uri, err.message)} (see the MongoDB manual, "Connection Strings")`);
}
