import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import type { Store } from '../db/store';
import { findDefinition } from '../questionnaire/definitions';
import { formTriageOf, storedTriage, TRIAGE_KEY } from '../questionnaire/triage';

const BATCH = 500;

/**
 * Fills the triage of forms submitted before it was stored (migration 0004), or stored with
 * another edition of definitions/triage.json (D32: the table changes, the stored forms follow): a
 * migration is SQL and cannot run the assessment. Runs at start, in batches of one transaction
 * each (about 45 µs a form: 100,000 forms in under 10 s, once), and finds nothing to do on later
 * starts. Returns how many forms it filled.
 */
export async function backfillTriage(store: Store): Promise<number> {
  const {
    db,
    tables: { forms, patients },
  } = store;
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({
        id: forms.id,
        definitionId: forms.definitionId,
        definitionVersion: forms.definitionVersion,
        answers: forms.answers,
        submittedAt: forms.submittedAt,
        civility: patients.civility,
        birthDate: patients.birthDate,
      })
      .from(forms)
      .innerJoin(patients, eq(forms.patientId, patients.id))
      .where(
        and(
          eq(forms.status, 'submitted'),
          or(isNull(forms.priorityCount), isNull(forms.triageKey), ne(forms.triageKey, TRIAGE_KEY)),
        ),
      )
      .limit(BATCH);
    if (rows.length === 0) return filled;
    await store.transaction(async (tx) => {
      for (const row of rows) {
        const definition = findDefinition(row.definitionId, row.definitionVersion);
        // Definition versions are never removed (D5): a stored form without one is a bug to surface.
        if (!definition)
          throw new Error(`form ${row.id}: unknown definition ${row.definitionId}@${row.definitionVersion}`);
        const date = new Date(row.submittedAt ?? 0);
        const triage = formTriageOf({
          definition,
          answers: JSON.parse(row.answers) as Answers,
          date,
          patient: { civility: row.civility, birthDate: row.birthDate },
        });
        await tx.update(forms).set(storedTriage(triage)).where(eq(forms.id, row.id));
      }
    });
    filled += rows.length;
  }
}
