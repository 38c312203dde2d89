import type { FastifyInstance } from 'fastify';
import { ssnSealerOf } from '../patient';
import { personKeyring } from './personKeys';

const BATCH = 500;

/**
 * After a rotation of SSN_ENCRYPTION_KEY (docs/operations.md): the acts' keyed hashes made under
 * the previous key are made again under the new one, and their social security numbers sealed
 * again. These are not ledger facts (the ledger never holds them), so the chain is untouched.
 * An act whose number cannot be opened (unknown key) is left as it is and counted.
 */
export async function rehashActs(app: FastifyInstance): Promise<{ rehashed: number; unreadable: number }> {
  const keyring = personKeyring(app.config);
  const ssns = ssnSealerOf(app.config);
  const report = { rehashed: 0, unreadable: 0 };
  for (let after = 0; ;) {
    const rows = await app.actsRepository.staleKeys(keyring.keyId, after, BATCH);
    if (rows.length === 0) return report;
    after = rows.at(-1)?.id ?? after;
    for (const row of rows) {
      let ssn: string | null;
      try {
        ssn = row.socialSecurityNumber ? ssns.open(row.socialSecurityNumber) : null;
      } catch {
        report.unreadable++;
        continue;
      }
      const keys = keyring.current(row.pharmacyId, { ...row, socialSecurityNumber: ssn });
      await app.actsRepository.setKeys(row.id, keys, ssn ? ssns.seal(ssn) : null);
      report.rehashed++;
    }
  }
}
