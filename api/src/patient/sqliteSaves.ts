import { eq, sql } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import type { Db } from '../db/client';
import { accounts, forms, patients } from '../db/schema';
import type { Store } from '../db/store';
import { presenceOf, replaySection, savedOutcome, type Form, type SaveOutcome } from './form';

/**
 * SQLite's page saves (the busiest write) and the reads every patient call makes, on
 * better-sqlite3's synchronous driver: prepared statements, and a group commit. PostgreSQL's are
 * in postgresSaves.ts.
 */
export function sqliteSaves(db: Db, store: Pick<Store, 'exclusive'>) {
  // The statements of every page save, prepared once: built per call, drizzle's query building
  // and SQLite's prepare were a third of its CPU.
  const statusOfForm = db
    .select({ status: forms.status, updatedAt: forms.updatedAt, lastSeenAt: forms.lastSeenAt })
    .from(forms)
    .where(eq(forms.patientId, sql.placeholder('patientId')))
    .prepare();
  const formOfPatient = db
    .select()
    .from(forms)
    .where(eq(forms.patientId, sql.placeholder('patientId')))
    .prepare();
  // The record every patient call reads first (patient, pharmacy, form).
  const recordOfPatient = db
    .select()
    .from(patients)
    .innerJoin(accounts, eq(patients.pharmacyId, accounts.id))
    .innerJoin(forms, eq(forms.patientId, patients.id))
    .where(eq(patients.id, sql.placeholder('patientId')))
    .prepare();
  const storeSection = db
    .update(forms)
    .set({
      answers: sql`${sql.placeholder('answers')}`,
      savedSections: sql`${sql.placeholder('savedSections')}`,
      version: sql`${forms.version} + 1`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(forms.id, sql.placeholder('id')))
    // Not the answers: the save has just written them, and reading and parsing them again was a
    // tenth of a save's work.
    .returning({ savedSections: forms.savedSections, version: forms.version })
    .prepare();
  // better-sqlite3's own transaction keeps its BEGIN and COMMIT prepared too.
  const saveInTransaction = db.$client.transaction(
    (patientId: number, section: string, replay: (form: Form) => Answers[string], now: string): SaveOutcome => {
      const next = replaySection(formOfPatient.get({ patientId }), section, replay);
      if (next.status !== 'write') return next;
      const updated = storeSection.get({ id: next.id, answers: next.answers, savedSections: next.savedSections, now });
      if (!updated) return { status: 'missing' };
      return savedOutcome(updated);
    },
  );

  // Group commit: the page saves that arrive in the same turn of the event loop are written in
  // one transaction, one fsync for all of them (the commit was the largest cost of a save). Each
  // save runs in its own savepoint (a nested better-sqlite3 transaction), so one that throws
  // leaves the others; every caller is answered only once the shared commit is done. The batch
  // waits for the connection to be free of another caller's transaction (Store.exclusive).
  interface PendingSave {
    args: Parameters<typeof saveInTransaction>;
    resolve: (outcome: SaveOutcome) => void;
    reject: (error: unknown) => void;
  }
  let pending: PendingSave[] = [];
  const saveBatch = db.$client.transaction((batch: PendingSave[]) =>
    batch.map((save): { ok: true; outcome: SaveOutcome } | { ok: false; error: unknown } => {
      try {
        return { ok: true, outcome: saveInTransaction(...save.args) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
  async function flushSaves() {
    const batch = pending;
    pending = [];
    let results: ReturnType<typeof saveBatch>;
    try {
      results = await store.exclusive(() => saveBatch(batch));
    } catch (error) {
      // The commit itself failed: nothing of the batch is stored.
      for (const save of batch) save.reject(error);
      return;
    }
    results.forEach((result, i) => {
      const save = batch[i] as PendingSave;
      if (result.ok) save.resolve(result.outcome);
      else save.reject(result.error);
    });
  }

  return {
    formPresence: (patientId: number) =>
      store.exclusive(() => {
        const row = statusOfForm.get({ patientId });
        return row ? presenceOf(row) : undefined;
      }),
    findWithForm: (patientId: number) => store.exclusive(() => recordOfPatient.get({ patientId })),
    saveSection(
      patientId: number,
      section: string,
      replay: (form: Form) => Answers[string],
      now: string,
    ): Promise<SaveOutcome> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(() => void flushSaves());
        pending.push({ args: [patientId, section, replay, now], resolve, reject });
      });
    },
  };
}
