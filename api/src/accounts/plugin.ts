import type { FastifyPluginAsync } from 'fastify';

/** Pharmacist and admin accounts, dashboards and exports (filled by the accounts work). */
const accountsPlugin: FastifyPluginAsync = async () => {};
export default accountsPlugin;
