import fp from 'fastify-plugin';
import { startStep } from '../plugins/db';
import { backfillTriage } from './backfillTriage';
import { pharmacyRepository } from './repository';
import pharmacyRoutes from './routes';
import { pharmacyService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's reads (forms, counts, PDFs, export) and its audit trail. */
    pharmacyRepository: ReturnType<typeof pharmacyRepository>;
    pharmacyService: ReturnType<typeof pharmacyService>;
  }
}

/**
 * The pharmacist's dashboard: the triage of the forms submitted before it was stored, filled in
 * before the app serves; the repository, the service and the routes.
 */
export default fp(
  async (app) => {
    await startStep(app.store, () => backfillTriage(app.store));
    app.decorate('pharmacyRepository', pharmacyRepository(app.store, app.pdfStore));
    app.decorate('pharmacyService', pharmacyService(app));
    await app.register(pharmacyRoutes);
  },
  { name: 'pharmacy', dependencies: ['config', 'db', 'access', 'reports'] },
);
