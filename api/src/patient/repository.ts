import { and, eq, sql } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import { storedTriage, type Triage } from '../pharmacy/triage';
import type { Db } from '../db/client';
import { accounts, emails, forms, patients, type AccountRow, type FormRow, type PatientRow } from '../db/schema';
import { consumeTicket } from '../botCheck/repository';
import { queuedEmailValues, type OutgoingEmail } from '../mail/repository';

/** A form with its JSON columns read. */
export interface Form extends Omit<FormRow, 'answers' | 'savedSections'> {
  answers: Answers;
  savedSections: string[];
}

function parse(row: FormRow): Form {
  return { ...row, answers: JSON.parse(row.answers) as Answers, savedSections: JSON.parse(row.savedSections) as string[] };
}

export type NewPatient = Omit<typeof patients.$inferInsert, 'id' | 'consentAt' | 'createdAt'>;

export interface Registration {
  patient: NewPatient;
  definitionId: string;
  definitionVersion: string;
  /** Hash of the bot-check ticket; consumed in the same transaction as the insert. */
  ticketKey: string;
  now: string;
}

export type RegistrationResult = { ok: true; patientId: number } | { ok: false; reason: 'ticket_invalid' };

/** What a page save did: stored (with the new form), or nothing because the form is finished or gone. */
export type SaveOutcome = { status: 'saved'; form: Form } | { status: 'submitted' } | { status: 'missing' };

export interface Submission {
  formId: number;
  /** The form's version the answers were read at (bumped by every page save). */
  version: number;
  /** The whole normalized answers, as validated. */
  answers: Answers;
  /** The dashboard's triage of these answers (pharmacy/triage.ts), stored with them. */
  triage: Triage;
  emails: OutgoingEmail[];
  now: string;
  /** When the queued e-mails are due: the mail queue runs on the wall clock, not the business clock. */
  emailsDueAt: string;
}

/** Patients, their registration and their form: saving sections while in progress, and the submission. */
export function patientRepository(db: Db) {
  // The statements of every page save, prepared once (a page save is the busiest write): built
  // per call, drizzle's query building and SQLite's prepare were a third of its CPU.
  const statusOfForm = db.select({ status: forms.status }).from(forms).where(eq(forms.patientId, sql.placeholder('patientId'))).prepare();
  const formOfPatient = db.select().from(forms).where(eq(forms.patientId, sql.placeholder('patientId'))).prepare();
  const storeSection = db
    .update(forms)
    .set({
      answers: sql`${sql.placeholder('answers')}`,
      savedSections: sql`${sql.placeholder('savedSections')}`,
      version: sql`${forms.version} + 1`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(forms.id, sql.placeholder('id')))
    .returning()
    .prepare();
  // better-sqlite3's own transaction keeps its BEGIN and COMMIT prepared too.
  const saveInTransaction = db.$client.transaction((patientId: number, section: string, replay: (form: Form) => Answers[string], now: string): SaveOutcome => {
    const row = formOfPatient.get({ patientId });
    if (!row) return { status: 'missing' };
    if (row.status !== 'in_progress') return { status: 'submitted' };
    const current = parse(row);
    const answers = replay(current);
    const saved = current.savedSections.includes(section) ? current.savedSections : [...current.savedSections, section];
    const updated = storeSection.get({ id: row.id, answers: JSON.stringify({ ...current.answers, [section]: answers }), savedSections: JSON.stringify(saved), now });
    if (!updated) return { status: 'missing' };
    return { status: 'saved', form: parse(updated) };
  });

  // Group commit: the page saves that arrive in the same turn of the event loop are written in
  // one transaction, one fsync for all of them (the commit was the largest cost of a save). Each
  // save runs in its own savepoint (a nested better-sqlite3 transaction), so one that throws
  // leaves the others; every caller is answered only once the shared commit is done.
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
  function flushSaves() {
    const batch = pending;
    pending = [];
    let results: ReturnType<typeof saveBatch>;
    try {
      results = saveBatch(batch);
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
    /**
     * Consumes the ticket, creates the patient and an empty form in one transaction: either all of
     * it is stored or nothing (a ticket used concurrently leaves no patient behind).
     */
    async register(input: Registration): Promise<RegistrationResult> {
      return db.transaction((tx) => {
        if (!consumeTicket(tx, input.ticketKey, input.now)) return { ok: false, reason: 'ticket_invalid' } as const;
        const row = tx
          .insert(patients)
          .values({ ...input.patient, consentAt: input.now, createdAt: input.now })
          .returning({ id: patients.id })
          .get();
        tx.insert(forms)
          .values({
            patientId: row.id,
            pharmacyId: input.patient.pharmacyId,
            definitionId: input.definitionId,
            definitionVersion: input.definitionVersion,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .run();
        return { ok: true, patientId: row.id } as const;
      });
    },
    /** A patient with its pharmacy and its form; undefined when the patient no longer exists. */
    async findWithForm(patientId: number): Promise<{ patient: PatientRow; pharmacy: AccountRow; form: Form } | undefined> {
      const row = db
        .select()
        .from(patients)
        .innerJoin(accounts, eq(patients.pharmacyId, accounts.id))
        .innerJoin(forms, eq(forms.patientId, patients.id))
        .where(eq(patients.id, patientId))
        .get();
      return row ? { patient: row.patients, pharmacy: row.accounts, form: parse(row.forms) } : undefined;
    },
    /** The status of a patient's form; undefined when the patient no longer exists (purged). */
    async formStatus(patientId: number): Promise<Form['status'] | undefined> {
      return statusOfForm.get({ patientId })?.status;
    },
    /**
     * A page save, in one transaction: the form is read, `replay` computes the section to store
     * from that fresh copy (it may throw: nothing is written then), and the section is stored with
     * the form's version bumped, so that a finishing call that read an older copy does not commit.
     * Only while the form is in progress. Committed with the other saves of the same moment.
     */
    saveSection(patientId: number, section: string, replay: (form: Form) => Answers[string], now: string): Promise<SaveOutcome> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(flushSaves);
        pending.push({ args: [patientId, section, replay, now], resolve, reject });
      });
    },
    /**
     * The submission in one transaction: answers stored as submitted with their triage, e-mails
     * queued, only if the form is still in progress at the version the answers were read at.
     * Otherwise nothing is written: 'submitted' when another call finished it, 'changed' when a
     * page save came in between (the caller starts again from the new copy).
     */
    async submit(s: Submission): Promise<'stored' | 'submitted' | 'changed'> {
      return db.transaction((tx) => {
        const r = tx
          .update(forms)
          .set({
            answers: JSON.stringify(s.answers),
            status: 'submitted',
            submittedAt: s.now,
            updatedAt: s.now,
            ...storedTriage(s.triage),
          })
          .where(and(eq(forms.id, s.formId), eq(forms.status, 'in_progress'), eq(forms.version, s.version)))
          .run();
        if (r.changes !== 1) {
          const now = tx.select({ status: forms.status }).from(forms).where(eq(forms.id, s.formId)).get();
          return now?.status === 'in_progress' ? 'changed' : 'submitted';
        }
        for (const m of s.emails) tx.insert(emails).values(queuedEmailValues(m, s.now, s.emailsDueAt)).run();
        return 'stored';
      });
    },
  };
}

export type PatientRepository = ReturnType<typeof patientRepository>;
