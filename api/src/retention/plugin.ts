import fp from 'fastify-plugin';
import { Cron } from 'croner';
import { purgeExpired } from './purge';

interface RetentionPluginOptions {
  /** Runs the purge at start whatever the last one (tests); by default only when a night was missed. */
  atStart?: boolean;
}

/** A server that starts more than this after the last purge ended purges at once (a missed night). */
const MISSED_NIGHT_MS = 25 * 3600_000;

/**
 * Runs the retention purge every night at PURGE_HOUR, Paris time (3 h by default: the pharmacies
 * are closed, the saves few), and at start when the last purge is older than a day, with the
 * business clock. When several servers share the database, one of them runs it (its lease). The
 * timer never keeps the process alive, and stops with the app.
 */
export default fp<RetentionPluginOptions>(
  async (app, opts) => {
    let running: Promise<void> = Promise.resolve();
    const purge = async () => {
      try {
        // One server at a time when several share the database; a purge that outlives 15 minutes
        // (a stopped server) leaves the job to the next.
        const done = await app.jobs.run('retention-purge', 15 * 60_000, () =>
          purgeExpired(app.store, { now: app.clock(), removeFiles: (keys) => app.pdfStore.remove(keys) }),
        );
        if (!done.ran) {
          app.log.info('purge de conservation laissée au serveur qui la fait déjà');
          return;
        }
        const report = done.result;
        const technical = Object.values(report.technical).reduce((a, b) => a + b, 0);
        // Counts only: nothing that identifies a patient reaches the log or the record.
        const counts = {
          patients: report.patients,
          forms: report.forms,
          documents: report.documents,
          emails: report.emails,
          technical,
        };
        await app.jobRuns.record('retention-purge', app.clock().getTime(), JSON.stringify(counts));
        if (report.patients + technical > 0) app.log.info({ purge: counts }, 'purge de conservation');
      } catch (err) {
        app.log.error({ err }, 'purge de conservation en échec');
      }
    };
    let cron: Cron | undefined;
    app.addHook('onReady', async () => {
      const last = await app.jobRuns.lastMs('retention-purge');
      if (opts.atStart || last === null || app.clock().getTime() - last > MISSED_NIGHT_MS) {
        running = purge();
        await running;
      }
      cron = new Cron(
        `0 ${app.config.purgeHour} * * *`,
        { timezone: 'Europe/Paris', unref: true, protect: true },
        () => {
          running = purge();
          return running;
        },
      );
    });
    app.addHook('preClose', async () => {
      cron?.stop();
      await running;
    });
  },
  { name: 'retention', dependencies: ['db', 'config', 'reports'] },
);
