# syntax=docker/dockerfile:1
# OshiBox: one image, one entry (dist/main.js); the role is the argument: all (default), web, api or admin.
# Operator commands run in the same image: `docker exec <container> node dist/ops.js billing`.
# Every RUN step below is mirrored, in the same order, by scripts/docker-steps.sh, which .ci/run
# executes (there is no Docker engine on the CI machines). Change both together.

# ---- build: dev dependencies + sources -> dist/ ----------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
# One COPY per directory: `COPY a b ./` would copy the *contents* of a and b into /app.
COPY shared ./shared
COPY client ./client
COPY server ./server
COPY api ./api
COPY scripts ./scripts
COPY tsconfig.json ./
RUN node scripts/build.mjs

# ---- runtime: production dependencies + dist/ only -------------------------------------------
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 API_PORT=3001 ADMIN_PORT=3002 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY --from=build /app/dist ./dist
# The embedded database (PGlite) lives in DATA_DIR; mount a volume there to keep it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3001 3002
# No curl in the slim image: node asks the liveness endpoint of what the role serves (web: PORT,
# api: API_PORT, admin: ADMIN_PORT, all: the three), reading the role from the main process's command line.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node dist/healthcheck.js
ENTRYPOINT ["node", "dist/main.js"]
CMD ["all"]
