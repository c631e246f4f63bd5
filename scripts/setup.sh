#!/usr/bin/env bash
# Set-up for a fresh Debian/Ubuntu machine with Node 20: npm dependencies from the lockfile,
# a Chromium for Playwright and redis-server for the tests. Idempotent; seconds when done.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  say "Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none)); install it from https://nodejs.org or your distribution"
  exit 1
fi

# npm dependencies: only when the lockfile changed since the last install.
stamp=node_modules/.setup-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  say "installing npm dependencies from package-lock.json"
  # `npm install` keeps the lockfile's versions; `npm ci` is not used because npm 11 rejects
  # lockfiles that omit other platforms' optional native packages (@node-rs/*, rollup).
  npm install --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi

apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null; then return 1; fi
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq || return 1; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Chromium: Playwright's own, a system one, Playwright's download, Debian's package — in that order.
find_chromium() { node --import tsx -e "import('./src/crawler/fetching/browser-path.ts').then(m => { const p = m.findChromium(process.env.CHROMIUM_PATH || null); if (!p) process.exit(1); console.log(p); })" 2>/dev/null; }
if ! chromium_path=$(find_chromium); then
  say "no Chromium found: trying 'npx playwright install chromium'"
  if ! timeout 300 npx --no-install playwright install chromium >/dev/null 2>&1 || ! chromium_path=$(find_chromium); then
    say "Playwright's download is not reachable: installing Debian's chromium package"
    apt_install chromium || apt_install chromium-browser || true
    if ! chromium_path=$(find_chromium); then
      say "could not install a Chromium. Install one of: Debian/Ubuntu package 'chromium' (apt-get install chromium), Google Chrome, or run 'npx playwright install chromium'; or set CHROMIUM_PATH"
      exit 1
    fi
  fi
fi
say "Chromium: $chromium_path"

# redis-server: the tests start their own on a free port.
if ! command -v redis-server >/dev/null; then
  say "installing redis-server (Debian package redis-server)"
  apt_install redis-server || { say "could not install redis-server: apt-get install redis-server (the tests need it)"; exit 1; }
  # Debian starts a system service on install; the tests do not need it.
  as_root service redis-server stop >/dev/null 2>&1 || true
fi
say "redis-server: $(command -v redis-server)"
