// The whole database; the staff's tables are in staffSchema.ts, the technical ones in technicalSchema.ts, exported from here too.
// Timestamps are ISO-8601 UTC strings: readable in exports and sortable as text. Every secret
// that reaches a browser or a mailbox (invitation, reset and verification tokens, login codes) is
// stored only as a hash, so a copy of the database does not let anyone sign up, reset a password
// or pass the second factor.
//
// A change here, in staffSchema.ts or technicalSchema.ts needs a migration: `pnpm --filter @bilan/api db:generate`
// adds the next one to api/drizzle (see api/README.md).

import { sqliteTable, text, integer, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, idColumn, ownedBy, singleUse } from './schemaColumns';
import { accounts } from './staffSchema';

export * from './staffSchema';
export * from './technicalSchema';
export * from './actsSchema';

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
    /**
     * The language the patient chose to read the questionnaire in (D41): 'fr', or one the form's
     * version is translated into ('en', 'ar'). Answers are stored by code whatever it is, and the
     * pharmacist reads them in French; Questionnaire.pdf says which language the patient read.
     */
    language: text('language', { enum: ['fr', 'en', 'ar'] })
      .notNull()
      .default('fr'),
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
