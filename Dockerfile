# syntax=docker/dockerfile:1
# One image for the api and the round engine (`server`); `web` is nginx with the built client in front of the api
# replicas. Build-time settings of the client (README "Configuration") are build arguments.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# argon2 builds from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG VITE_API_KEY=dev-api-key
ARG VITE_SUPPORT_GROUP_URL=
ARG VITE_SUPPORT_EMAIL=
ENV VITE_API_KEY=$VITE_API_KEY VITE_SUPPORT_GROUP_URL=$VITE_SUPPORT_GROUP_URL VITE_SUPPORT_EMAIL=$VITE_SUPPORT_EMAIL
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS server
ENV NODE_ENV=production
WORKDIR /app
# curl: the compose health checks.
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# package.json: "type": "module" for dist/ and `npm run reconcile` (scripts/reconcile.mjs runs the built checker).
COPY package.json ./
COPY scripts/reconcile.mjs ./scripts/reconcile.mjs
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]

# 1.28: upstream servers with `resolve` (deploy/nginx/default.conf).
FROM nginx:1.28-alpine AS web
COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/dist/web /usr/share/nginx/html
# The build writes source maps (not referenced by the bundles); they are not published.
RUN find /usr/share/nginx/html -name '*.map' -delete
