# One image for the api (which also serves the built web app) and the worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Manifests first, so the dependency layer is cached until a package.json or the lock file changes.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/server-core/package.json libs/server-core/
COPY libs/db/package.json libs/db/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/var/storage && chown -R node:node /app/var
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]
