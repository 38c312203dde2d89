import { and, eq, sql, type SQL } from 'drizzle-orm';
import { answerSets, patients } from '../db/schema';

/**
 * The WHERE condition "submitted forms of this pharmacy", for a query that joins patients to
 * answer_sets. The status test carries SQLite's unary `+`, which keeps it from choosing the
 * (status, submitted_at) index: without statistics the planner took that index to avoid a sort
 * and read every submitted form of every pharmacy (100,000 forms: 180 ms for a list of 452),
 * where the client index reads only this pharmacy's rows (2 ms). The admin statistics, which do
 * span all pharmacies, keep using that index.
 */
export function submittedOfPharmacy(clientId: number): SQL {
  return and(eq(patients.clientId, clientId), sql`+${answerSets.status} = 'submitted'`) as SQL;
}
