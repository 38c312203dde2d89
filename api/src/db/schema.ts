// The whole database; the staff's tables are in staffSchema.ts, the technical ones in technicalSchema.ts, exported from here too.
// Timestamps are ISO-8601 UTC strings: readable in exports and sortable as text. Every secret
// that reaches a browser or a mailbox (invitation, reset and verification tokens, login codes) is
// stored only as a hash, so a copy of the database does not let anyone sign up, reset a password
// or pass the second factor.
//
// A change here, in staffSchema.ts or technicalSchema.ts needs a migration: `pnpm --filter @bilan/api db:generate`
// adds the next one to api/drizzle (see api/README.md).

import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, idColumn, ownedBy, singleUse } from './schemaColumns';
import { accounts } from './staffSchema';

export * from './staffSchema';
export * from './technicalSchema';

/**
 * A patient registered through a pharmacy link. Identity only: the answers live in `forms`.
 * `band` is the age band computed on the server from the birth date at registration (D19).
 */
export const patients = sqliteTable(
  'patients',
  {
    id: idColumn(),
    pharmacyId: ownedBy('pharmacy_id', () => accounts.id),
    civility: text('civility').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /** YYYY-MM-DD */
    birthDate: text('birth_date').notNull(),
    /** '' when the patient gave no address (D30: optional); the api answers null for it. */
    email: text('email').notNull(),
    socialSecurityNumber: text('social_security_number'),
    band: text('band').notNull(),
    consentAt: text('consent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('patients_pharmacy_last_name_idx').on(t.pharmacyId, t.lastName),
    index('patients_pharmacy_created_idx').on(t.pharmacyId, t.createdAt),
  ],
);

/**
 * A patient's questionnaire, with the definition id and version it was given in (D5).
 * `answers` holds the normalized answers (JSON: section → field → value); `savedSections` the
 * sections saved at least once, which the completion check needs (D14).
 */
export const forms = sqliteTable(
  'forms',
  {
    id: idColumn(),
    patientId: ownedBy('patient_id', () => patients.id),
    definitionId: text('definition_id').notNull(),
    definitionVersion: text('definition_version').notNull(),
    answers: text('answers').notNull().default('{}'),
    savedSections: text('saved_sections').notNull().default('[]'),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
    submittedAt: text('submitted_at'),
    /** Bumped by every page save: the finishing call stores its copy only if no save came in between. */
    version: integer('version').notNull().default(0),
    /**
     * The patient's pharmacy, copied at registration (a patient never changes pharmacy): the
     * dashboard's lists and counts read one pharmacy's forms through the indexes below instead of
     * joining all its patients. Forms of earlier releases get it in migration 0004.
     */
    pharmacyId: integer('pharmacy_id').references(() => accounts.id),
    /**
     * Set once at submission (dashboard triage, issue 15): the Paris month of `submittedAt`
     * (YYYY-MM), the number of the report's priority findings and their titles (JSON array of
     * { id, title }), by the same `reportOf` as Bilan.pdf. Forms submitted before these columns
     * existed are filled at start by backfillTriage.
     */
    submittedMonth: text('submitted_month'),
    priorityCount: integer('priority_count'),
    priorityFlags: text('priority_flags'),
    /** When the pharmacist recorded the bilan as done (an act the pharmacy bills); null until then. */
    bilanDoneAt: text('bilan_done_at'),
    /**
     * Wrong birth days and months given to resume this form on a shared device (D31), in a row;
     * the third erases the form (patient/service.ts resume).
     */
    resumeFailures: integer('resume_failures').notNull().default(0),
    /**
     * The form's triage level (D32) as a rank the dashboard sorts by: 2 « Urgent », 1 « À voir »,
     * 0 nothing flagged; and the edition of definitions/triage.json it was computed with, so that
     * a change of that table triages the stored forms again at start (backfillTriage).
     */
    triageRank: integer('triage_rank'),
    triageKey: text('triage_key'),
    /**
     * The patient's last activity the server saw besides a save (a resume, a « still here » call of
     * the page, D39); the pause of the shared-tablet guard runs from the later of this and
     * `updatedAt` (a save, the registration). Null until the first such call.
     */
    lastSeenAt: text('last_seen_at'),
  },
  (t) => [
    uniqueIndex('forms_patient_unique').on(t.patientId),
    index('forms_status_submitted_idx').on(t.status, t.submittedAt),
    // Covering for the admin's monthly figures: month and patient (whose pharmacy is one PK read away).
    index('forms_submitted_month_idx').on(t.submittedMonth, t.patientId),
    index('forms_pharmacy_month_idx').on(t.pharmacyId, t.submittedMonth, t.submittedAt),
    index('forms_pharmacy_done_idx').on(t.pharmacyId, t.bilanDoneAt),
    index('forms_pharmacy_status_created_idx').on(t.pharmacyId, t.status, t.createdAt),
    // The export's keyset batches: a pharmacy's forms in (date, patient) order, read 200 at a time.
    index('forms_pharmacy_submitted_idx').on(t.pharmacyId, t.submittedAt, t.patientId),
  ],
);

/**
 * The plan personnalisé de prévention of a submitted form (D33), as typed at the counter: one per
 * form, its JSON content (engine PlanContent), and a revision bumped by every save, so that two
 * tablets on one plan never overwrite each other silently (a save names the revision it read).
 */
export const plans = sqliteTable(
  'plans',
  {
    id: idColumn(),
    formId: ownedBy('form_id', () => forms.id),
    /** The form's pharmacy, copied: every read of a plan is one pharmacy's. */
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => accounts.id),
    revision: integer('revision').notNull().default(0),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('plans_form_unique').on(t.formId)],
);

