# The crawler image: Node 20 on Debian 12 (bookworm), Debian's own Chromium, the project.
# Built by compose.yaml (`docker compose up`); runs any CLI command: the image's arguments are
# what follows `npm start --` (e.g. `worker --task demo`).

# npm dependencies, built where compilers are at hand (better-sqlite3 builds from source when no
# prebuilt binary fits); the browser comes from Debian, not from Playwright's download.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# `npm install` rather than `npm ci`, as scripts/setup.sh explains (lockfile and optional native packages).
RUN npm install --omit=dev --no-audit --no-fund --loglevel=error

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/bin/chromium \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    CRAWLER_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json crawlee.json ./
COPY src ./src
COPY extractors ./extractors
COPY schemas ./schemas
COPY storage ./storage
RUN mkdir -p /data && chown node:node /data
USER node
# As `npm start --` runs it, without npm in between (signals reach the crawler: Ctrl-C / `docker stop` save state).
ENTRYPOINT ["node", "--import", "tsx", "src/cli/main.ts"]
CMD ["--help"]
