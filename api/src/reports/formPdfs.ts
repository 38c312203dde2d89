import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { pdfInputOf, type FindRecord } from './pdfInput';

/**
 * The two PDFs of each submitted form, rendered once after the finishing call has answered and
 * stored in `documents`: a patient no longer waits for two renders (about 150 ms of CPU) behind
 * every other patient's. A download of a PDF not stored yet waits for it (or starts it); forms
 * whose PDFs a stop cut off are rendered again at the next start. Two calls for the same form
 * share one render, and the table's unique (form, kind) stores each PDF once.
 */
function formPdfs(app: FastifyInstance, findRecord: FindRecord) {
  const inFlight = new Map<number, Promise<void>>();
  let inTurn: Promise<void> = Promise.resolve();

  async function render(patientId: number): Promise<void> {
    const r = await findRecord(patientId);
    if (!r || r.form.status !== 'submitted' || !r.form.submittedAt) return;
    if ((await app.reportsRepository.documentCount(r.form.id)) >= 2) return;
    // The date the PDFs print is the submission's, as when they were rendered inside the call.
    const pdfs = await app.pdfRenderer.both(pdfInputOf(r, r.form.answers, new Date(r.form.submittedAt)));
    await app.reportsRepository.storeDocuments(r.form.id, pdfs, app.clock().toISOString());
  }

  const service = {
    /** Resolves once both PDFs of the patient's submitted form are stored (rendering them if needed). */
    ensure(patientId: number): Promise<void> {
      const running = inFlight.get(patientId);
      if (running) return running;
      const job = render(patientId).finally(() => inFlight.delete(patientId));
      inFlight.set(patientId, job);
      return job;
    },
    /** Starts the rendering without waiting; a failure is logged and retried at the next download or start. */
    schedule(patientId: number): void {
      void ensureOrLog(patientId);
    },
    /** Renders these forms one after the other in the background, until `stopped` says so; then `done`. */
    renderInTurn(
      patientIds: readonly number[],
      stopped: () => boolean | Promise<boolean>,
      done: () => void | Promise<void> = () => {},
    ): void {
      inTurn = (async () => {
        try {
          for (const patientId of patientIds) {
            if (await stopped()) return;
            await ensureOrLog(patientId);
          }
        } finally {
          await done();
        }
      })().catch((err: unknown) => app.log.error({ err }, 'PDF catch-up stopped'));
    },
    /** Resolves when no rendering is under way (tests, graceful stop). */
    async idle(): Promise<void> {
      await inTurn;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
    /** How many forms are being rendered, for the metrics. */
    pending: () => inFlight.size,
  };
  /** ensure, a failure logged (and retried at the next download or start) rather than thrown. */
  const ensureOrLog = (patientId: number) =>
    service.ensure(patientId).catch((err: unknown) => app.log.error({ err, patientId }, 'PDF rendering failed'));
  return service;
}

type FormPdfs = ReturnType<typeof formPdfs>;

declare module 'fastify' {
  interface FastifyInstance {
    formPdfs: FormPdfs;
  }
}

const CATCH_UP = 'pdf-catch-up';
/** Long enough for one form's two PDFs on a busy server; renewed before each form. */
const CATCH_UP_LEASE_MS = 5 * 60_000;

export default fp<{ findRecord: FindRecord }>(
  async (app, opts) => {
    const service = formPdfs(app, opts.findRecord);
    app.decorate('formPdfs', service);
    // A stop between the answer and the rendering left forms without their PDFs: render them now,
    // one form at a time in the background, so that after a long outage the first patients and
    // pharmacists of the day do not wait behind hundreds of renders started at once.
    // One server at a time when several share the database: the one holding the job's lease,
    // renewed at each form (a server stopped mid-way leaves the rest to the next one to start).
    let closing = false;
    // PDFs an earlier version left where this one no longer looks first: the flat folder (SQLite),
    // files rather than rows (PostgreSQL). In the background; both keep being read meanwhile.
    let tidying: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      tidying = (async () => {
        const moved =
          app.store.dialect === 'sqlite'
            ? await app.pdfStore.adoptFlatFiles()
            : await app.reportsRepository.moveFilesIntoRows();
        if (moved > 0) app.log.info({ moved }, 'PDF rangés à leur nouvelle place');
      })().catch((err: unknown) => app.log.error({ err }, 'PDF\u00a0: rangement en échec'));
    });
    app.addHook('onReady', async () => {
      const missing = await app.reportsRepository.submittedWithoutDocuments();
      if (missing.length === 0 || !(await app.jobs.take(CATCH_UP, CATCH_UP_LEASE_MS))) return;
      service.renderInTurn(
        missing,
        async () => closing || !(await app.jobs.take(CATCH_UP, CATCH_UP_LEASE_MS)),
        () => app.jobs.release(CATCH_UP),
      );
    });
    app.addHook('preClose', async () => {
      closing = true;
      await tidying;
      await service.idle();
    });
  },
  { name: 'formPdfs', dependencies: ['db'] },
);
