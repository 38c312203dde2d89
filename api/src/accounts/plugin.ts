import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './adminRoutes';
import authRoutes from './authRoutes';
import dashboardRoutes from './dashboardRoutes';

/**
 * Pharmacist and admin accounts: login with the e-mailed second factor, sign-up by invitation,
 * reset, the pharmacist's dashboard (forms, PDFs, export, QR poster) and the admin's. Each
 * subtree has its guard in one onRequest hook; the encapsulation keeps the hooks inside.
 */
const accountsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminRoutes);
};

export default accountsPlugin;
