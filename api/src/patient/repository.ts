import { and, eq, lt, sql } from 'drizzle-orm';
import type { Answers, Language } from '@bilan/engine';
import { storedTriage, type FormTriage } from '../questionnaire/triage';
import { first, type Store, type StoreDb } from '../db/store';
import type { AccountRow, PatientRow, patients } from '../db/schema';
import { consumeTicket } from '../botCheck';
import { countInWindow, sumOfMinutes } from '../plugins/rateLimitStore';
import { queuedEmailValues, type OutgoingEmail } from '../mail';
import { parseForm, type Form, type FormPresence, type SaveOutcome } from './form';
import { postgresSaves } from './postgresSaves';
import { sqliteSaves } from './sqliteSaves';

export type { Form, SaveOutcome } from './form';

type NewPatient = Omit<typeof patients.$inferInsert, 'id' | 'consentAt' | 'createdAt'>;

export interface Registration {
  patient: NewPatient;
  definitionId: string;
  definitionVersion: string;
  /** Hash of the bot-check ticket; consumed in the same transaction as the insert. */
  ticketKey: string;
  /**
   * Whether the pharmacy takes one more registration, given how many it had in the last hour
   * (every one: sent and erased forms included): read and counted under the pharmacy's lock.
   */
  admit(registrationsInHour: number): 'ok' | 'cap' | 'ticket_too_cheap';
  now: string;
}

export type RegistrationResult =
  { ok: true; patientId: number } | { ok: false; reason: 'ticket_invalid' | 'cap' | 'ticket_too_cheap' };

/** The registrations of a pharmacy are counted per minute under these keys of `rate_limits`. */
const registrationsKey = (pharmacyId: number) => `registrations|${pharmacyId}|`;
const HOUR_MS = 3600_000;

/** How many wrong birth days and months in a row erase a form being resumed (D31). */
const RESUME_TRIES = 3;

/** A resume try on a shared device (D31): let in, or refused with the tries left, or the form erased. */
export type ResumeOutcome =
  | { status: 'ok' }
  | { status: 'wrong'; triesLeft: number }
  | { status: 'erased' }
  | { status: 'missing' | 'submitted' };

export interface Submission {
  formId: number;
  /** The form's version the answers were read at (bumped by every page save). */
  version: number;
  /** The whole normalized answers, as validated. */
  answers: Answers;
  /** The dashboard's triage of these answers (pharmacy/triage.ts), stored with them. */
  triage: FormTriage;
  emails: OutgoingEmail[];
  now: string;
  /** When the queued e-mails are due: the mail queue runs on the wall clock, not the business clock. */
  emailsDueAt: string;
}