/** « Finaliser le plan »: each finalized version, frozen; a later change makes the next version. */
export const planVersions = sqliteTable(
  'plan_versions',
  {
    id: idColumn(),
    planId: ownedBy('plan_id', () => plans.id),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    finalizedBy: integer('finalized_by')
      .notNull()
      .references(() => accounts.id),
    finalizedAt: text('finalized_at').notNull(),
  },
  (t) => [uniqueIndex('plan_versions_unique').on(t.planId, t.version)],
);

/**
 * The acts billed (D34, issue 40), one row per act: the current state of each, as the ledger
 * (`act_entries`) says it. The ledger is the record; this table is what the routes read and
 * what the unique index below holds: one active act per person and age band at a pharmacy, on
 * SQLite and PostgreSQL alike, whatever the number of servers. Each change writes its ledger
 * entry and this row in one transaction; the start folds the ledger again and compares
 * (acts/ledger.ts). An act outlives its form (retention: 10 years, README « Actes »): it keeps
 * what billing needs (name, birth date, band, date, amount), and no foreign key to the patient.
 */
export const acts = sqliteTable(
  'acts',
  {
    id: idColumn(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => accounts.id),
    /** The patient whose form the act was recorded from; left as it is once the form is purged. */
    patientId: integer('patient_id'),
    band: text('band').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /** YYYY-MM-DD */
    birthDate: text('birth_date').notNull(),
    /** The social security number sealed as in `patients` (patient/ssnSealer.ts), null when none was given. */
    socialSecurityNumber: text('social_security_number'),
    /**
     * Keyed hashes (HMAC, acts/personKeys.ts) of who the act is for, within this pharmacy: of the
     * social security number when there is one (`ssnKey`), of the folded name and birth date
     * (`nameKey`); `personKey` is the first of them that exists, the unique index's key.
     */
    personKey: text('person_key').notNull(),
    nameKey: text('name_key').notNull(),
    ssnKey: text('ssn_key'),
    /** The id of the key the hashes were made with: after a rotation, the start makes them again. */
    keyId: text('key_id').notNull(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    department: text('department').notNull(),
    performedAt: text('performed_at').notNull(),
    performedBy: integer('performed_by').notNull(),
    status: text('status', { enum: ['realise', 'a_facturer', 'facture'] }).notNull(),
    reference: text('reference'),
    cancelledAt: text('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** The sequence number of the act's last ledger entry. */
    headSeq: integer('head_seq').notNull(),
  },
  (t) => [
    uniqueIndex('acts_active_person_unique')
      .on(t.pharmacyId, t.band, t.personKey)
      .where(sql`cancelled_at IS NULL`),
    index('acts_pharmacy_performed_idx').on(t.pharmacyId, t.performedAt),
    index('acts_patient_idx').on(t.patientId),
  ],
);

/**
 * The ledger of the acts (D34): append-only, one entry per fact (recorded, status changed,
 * cancelled), numbered from 1 without gap, each carrying the hash of the one before, so that an
 * entry edited or removed shows at the next start (acts/ledger.ts). Never updated, never deleted.
 */
export const actEntries = sqliteTable(
  'act_entries',
  {
    id: idColumn(),
    /** 1, 2, 3…: the entry's place in the chain, unique, so that two servers never append the same one. */
    seq: integer('seq').notNull(),
    /** The act; 0 for a « purge » entry. */
    actId: integer('act_id').notNull(),
    /** The act's pharmacy; null for a « purge » entry. */
    pharmacyId: integer('pharmacy_id').references(() => accounts.id),
    /**
     * « purge »: the retention purge removed the entries before `from` (its body), the last of
     * them hashed `previousHash`: what lets the chain start after 1 (retention/purge.ts).
     */
    kind: text('kind', { enum: ['record', 'status', 'cancel', 'purge'] }).notNull(),
    /** The entry's facts, as canonical JSON (what the hash covers with the previous hash). */
    body: text('body').notNull(),
    createdAt: createdAt(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('act_entries_seq_unique').on(t.seq), index('act_entries_act_idx').on(t.actId)],
);

/** The PDFs produced at submission, kept so that the pharmacy downloads exactly what was produced. */
export const documents = sqliteTable(
  'documents',
  {
    id: idColumn(),
    formId: ownedBy('form_id', () => forms.id),
    kind: text('kind', { enum: ['questionnaire', 'bilan'] }).notNull(),
    /** The PDF itself for documents stored before the PDF folder; empty for those in it (fileKey). */
    content: blob('content', { mode: 'buffer' }).notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    /** Its key in the PDF store (reports/pdfStore.ts), where the bytes are; null: in `content`. */
    fileKey: text('file_key'),
  },
  (t) => [uniqueIndex('documents_form_kind_unique').on(t.formId, t.kind)],
);

/**
 * Outgoing e-mails, queued then sent by the mailer (D15). `attachments` is JSON:
 * [{ filename, contentType, base64 } | { filename, contentType, documentId }].
 */
export const emails = sqliteTable(
  'emails',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: text('attachments').notNull().default('[]'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
    /**
     * While 'sending': until when the server that claimed it owns it. Past it (the server stopped
     * mid-send), any server of the base takes it again; before it, none does.
     */
    claimedUntil: text('claimed_until'),
    /**
     * The patient a message names or is sent to (the confirmation, the pharmacy's notice): the
     * retention purge deletes it with the patient (retention/purge.ts). No foreign key: SQLite
     * cannot add one with its ON DELETE to an existing table, and a message must never keep a
     * patient's deletion from happening.
     */
    patientId: integer('patient_id'),
  },
  (t) => [index('emails_status_next_idx').on(t.status, t.nextAttemptAt), index('emails_patient_idx').on(t.patientId)],
);

/**
 * Bot check: used ALTCHA solutions (kind 'solution', key = hash of the challenge nonce) so that a
 * solution is accepted once, and issued tickets (kind 'ticket', key = hash of the ticket) that
 * registration consumes once (usedAt).
 */
export const botCheckSolutions = sqliteTable(
  'bot_check_solutions',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ['solution', 'ticket'] }).notNull(),
    provider: text('provider').notNull(),
    ...singleUse(),
  },
  (t) => [index('bot_check_expires_idx').on(t.expiresAt)],
);

