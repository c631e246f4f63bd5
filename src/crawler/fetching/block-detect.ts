/**
 * Is this answer a site pushing back (captcha, challenge, rate limit, login wall) rather than
 * the page? General signals only — statuses, challenge wording and the usual challenge
 * vendors' markup — never a site's own selectors.
 */

export interface AnswerToCheck {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL answered (after redirects). */
  url: string;
  status: number;
  /** The page text (may be empty when it was not read). */
  html: string;
}

/** Words and markup of captcha and bot-check pages, in the languages of the shops we crawl. */
const CHALLENGE_MARKERS: Array<[RegExp, string]> = [
  [/g-recaptcha|recaptcha\/api|www\.google\.com\/recaptcha/i, 'reCAPTCHA'],
  [/h-captcha|hcaptcha\.com/i, 'hCaptcha'],
  [/challenges\.cloudflare\.com|cf-challenge|cf_chl_|cf-browser-verification|Just a moment\.\.\./i, 'Cloudflare challenge'],
  [/_Incapsula_Resource|incap_ses_/i, 'Incapsula challenge'],
  [/px-captcha|perimeterx/i, 'PerimeterX challenge'],
  [/datadome|dd_captcha/i, 'DataDome challenge'],
  [/\bcaptcha\b/i, 'captcha'],
  [/verify (that )?you(['’]re| are) (a )?human|are you a (human|robot)|not a robot|robot check/i, 'human check'],
  [/unusual traffic|automated (queries|requests|access)|access denied|request (was )?blocked|too many requests/i, 'access denied text'],
  [/checking your browser|enable javascript and cookies to continue|please enable cookies/i, 'browser check'],
  [/验证码|滑块验证|安全验证|人机验证|访问受限|访问过于频繁|请完成验证|异常流量/, 'Chinese captcha/verification text'],
];

/** Paths of login, verification and captcha pages a blocked crawler gets redirected to. */
const WALL_PATH = /(^|[/._-])(login|signin|sign-in|logon|passport|verify|verification|captcha|challenge|punish|sec-check|security-check|checkpoint|robot)([/._?-]|$)/i;

/** Blocking statuses that need no marker: rate limits and auth walls. */
const ALWAYS_BLOCKED = new Set([401, 429]);
/** Statuses that are a block when a marker says so (403 alone is reported with its status). */
const MAYBE_BLOCKED = new Set([403, 503]);

/** Longest text looked at: challenge pages are small, and a real page's marker is near the top. */
const SCAN_CHARS = 64 * 1024;
/** A 200 page with less visible text than this and a challenge marker is a challenge shell. */
const SHELL_TEXT_CHARS = 400;

/** The marker that says this answer is a block ("status 429", "reCAPTCHA", "redirect to a login page"…), or null. */
export function detectBlock(a: AnswerToCheck): string | null {
  const head = a.html.slice(0, SCAN_CHARS);
  if (ALWAYS_BLOCKED.has(a.status)) return `status ${a.status}${withMarker(head)}`;
  if (MAYBE_BLOCKED.has(a.status)) {
    const marker = markerIn(head);
    if (marker) return `status ${a.status} with ${marker}`;
    return a.status === 403 ? 'status 403' : null;
  }
  if (a.status >= 200 && a.status < 300) {
    const wall = wallRedirect(a.requestedUrl, a.url);
    if (wall) return wall;
    if (visibleTextLength(head) < SHELL_TEXT_CHARS) {
      const marker = markerIn(head);
      if (marker) return `challenge page (${marker}) with almost no content`;
    }
  }
  return null;
}

function withMarker(html: string): string {
  const m = markerIn(html);
  return m ? ` with ${m}` : '';
}

function markerIn(html: string): string | null {
  for (const [re, name] of CHALLENGE_MARKERS) if (re.test(html)) return name;
  return null;
}

/** A page that ended on a login/verify URL it was not asked for. */
function wallRedirect(requested: string, answered: string): string | null {
  try {
    const from = new URL(requested);
    const to = new URL(answered);
    if (from.href === to.href) return null;
    const wall = (u: URL) => WALL_PATH.test(u.pathname) || (u.hostname.split('.')[0] ?? '').match(/^(login|passport|sec|verify|captcha)$/i) !== null;
    return wall(to) && !wall(from) ? `redirect to a login/verification page (${to.hostname}${to.pathname})` : null;
  } catch {
    return null;
  }
}

function visibleTextLength(html: string): number {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** Retry-After as milliseconds (seconds or an HTTP date); null when absent or unreadable. Capped at 10 minutes. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 600_000) : null;
}

/** Statuses whose body is worth reading for a marker even though the page itself is not. */
export function blockBodyWorthReading(status: number): boolean {
  return ALWAYS_BLOCKED.has(status) || MAYBE_BLOCKED.has(status);
}
