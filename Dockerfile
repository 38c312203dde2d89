# syntax=docker/dockerfile:1
# Bilan Prévention: the production build (pnpm build) run by plain node, as a non-root user, with
# its data (SQLite, secrets, outbox) in a volume. See docs/operations.md.

FROM node:22-slim AS build
ENV CI=true
RUN npm i -g pnpm@12
WORKDIR /app
COPY . .
# Every package to build, then the production packages only (no TypeScript, tsx, Vite or vitest).
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm install --prod --frozen-lockfile

FROM node:22-slim
RUN groupadd --system --gid 10001 bilan \
 && useradd --system --uid 10001 --gid bilan --home-dir /app --shell /usr/sbin/nologin bilan \
 && mkdir -p /data && chown bilan:bilan /data && chmod 700 /data
WORKDIR /app
# Owned by root and read-only to the service: only /data is written.
COPY --from=build /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts/run.mjs ./scripts/run.mjs
COPY --from=build /app/api/package.json ./api/package.json
COPY --from=build /app/api/node_modules ./api/node_modules
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/api/drizzle ./api/drizzle
COPY --from=build /app/web/dist ./web/dist
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME ["/data"]
USER bilan
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM ends the requests in flight, the mail queue's work and the database before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/run.mjs", "server"]
