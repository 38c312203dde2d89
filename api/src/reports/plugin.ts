import fp from 'fastify-plugin';
import { startStep } from '../plugins/db';
import { pdfService, type PdfService } from './pdfService';
import { folderPdfStore, type PdfStore } from '../db/pdfStore';
import { reportsRepository } from './repository';
import reportsRoutes from './routes';
import { reportsService } from './service';
import storedPdfsPlugin from './storedPdfs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the PDFs of submitted forms are kept (pdfStore.ts). */
    pdfs: PdfStore;
    /** Questionnaire.pdf and Bilan.pdf renderers, returning Buffers. */
    pdf: PdfService;
    /** The stored PDFs of submitted forms. */
    reportsRepository: ReturnType<typeof reportsRepository>;
    /** The PDFs asked for outside the finishing call: a patient's own, or a demo's. */
    reportsService: ReturnType<typeof reportsService>;
  }
}

/**
 * The PDFs: their store and renderers, the two PDFs of each submitted form rendered once and
 * stored (app.storedPdfs), and the /api/pdf routes.
 */
export default fp(
  async (app) => {
    const pdfs = folderPdfStore(app.config.pdfDir);
    // On SQLite the PDFs are files of DATA_DIR/pdfs: a folder that cannot be made stops the start.
    // On PostgreSQL they are in their rows; the folder only holds those of an earlier version.
    if (app.store.dialect === 'sqlite') await startStep(app.store, () => pdfs.prepare());
    app.decorate('pdfs', pdfs);
    app.decorate('pdf', pdfService);
    app.decorate('reportsRepository', reportsRepository(app.store, pdfs));
    app.decorate('reportsService', reportsService(app));
    await app.register(storedPdfsPlugin);
    await app.register(reportsRoutes);
  },
  { name: 'reports', dependencies: ['config', 'db', 'access'] },
);
