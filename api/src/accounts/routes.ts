import type { FastifyPluginAsync } from 'fastify';
import lockRoutes from './lockRoutes';
import loginRoutes from './loginRoutes';
import registrationRoutes from './registrationRoutes';
import resetRoutes from './resetRoutes';

/**
 * Pharmacist and admin accounts: login with the e-mailed second factor and the staff session,
 * patient mode (the lock of a device's session), sign-up by invitation with its e-mail
 * verification, password reset. The pharmacist's dashboard is in pharmacy/, the admin's in admin/.
 */
const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginRoutes);
  await app.register(lockRoutes);
  await app.register(registrationRoutes);
  await app.register(resetRoutes);
};

export default accountsRoutes;