/** Demo answers sent by the submission test screen (POST /api/storeJson): test data, no identity. */
export const demoSubmissions = sqliteTable('demo_submissions', {
  id: idColumn(),
  band: text('band').notNull(),
  answers: text('answers').notNull(),
  createdAt: createdAt(),
});

/** D18: every read of health data by staff (list, PDF, export): who, what, when. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: idColumn(),
    actorAccountId: integer('actor_account_id')
      .notNull()
      .references(() => accounts.id),
    action: text('action', {
      enum: [
        'list_forms',
        'download_formulaire',
        'download_bilan',
        'export',
        'view_form',
        'bilan_done',
        'bilan_undone',
        'view_plan',
        'save_plan',
        'finalize_plan',
        'download_plan',
        'record_act',
        'act_status',
        'cancel_act',
        'export_acts',
      ],
    }).notNull(),
    /** The patient whose data was read; null for reads over many patients (list, export). */
    patientId: integer('patient_id'),
    /** What else identifies the read: filters of a list, number of rows of an export. */
    detail: text('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorAccountId), index('audit_log_patient_idx').on(t.patientId)],
);

export type PatientRow = typeof patients.$inferSelect;
export type FormRow = typeof forms.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type ActRow = typeof acts.$inferSelect;
export type ActEntryRow = typeof actEntries.$inferSelect;
