import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors';
import { missingLegalFacts } from '../config';
import { readinessProblems } from './readiness';

/** The public site: the pharmacy behind a patient link, the configured legal facts and prices, health. */
export function siteService(app: FastifyInstance) {
  return {
    /** The spec's `client` object of a pharmacy link; admins and disabled pharmacies have none. */
    async publicPharmacy(name: string) {
      const pharmacy = await app.accountsService.activePharmacyNamed(name);
      if (!pharmacy) throw apiError(404, 'client_not_found');
      return { id: pharmacy.id, name: pharmacy.name, nom: pharmacy.displayName };
    },
    /**
     * Legal facts (D21) and pricing amounts (D22) from configuration; `legalNoticePending` when a
     * fact is missing, so that every page says this server is not meant for the public (D38).
     */
    siteConfig() {
      return {
        legal: app.config.legal,
        legalNoticePending: missingLegalFacts(app.config).length > 0,
        pricing: app.config.pricing,
        devTools: app.config.devTools,
      };
    },
    /** What stops this server from taking answers now, none when it is ready (readiness.ts). */
    readinessProblems: () => readinessProblems(app, app.jobs.holder),
    async health() {
      await app.siteRepository.ping();
      return { status: 'ok' as const };
    },
  };
}
