import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright';

/**
 * Finds a Chromium to drive: CHROMIUM_PATH, Playwright's own download, then the usual
 * system packages. Returns null when there is none (the caller says what to install).
 */
export function findChromium(preferred: string | null = null): string | null {
  if (preferred && existsSync(preferred)) return preferred;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    /* Playwright's browser was never downloaded */
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    for (const dir of ['/usr/bin', '/usr/local/bin', '/snap/bin']) {
      const p = `${dir}/${name}`;
      if (existsSync(p)) return p;
    }
    try {
      const p = execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (p) return p;
    } catch {
      /* not on PATH */
    }
  }
  return null;
}

export const NO_CHROMIUM_MESSAGE =
  'no Chromium found: run `npm run setup` (installs Debian\'s `chromium` package), or `apt-get install chromium`, or set CHROMIUM_PATH';

/**
 * JavaScript heap per renderer, in MiB. A page whose scripts allocate without end crashes its
 * own renderer at this size (recorded as `too-much-memory`) instead of driving Chromium to
 * gigabytes; real shop and news pages stay well below it.
 */
export const RENDERER_HEAP_MIB = 512;

/** Flags for a headless Chromium on a closed network, possibly as root. */
export const CHROMIUM_ARGS = [
  `--js-flags=--max-old-space-size=${RENDERER_HEAP_MIB}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--mute-audio',
];

