import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(import.meta.dirname, 'web');
const NM = join(ROOT, 'node_modules');

export interface StaticFile {
  type: string;
  body: Buffer;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/**
 * The browser side without a build step: our ES modules as they are in src/ui/web, and the
 * libraries' own ES module files from node_modules under /vendor/. An import map (below) lets
 * the modules import them by package name.
 */
const VENDOR: Record<string, string> = {
  '/vendor/preact.mjs': join(NM, 'preact/dist/preact.mjs'),
  '/vendor/preact-hooks.mjs': join(NM, 'preact/hooks/dist/hooks.mjs'),
  '/vendor/htm.mjs': join(NM, 'htm/dist/htm.module.js'),
  '/vendor/uplot.mjs': join(NM, 'uplot/dist/uPlot.esm.js'),
  '/vendor/uplot.css': join(NM, 'uplot/dist/uPlot.min.css'),
};

export const IMPORT_MAP = JSON.stringify({
  imports: { preact: '/vendor/preact.mjs', 'preact/hooks': '/vendor/preact-hooks.mjs', htm: '/vendor/htm.mjs', uplot: '/vendor/uplot.mjs' },
});
/** The CSP allows this one inline script (the import map) by its hash; nothing else inline. */
export const IMPORT_MAP_HASH = createHash('sha256').update(IMPORT_MAP).digest('base64');

const cache = new Map<string, StaticFile>();

/** A file under /static/ (ours) or /vendor/ (libraries), or null. Names are looked up, never joined from the URL. */
export function staticFile(path: string): StaticFile | null {
  const hit = cache.get(path);
  if (hit) return hit;
  let file: string | undefined = VENDOR[path];
  const own = /^\/static\/([a-z0-9-]+\.(js|css|svg))$/.exec(path);
  if (!file && own) file = join(WEB, own[1]!);
  if (!file) return null;
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return null;
  }
  const f = { type: TYPES[file.split('.').pop()!] ?? 'application/octet-stream', body };
  cache.set(path, f);
  return f;
}

/** The one HTML page; the CSRF value goes in a meta tag the scripts read (attribute-escaped: it is base64url anyway). */
export function indexHtml(csrf: string): string {
  const attr = csrf.replace(/[^A-Za-z0-9_-]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf" content="${attr}">
<title>shopnews dashboard</title>
<link rel="icon" href="/static/icon.svg">
<link rel="stylesheet" href="/vendor/uplot.css">
<link rel="stylesheet" href="/static/style.css">
<script type="importmap">${IMPORT_MAP}</script>
<script type="module" src="/static/app.js"></script>
</head>
<body><div id="app"><p class="loading">Loading…</p></div></body>
</html>
`;
}
