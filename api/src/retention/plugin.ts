import fp from 'fastify-plugin';
import { purgeExpired } from './purge';

export interface RetentionPluginOptions {
  /** Time between two purges; once a day by default. */
  everyMs?: number;
}

const DAY_MS = 24 * 3600_000;

/**
 * Runs the retention purge once the app is ready, then on a timer, with the business clock. The
 * timer is unref'd so that it never keeps the process alive, and stops with the app.
 */
export default fp<RetentionPluginOptions>(
  async (app, opts) => {
    let timer: NodeJS.Timeout | undefined;
    const purge = async () => {
      try {
        // One server at a time when several share the database; a purge that outlives 15 minutes
        // (a stopped server) leaves the job to the next.
        const done = await app.jobs.run('retention-purge', 15 * 60_000, () =>
          purgeExpired(app.store, { now: app.clock() }),
        );
        if (!done.ran) {
          app.log.info('purge de conservation laissée au serveur qui la fait déjà');
          return;
        }
        const report = done.result;
        // The rows are gone (committed): their files follow.
        await app.pdfs.remove(report.files);
        const technical = Object.values(report.technical).reduce((a, b) => a + b, 0);
        if (report.patients + technical > 0) {
          // Counts only: nothing that identifies a patient reaches the log.
          app.log.info(
            { purge: { patients: report.patients, forms: report.forms, documents: report.documents, technical } },
            'purge de conservation',
          );
        }
      } catch (err) {
        app.log.error({ err }, 'purge de conservation en échec');
      }
    };
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(purge, opts.everyMs ?? DAY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'retention', dependencies: ['db', 'config'] },
);
