import { and, eq, sql } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import { first, type Store, type StoreDb } from '../db/store';
import { parseForm, replaySection, type Form, type SaveOutcome } from './form';

/** Page saves of one form that may lose the race to another save before one takes the row's lock. */
const OPTIMISTIC_TRIES = 3;

/**
 * Page saves on PostgreSQL, and the reads every patient call makes (sqliteSaves.ts is SQLite's).
 * First without a lock, in two statements: the form is read, replayed, and written only if its
 * version is still the one read (a patient's saves rarely meet, and each statement is a round trip
 * to the server). A save that lost that race a few times takes the form row's lock in a
 * transaction instead, so that the saves of one form then take turns on every server and none
 * starves (50 saves of one form at once: the save race test). Either way a finishing call that read
 * an older copy finds the version moved on.
 */
export function postgresSaves(store: Store) {
  const {
    db,
    tables: { accounts, forms, patients },
  } = store;
  /** One try on `handle`: the outcome, or undefined when another save wrote the form in between. */
  const attempt = async (
    handle: StoreDb,
    patientId: number,
    section: string,
    replay: (form: Form) => Answers[string],
    now: string,
  ): Promise<SaveOutcome | undefined> => {
    const next = replaySection(
      await first(handle.select().from(forms).where(eq(forms.patientId, patientId))),
      section,
      replay,
    );
    if (next.status !== 'write') return next;
    const updated = await first(
      handle
        .update(forms)
        .set({
          answers: next.answers,
          savedSections: next.savedSections,
          version: sql`${forms.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(forms.id, next.id), eq(forms.version, next.version), eq(forms.status, 'in_progress')))
        .returning(),
    );
    return updated ? { status: 'saved', form: parseForm(updated) } : undefined;
  };
  return {
    formStatus: async (patientId: number) =>
      (await first(db.select({ status: forms.status }).from(forms).where(eq(forms.patientId, patientId))))?.status,
    findWithForm: (patientId: number) =>
      first(
        db
          .select()
          .from(patients)
          .innerJoin(accounts, eq(patients.pharmacyId, accounts.id))
          .innerJoin(forms, eq(forms.patientId, patients.id))
          .where(eq(patients.id, patientId)),
      ),
    async saveSection(
      patientId: number,
      section: string,
      replay: (form: Form) => Answers[string],
      now: string,
    ): Promise<SaveOutcome> {
      for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
        const outcome = await attempt(db, patientId, section, replay, now);
        if (outcome) return outcome;
      }
      return store.transaction(async (tx): Promise<SaveOutcome> => {
        await store.rows(sql`SELECT id FROM forms WHERE patient_id = ${patientId} FOR UPDATE`, tx);
        const outcome = await attempt(tx, patientId, section, replay, now);
        if (!outcome) throw new Error(`saveSection: the form of patient ${patientId} changed under its lock`);
        return outcome;
      });
    },
  };
}
