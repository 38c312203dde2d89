import { and, asc, eq, gt, isNotNull, notLike } from 'drizzle-orm';
import type { Store } from '../db/store';
import type { SsnSealer } from './ssnSealer';

const BATCH = 500;

export interface SealingReport {
  /** Numbers sealed (they were in clear) or sealed again (under the previous key). */
  sealed: number;
  /** Numbers sealed under a key the server does not have: left as they are. */
  unreadable: number;
}

/**
 * Seals at start the social security numbers not yet sealed under the current key: those stored
 * in clear before numbers were encrypted, and after a rotation those sealed under the previous
 * key. In batches of one transaction each; finds nothing to do on later starts.
 */
export async function sealSocialSecurityNumbers(store: Store, sealer: SsnSealer): Promise<SealingReport> {
  const {
    db,
    tables: { patients },
  } = store;
  const report: SealingReport = { sealed: 0, unreadable: 0 };
  // By id, so that a number left as it is (unreadable) is not read again.
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: patients.id, ssn: patients.socialSecurityNumber })
      .from(patients)
      .where(
        and(
          gt(patients.id, after),
          isNotNull(patients.socialSecurityNumber),
          notLike(patients.socialSecurityNumber, sealer.currentPattern),
        ),
      )
      .orderBy(asc(patients.id))
      .limit(BATCH);
    if (rows.length === 0) return report;
    after = rows.at(-1)?.id ?? after;
    await store.transaction(async (tx) => {
      for (const row of rows) {
        let ssn: string;
        try {
          ssn = sealer.open(row.ssn as string);
        } catch {
          report.unreadable++;
          continue;
        }
        await tx
          .update(patients)
          .set({ socialSecurityNumber: sealer.seal(ssn) })
          .where(eq(patients.id, row.id));
        report.sealed++;
      }
    });
  }
}
