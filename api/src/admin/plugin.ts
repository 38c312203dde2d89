import fp from 'fastify-plugin';
import { adminRepository } from './repository';
import adminRoutes from './routes';
import { adminService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the admin reads and writes: submissions per pharmacy, the pharmacies, the invitations. */
    adminRepository: ReturnType<typeof adminRepository>;
    adminService: ReturnType<typeof adminService>;
  }
}

/** The admin's dashboard: statistics per pharmacy, invitations, e-mails that failed for good. */
export default fp(
  async (app) => {
    app.decorate('adminRepository', adminRepository(app.store));
    app.decorate('adminService', adminService(app));
    await app.register(adminRoutes);
  },
  { name: 'admin', dependencies: ['config', 'db', 'access', 'mailer'] },
);
