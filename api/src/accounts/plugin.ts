import fp from 'fastify-plugin';
import { accountsRepository } from './repository';
import accountsRoutes from './routes';
import { accountsService } from './service';
import { requireMfa, staffGuard } from './staffTokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts' queries: accounts, login codes, sessions, invitations, e-mail and reset tokens. */
    accountsRepository: ReturnType<typeof accountsRepository>;
    accountsService: ReturnType<typeof accountsService>;
  }
}

/**
 * The pharmacists' and admins' accounts: their repository and service, the guards of the second
 * factor and of the staff sessions (plugins/access.ts installs them from each route's decision),
 * and the routes of login, sign-up by invitation and password reset.
 */
export default fp(
  async (app) => {
    app.decorate('accountsRepository', accountsRepository(app.store));
    app.decorate('accountsService', accountsService(app));
    app.decorate('requireSecondFactor', requireMfa);
    app.decorate('requireStaff', staffGuard(app));
    app.decorate('requireStaffEvenLocked', staffGuard(app, undefined, true));
    app.decorate('requirePharmacy', staffGuard(app, 'pharmacy'));
    app.decorate('requireAdmin', staffGuard(app, 'admin'));
    await app.register(accountsRoutes);
  },
  { name: 'accounts', dependencies: ['config', 'db', 'auth', 'access', 'mailer'] },
);
