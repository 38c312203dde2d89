import fp from 'fastify-plugin';
import { startStep } from '../plugins/db';
import { pdfService, type PdfService } from './pdfService';
import { folderPdfStore, type PdfStore } from '../db/pdfStore';
import type { FindRecord } from './pdfInput';
import { reportsRepository } from './repository';
import { renderQueue } from './render';
import { renderPoolQueue } from './renderPool';
import reportsRoutes from './routes';
import { reportsService } from './service';
import formPdfsPlugin from './formPdfs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the PDFs of submitted forms are kept (pdfStore.ts). */
    pdfStore: PdfStore;
    /** Questionnaire.pdf and Bilan.pdf renderers, returning Buffers. */
    pdfRenderer: PdfService;
    /** The stored PDFs of submitted forms. */
    reportsRepository: ReturnType<typeof reportsRepository>;
    /** The PDFs asked for outside the finishing call: a patient's own, or a demo's. */
    reportsService: ReturnType<typeof reportsService>;
    /** The renders under way and waiting, in the worker threads and on the event loop (the metrics read it). */
    pdfRenderQueue: () => { running: number; waiting: number };
  }
}

/**
 * The PDFs: their store and renderers, the two PDFs of each submitted form rendered once and
 * stored (app.formPdfs), and the /api/pdf routes.
 */
/**
 * What the reports need of another feature, handed over by app.ts: a patient's record (the patient
 * feature's, registered after this one since it renders each submitted form's PDFs through
 * app.formPdfs).
 */
interface ReportsOptions {
  findRecord: FindRecord;
}

export default fp<ReportsOptions>(
  async (app, opts) => {
    const pdfs = folderPdfStore(app.config.pdfDir);
    // On SQLite the PDFs are files of DATA_DIR/pdfs: a folder that cannot be made stops the start.
    // On PostgreSQL they are in their rows; the folder only holds those of an earlier version.
    if (app.store.dialect === 'sqlite') await startStep(app.store, () => pdfs.prepare());
    app.decorate('pdfStore', pdfs);
    app.decorate('pdfRenderer', pdfService);
    app.decorate('reportsRepository', reportsRepository(app.store, pdfs));
    app.decorate('reportsService', reportsService(app, opts.findRecord));
    app.decorate('pdfRenderQueue', () => {
      // Questionnaire and Bilan in the worker threads, the poster and the plan's copies on the event loop.
      const pool = renderPoolQueue();
      const local = renderQueue();
      return { running: pool.running + local.running, waiting: pool.waiting + local.waiting };
    });
    await app.register(formPdfsPlugin, { findRecord: opts.findRecord });
    await app.register(reportsRoutes);
  },
  { name: 'reports', dependencies: ['config', 'db', 'access'] },
);
