# syntax=docker/dockerfile:1
# One image for the api and the round engine (`server`); `web` is nginx with the built client in front of the api
# replicas. Build-time settings of the client (docs/configuration.md) are build arguments. Every base image is
# pinned to a release (Node 24 LTS, nginx 1.28 stable); bump them deliberately.
ARG NODE_IMAGE=node:24.11.1-bookworm-slim

# Stage 1: every package (the build needs the dev tools), the server and the web client built.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# argon2 builds from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# No default for the API key: an image built without one would carry the development key, which production refuses.
ARG VITE_API_KEY
ARG VITE_SUPPORT_GROUP_URL=
ARG VITE_SUPPORT_EMAIL=
ENV VITE_API_KEY=$VITE_API_KEY VITE_SUPPORT_GROUP_URL=$VITE_SUPPORT_GROUP_URL VITE_SUPPORT_EMAIL=$VITE_SUPPORT_EMAIL
RUN test -n "$VITE_API_KEY" || { echo "build argument VITE_API_KEY is required (docker-compose passes API_KEY)" >&2; exit 1; }
RUN npm run build
# The server's packages only: the production closure of what the server code imports (deploy/server-deps.mjs) —
# no React/Vite or other web-only package, no dev tool, no embedded Postgres.
RUN node deploy/server-deps.mjs --copy-to /server/node_modules

# Stage 2: the server (api replicas and round engines).
FROM ${NODE_IMAGE} AS server
ENV NODE_ENV=production
WORKDIR /app
# curl: the compose health checks.
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
COPY --from=build /server/node_modules ./node_modules
COPY --from=build /app/dist/apps ./dist/apps
COPY --from=build /app/dist/libs ./dist/libs
# package.json: "type": "module" for dist/ and `npm run reconcile` (scripts/reconcile.mjs runs the built checker).
COPY package.json ./
COPY scripts/reconcile.mjs ./scripts/reconcile.mjs
USER node
EXPOSE 3000
# The V8 flags the benchmarks measure (scripts/stack.mjs, SERVER_NODE_FLAGS; docs/benchmarks.md).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist/apps/api/src/main.js"]

# Stage 3: nginx with the built client. 1.28: upstream servers with `resolve` (deploy/nginx/default.conf).
FROM nginx:1.28.0-alpine AS web
COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/dist/web /usr/share/nginx/html
# The build writes source maps (not referenced by the bundles); they are not published.
RUN find /usr/share/nginx/html -name '*.map' -delete