/** Patients, their registration and their form: saving sections while in progress, and the submission. */
export function patientRepository(store: Store) {
  const { tables } = store;
  const { emails, forms, patients: patientsTable } = tables;
  const saves = store.sync ? sqliteSaves(store.sync, store) : postgresSaves(store);

  /** A form in progress and its patient, gone (nothing else refers to them before the submission). */
  async function eraseInProgress(tx: StoreDb, patientId: number) {
    await tx.delete(forms).where(and(eq(forms.patientId, patientId), eq(forms.status, 'in_progress')));
    await tx.delete(patientsTable).where(eq(patientsTable.id, patientId));
  }

  return {
    /**
     * Consumes the ticket, creates the patient and an empty form in one transaction: either all of
     * it is stored or nothing (a ticket used concurrently leaves no patient behind).
     */
    async register(input: Registration): Promise<RegistrationResult> {
      return store.transaction(async (tx) => {
        const { pharmacyId } = input.patient;
        const nowMs = Date.parse(input.now);
        // Concurrent registrations at a pharmacy read and count one at a time (SQLite's
        // transactions already do), so that neither the cap nor the ticket's cost is read stale.
        await store.lockKey(tx, registrationsKey(pharmacyId));
        const verdict = input.admit(await sumOfMinutes(store, registrationsKey(pharmacyId), HOUR_MS, nowMs, tx));
        if (verdict !== 'ok') return { ok: false, reason: verdict } as const;
        if (!(await consumeTicket(tx, tables, input.ticketKey, input.now)))
          return { ok: false, reason: 'ticket_invalid' } as const;
        // Counted apart from the rows, which an erase or the purge deletes: the count stays for the hour.
        await countInWindow(
          store,
          `${registrationsKey(pharmacyId)}${Math.floor(nowMs / 60_000)}`,
          2 * HOUR_MS,
          nowMs,
          tx,
        );
        const [row] = await tx
          .insert(patientsTable)
          .values({ ...input.patient, consentAt: input.now, createdAt: input.now })
          .returning({ id: patientsTable.id });
        if (!row) throw new Error('register: the patient row was not returned');
        await tx.insert(forms).values({
          patientId: row.id,
          pharmacyId: input.patient.pharmacyId,
          definitionId: input.definitionId,
          definitionVersion: input.definitionVersion,
          createdAt: input.now,
          updatedAt: input.now,
        });
        return { ok: true, patientId: row.id } as const;
      });
    },
    /** Registrations at a pharmacy in the hour before `now` (ms), sent and erased forms included. */
    registrationsInHour: (pharmacyId: number, now: number) =>
      sumOfMinutes(store, registrationsKey(pharmacyId), HOUR_MS, now),
    /** A patient with its pharmacy and its form; undefined when the patient no longer exists. */
    async findWithForm(
      patientId: number,
    ): Promise<{ patient: PatientRow; pharmacy: AccountRow; form: Form } | undefined> {
      const row = await saves.findWithForm(patientId);
      return row ? { patient: row.patients, pharmacy: row.accounts, form: parseForm(row.forms) } : undefined;
    },
    /**
     * The status of a patient's form and the patient's last activity (D39); undefined when the
     * patient no longer exists (purged).
     */
    async formPresence(patientId: number): Promise<FormPresence | undefined> {
      return saves.formPresence(patientId);
    },
    /**
     * The page's « still here » call (D39): the patient's last activity is now, while the form is
     * in progress. Whether a form in progress was marked.
     */
    async setLanguage(patientId: number, language: Language): Promise<boolean> {
      const set = await store.transaction((tx) =>
        tx
          .update(forms)
          .set({ language })
          .where(and(eq(forms.patientId, patientId), eq(forms.status, 'in_progress')))
          .returning({ id: forms.id }),
      );
      return set.length === 1;
    },
    async markSeen(patientId: number, now: string): Promise<boolean> {
      // In a transaction: on SQLite, writes take their turn with the group commit of the saves.
      const marked = await store.transaction((tx) =>
        tx
          .update(forms)
          .set({ lastSeenAt: now })
          .where(and(eq(forms.patientId, patientId), eq(forms.status, 'in_progress')))
          .returning({ id: forms.id }),
      );
      return marked.length === 1;
    },
    /**
     * A page save, in one transaction: the form is read, `replay` computes the section to store
     * from that fresh copy (it may throw: nothing is written then), and the section is stored with
     * the form's version bumped, so that a finishing call that read an older copy does not commit.
     * Only while the form is in progress. On SQLite, committed with the other saves of the same
     * moment (sqliteSaves.ts); on PostgreSQL, by version, then under the form row's lock (postgresSaves.ts).
     */
    saveSection(
      patientId: number,
      section: string,
      replay: (form: Form) => Answers[string],
      now: string,
    ): Promise<SaveOutcome> {
      return saves.saveSection(patientId, section, replay, now);
    },
    /**
     * One resume try (D31), in one transaction: a right birth day and month clears the count of
     * wrong ones and marks the patient seen at `now`; a wrong one adds to it, and the RESUME_TRIES-th erases the form in progress;
     * once they are spent, no try counts (the form is being erased).
     */
    async resumeTry(patientId: number, right: boolean, now: string): Promise<ResumeOutcome> {
      const outcome = await store.transaction(async (tx): Promise<ResumeOutcome> => {
        // The count and its check are one conditional update: concurrent tries (on PostgreSQL,
        // each on its own connection) wait for the row and see the count the previous one left,
        // so that exactly RESUME_TRIES wrong answers are counted, the last one erasing the form.
        const [counted] = await tx
          .update(forms)
          // A right answer is the patient's activity too: the pause of D39 starts again from it.
          .set(right ? { resumeFailures: 0, lastSeenAt: now } : { resumeFailures: sql`${forms.resumeFailures} + 1` })
          .where(
            and(
              eq(forms.patientId, patientId),
              eq(forms.status, 'in_progress'),
              lt(forms.resumeFailures, RESUME_TRIES),
            ),
          )
          .returning({ failures: forms.resumeFailures });
        if (counted) {
          if (right) return { status: 'ok' } as const;
          if (counted.failures < RESUME_TRIES)
            return { status: 'wrong', triesLeft: RESUME_TRIES - counted.failures } as const;
          await eraseInProgress(tx, patientId);
          return { status: 'erased' } as const;
        }
        const form = await first(tx.select({ status: forms.status }).from(forms).where(eq(forms.patientId, patientId)));
        if (!form) return { status: 'missing' } as const;
        if (form.status !== 'in_progress') return { status: 'submitted' } as const;
        // Its tries are spent: another try is erasing it.
        return { status: 'erased' } as const;
      });
      // The erased rows leave SQLite's write-ahead log too.
      if (outcome.status === 'erased') await store.forgetDeleted();
      return outcome;
    },
    /**
     * « Arrêter et effacer mes réponses » (D31): the patient and their form, while it is in
     * progress, deleted in one transaction. A form finished meanwhile is kept ('submitted').
     */
    async erase(patientId: number): Promise<'erased' | 'submitted' | 'missing'> {
      const outcome = await store.transaction(async (tx) => {
        const form = await first(tx.select({ status: forms.status }).from(forms).where(eq(forms.patientId, patientId)));
        if (!form) return 'missing';
        if (form.status !== 'in_progress') return 'submitted';
        await eraseInProgress(tx, patientId);
        return 'erased' as const;
      });
      // The erased rows leave SQLite's write-ahead log too.
      if (outcome === 'erased') await store.forgetDeleted();
      return outcome;
    },
    /**
     * The submission in one transaction: answers stored as submitted with their triage, e-mails
     * queued, only if the form is still in progress at the version the answers were read at.
     * Otherwise nothing is written: 'submitted' when another call finished it, 'changed' when a
     * page save came in between (the caller starts again from the new copy).
     */
    async submit(s: Submission): Promise<'stored' | 'submitted' | 'changed'> {
      return store.transaction(async (tx) => {
        const stored = await tx
          .update(forms)
          .set({
            answers: JSON.stringify(s.answers),
            status: 'submitted',
            submittedAt: s.now,
            updatedAt: s.now,
            ...storedTriage(s.triage),
          })
          .where(and(eq(forms.id, s.formId), eq(forms.status, 'in_progress'), eq(forms.version, s.version)))
          .returning({ id: forms.id });
        if (stored.length !== 1) {
          const now = await first(tx.select({ status: forms.status }).from(forms).where(eq(forms.id, s.formId)));
          return now?.status === 'in_progress' ? 'changed' : 'submitted';
        }
        if (s.emails.length > 0)
          await tx.insert(emails).values(s.emails.map((m) => queuedEmailValues(m, s.now, s.emailsDueAt)));
        return 'stored';
      });
    },
  };
}
