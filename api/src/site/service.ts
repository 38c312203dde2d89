import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors';

/** The public site: the pharmacy behind a patient link, the configured legal facts and prices, health. */
export function siteService(app: FastifyInstance) {
  return {
    /** The spec's `client` object of a pharmacy link; admins and disabled pharmacies have none. */
    async publicPharmacy(name: string) {
      const pharmacy = await app.repos.accounts.findByName(name);
      if (!pharmacy || pharmacy.role !== 'pharmacy' || pharmacy.disabledAt) throw apiError(404, 'client_not_found');
      return { id: pharmacy.id, name: pharmacy.name, nom: pharmacy.displayName };
    },
    /** Legal facts (D21) and pricing amounts (D22) from configuration. */
    siteConfig() {
      return { legal: app.config.legal, pricing: app.config.pricing, devTools: app.config.devTools };
    },
    async health() {
      await app.repos.site.ping();
      return { status: 'ok' as const };
    },
  };
}
