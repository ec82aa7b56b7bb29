# syntax=docker/dockerfile:1
# One image for every Backforge process: `docker run backforge <app>`, where <app> is gateway,
# generation, validation, deploy, keys, invoke-router, downloads or standalone (the default).

FROM node:20-bookworm-slim AS build
# isolated-vm compiles a native addon at install time.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g pnpm@10.34.9
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false CI=true
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    BACKFORGE_DATA_DIR=/data
WORKDIR /app
# The workspace as built: node_modules (with its links to libs/ and apps/), every dist/, the manifests.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data \
 && chmod +x /app/deploy/docker/entrypoint.sh
# Never root: PostgreSQL (embedded, standalone) refuses to run as root, and nothing here needs it.
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/app/deploy/docker/entrypoint.sh"]
CMD ["standalone"]
