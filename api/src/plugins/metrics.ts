import { existsSync, statSync } from 'node:fs';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { diskFreeBytes } from '../shared/diskFreeBytes';
import { versionName } from '../release';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry (METRICS_PORT set), served by server.ts's own listener, never on the public port. */
    metrics: Registry | null;
  }
}

/**
 * Prometheus metrics: requests per route (by the route's pattern, never the URL, so that no
 * token or name becomes a label) with their latency, the mail and PDF queues, the database size,
 * and Node's own process figures.
 */
export default fp(
  async (app) => {
    // Off without a metrics listener: no hook on the request path, no sampling timers.
    if (app.config.metricsPort === null) {
      app.decorate('metrics', null);
      return;
    }
    // Loaded only with a metrics listener: a server without one does not hold prom-client.
    const { collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'bilan_' });
    const requests = new Histogram({
      name: 'bilan_http_request_duration_seconds',
      help: 'Durée des requêtes HTTP, par route (modèle), méthode et statut',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      requests.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    new Gauge({
      name: 'bilan_mail_queue_messages',
      help: 'E-mails de la file, par état (queued, sending, sent, failed)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [status, n] of Object.entries(await app.mailer.countByStatus())) this.set({ status }, n);
      },
    });
    new Gauge({
      name: 'bilan_pdf_render_queue',
      help: 'Rendus PDF en cours (running) et en attente (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        // The reports feature's figure, read through its decorator: a plugin never imports a feature.
        const { running, waiting } = app.pdfRenderQueue();
        this.set({ state: 'running' }, running);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    // On PostgreSQL (DATABASE_URL) the size is the database server's to report.
    if (!app.config.databaseUrl) {
      new Gauge({
        name: 'bilan_sqlite_bytes',
        help: 'Taille des fichiers SQLite (base et journal WAL), en octets',
        labelNames: ['file'] as const,
        registers: [registry],
        collect() {
          const base = app.config.databaseFile;
          for (const [file, path] of [
            ['database', base],
            ['wal', `${base}-wal`],
          ] as const)
            this.set({ file }, existsSync(path) ? statSync(path).size : 0);
        },
      });
    }
    new Gauge({
      name: 'bilan_disk_free_bytes',
      help: 'Espace libre du disque de DATA_DIR, en octets (/api/ready échoue sous DISK_MIN_FREE_MB)',
      registers: [registry],
      async collect() {
        this.set(await diskFreeBytes(app.config.dataDir));
      },
    });
    new Gauge({
      name: 'bilan_job_last_success_timestamp_seconds',
      help: 'Fin de la dernière purge de conservation et de la dernière sauvegarde (pnpm backup), en secondes depuis 1970\u00a0; 0\u00a0: jamais',
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        for (const job of ['retention-purge', 'backup'] as const)
          this.set({ job }, ((await app.jobRuns.lastMs(job)) ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'bilan_build_info',
      help: 'La version qui tourne (1), par release',
      labelNames: ['version'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.set({ version: versionName() }, 1);
      },
    });
    // PostgreSQL's connections of this server: in use, idle, and requests waiting for one.
    const pool = app.store.pool;
    if (pool) {
      new Gauge({
        name: 'bilan_db_pool_connections',
        help: 'Connexions PostgreSQL de ce serveur\u00a0: ouvertes (total), libres (idle), requêtes en attente (waiting)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const p = pool();
          this.set({ state: 'total' }, p.total);
          this.set({ state: 'idle' }, p.idle);
          this.set({ state: 'waiting' }, p.waiting);
          this.set({ state: 'max' }, p.max);
        },
      });
    }
    app.decorate('metrics', registry);
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
