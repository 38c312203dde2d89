import fp from 'fastify-plugin';
import { consultationRepository } from './repository';
import consultationRoutes from './routes';
import { consultationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The plans of the consultation and their versions, and the audit of their reads and changes. */
    consultationRepository: ReturnType<typeof consultationRepository>;
    consultationService: ReturnType<typeof consultationService>;
  }
}

/** The consultation (« Entretien », D33): the plan personnalisé de prévention of a submitted form. */
export default fp(
  async (app) => {
    app.decorate('consultationRepository', consultationRepository(app.store));
    app.decorate('consultationService', consultationService(app));
    await app.register(consultationRoutes);
  },
  { name: 'consultation', dependencies: ['config', 'db', 'access'] },
);
