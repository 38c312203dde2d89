# syntax=docker/dockerfile:1
# Bilan Prévention: one release of `pnpm build` (its bundle, migrations for SQLite and PostgreSQL,
# web app and production packages) run by plain node, as a non-root user, with its data in a
# volume. See docs/operations.md. The base image is pinned by digest (a tag moves): to take a newer
# node:22-slim, `docker buildx imagetools inspect node:22-slim` gives the digest to write in both
# FROM lines.

FROM node:22-slim@sha256:83f487e0a63425e5b4d146fb5e5be574bcbe1b7b843d3ebafdd95eaf7767a7e5 AS build
ENV CI=true
WORKDIR /app
COPY . .
# pnpm at the version of package.json's engines.pnpm (pnpm 12 cannot record a packageManager
# pin in the lockfile: the registry lacks its native builds, and a frozen install then fails); every package to build, then the release:
# `pnpm build` puts it in releases/<id> (with its production packages), moved to /release whole.
RUN npm i -g "pnpm@$(node -p "require('./package.json').engines.pnpm")" \
 && pnpm install --frozen-lockfile \
 && pnpm build \
 && mv "$(readlink -f releases/current)" /release

FROM node:22-slim@sha256:83f487e0a63425e5b4d146fb5e5be574bcbe1b7b843d3ebafdd95eaf7767a7e5
# pg_dump and pg_restore for `pnpm backup` / `pnpm restore` on PostgreSQL (same major version as
# the server, or newer).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 bilan \
 && useradd --system --uid 10001 --gid bilan --home-dir /app --shell /usr/sbin/nologin bilan \
 && mkdir -p /data /backups && chown bilan:bilan /data /backups && chmod 700 /data /backups
WORKDIR /app
# The release, whole, owned by root and read-only to the service: only /data and /backups are written.
COPY --from=build /release /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data BACKUP_DIR=/backups
VOLUME ["/data", "/backups"]
USER bilan
EXPOSE 3000
# Ready to take answers (database writable, disk, PDF folder), on the port the container is given.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM ends the requests in flight, the mail queue's work and the database before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/server.mjs"]
