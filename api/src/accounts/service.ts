import type { FastifyInstance } from 'fastify';
import type { AccountRow } from '../db/schema';

/**
 * What the other features ask of the accounts (app.accountsService): the pharmacy behind a patient
 * link or a registration. Admins and disabled pharmacies are nobody's pharmacy.
 */
export function accountsService(app: FastifyInstance) {
  const repo = app.accountsRepository;
  const active = (account: AccountRow | undefined) =>
    account && account.role === 'pharmacy' && !account.disabledAt ? account : undefined;
  return {
    /** The pharmacy account of this id, if it may take patients. */
    async activePharmacy(id: number): Promise<AccountRow | undefined> {
      return active(await repo.findById(id));
    },
    /** The pharmacy account of this route segment ({clientName}), if it may take patients. */
    async activePharmacyNamed(name: string): Promise<AccountRow | undefined> {
      return active(await repo.findByName(name));
    },
  };
}
