import fp from 'fastify-plugin';
import { siteRepository } from './repository';
import siteRoutes from './routes';
import { siteService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the public site reads from the database itself. */
    siteRepository: ReturnType<typeof siteRepository>;
    /** The pharmacy behind a patient link (also the prerendered registration page's), legal facts and prices, health. */
    siteService: ReturnType<typeof siteService>;
  }
}

/** The public site's calls: the pharmacy behind a patient link, legal facts and prices, health. */
export default fp(
  async (app) => {
    app.decorate('siteRepository', siteRepository(app.store));
    app.decorate('siteService', siteService(app));
    await app.register(siteRoutes);
  },
  { name: 'site', dependencies: ['config', 'db', 'access', 'accounts', 'reports'] },
);
