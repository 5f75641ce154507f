# syntax=docker/dockerfile:1
# KWT Delivery: one Bun process serving the API and the built SPA (docs/deploy.md).
# Stages: deps (npm ci from package-lock.json: this repo's package manager) -> build (vite build under Bun)
# -> prod-deps (dev dependencies pruned) -> runtime (Bun slim image, non-root, database on the /data volume).
ARG BUN_VERSION=1.4.5
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts run only for the packages package.json's allowScripts names (bun, esbuild), as on a developer's machine.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild bun esbuild

FROM oven/bun:${BUN_VERSION} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN bunx --bun vite build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM oven/bun:${BUN_VERSION}-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/kwt-delivery.db \
    CAPTURES_DIR=/data/captures \
    DIST_DIR=/app/dist \
    SKIP_BUILD=true \
    SEED_DEMO=false
# The server's code and what it reads at run time; owned by root, so the app cannot rewrite itself.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY db ./db
COPY mcp ./mcp
COPY src/server ./src/server
COPY src/shared ./src/shared
# The rider app's components: the server renders its first screen (src/server/ssr).
COPY src/client ./src/client
COPY routes ./routes
COPY scripts/db-backup.ts ./scripts/db-backup.ts
COPY scripts/db.ts ./scripts/db.ts
COPY --from=build /app/dist ./dist
# The embedded database, its WAL and the riders' photos live on the volume, writable by the app's user only.
RUN mkdir -p /data/captures && chown -R bun:bun /data
VOLUME ["/data"]
USER bun
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server drains requests, flushes the ping writer and closes the database (src/server/shutdown.ts).
STOPSIGNAL SIGTERM
CMD ["bun", "src/server/index.ts"]
