import { sqliteTable, text, integer, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Timestamps are stored as ISO-8601 UTC strings: readable in exports and sortable as text.

/**
 * A pharmacy (client) and its account. The route segment `name` is the {clientName} of the
 * patient links; `role` is 'admin' for the platform's administrators, 'pharmacy' otherwise.
 */
export const clients = sqliteTable(
  'clients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    nom: text('nom').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'pharmacy'] }).notNull().default('pharmacy'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: text('email_verified_at'),
    twoFactorEnabled: integer('two_factor_enabled', { mode: 'boolean' }).notNull().default(true),
    disabledAt: text('disabled_at'),
    /** Bumped to end every session of the account (logout everywhere, reset, disablement). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Retention of answers and PDFs, in months (3 years by default). */
    retentionMonths: integer('retention_months').notNull().default(36),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('clients_name_unique').on(t.name), uniqueIndex('clients_email_unique').on(t.email)],
);

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;

/**
 * A patient registered through a pharmacy link. Identity only: the answers live in answer_sets.
 * `ageGroup` is the band computed on the server from the birth date at registration (D19).
 */
export const patients = sqliteTable(
  'patients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    civilite: text('civilite').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    /** YYYY-MM-DD */
    dateNaissance: text('date_naissance').notNull(),
    email: text('email').notNull(),
    numeroSecuriteSociale: text('numero_securite_sociale'),
    ageGroup: text('age_group').notNull(),
    consentAt: text('consent_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('patients_client_nom_idx').on(t.clientId, t.nom), index('patients_client_created_idx').on(t.clientId, t.createdAt)],
);

/**
 * One questionnaire per patient, with the definition id and version it was given in (D5).
 * `sections` holds the normalized answers (JSON: section → field → value); `savedSections` the
 * section keys saved at least once, which the completion check needs (D14).
 */
export const answerSets = sqliteTable(
  'answer_sets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    definitionId: text('definition_id').notNull(),
    definitionVersion: text('definition_version').notNull(),
    sections: text('sections').notNull().default('{}'),
    savedSections: text('saved_sections').notNull().default('[]'),
    status: text('status', { enum: ['in_progress', 'submitted'] }).notNull().default('in_progress'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    submittedAt: text('submitted_at'),
  },
  (t) => [uniqueIndex('answer_sets_patient_unique').on(t.patientId), index('answer_sets_status_submitted_idx').on(t.status, t.submittedAt)],
);

/** The PDFs produced at submission, kept so that the pharmacy downloads exactly what was produced. */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    answerSetId: integer('answer_set_id')
      .notNull()
      .references(() => answerSets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['questionnaire', 'bilan'] }).notNull(),
    content: blob('content', { mode: 'buffer' }).notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('documents_answer_set_kind_unique').on(t.answerSetId, t.kind)],
);

/**
 * Outgoing e-mails, queued then sent by the mailer (D15). `attachments` is JSON:
 * [{ filename, contentType, base64 } | { filename, contentType, documentId }].
 */
export const emails = sqliteTable(
  'emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: text('attachments').notNull().default('[]'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
  },
  (t) => [index('emails_status_next_idx').on(t.status, t.nextAttemptAt)],
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
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('bot_check_expires_idx').on(t.expiresAt)],
);

/** Demo answers sent by the submission test screen (POST /api/storeJson): test data, no identity. */
export const demoSubmissions = sqliteTable('demo_submissions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  ageGroup: text('age_group').notNull(),
  responses: text('responses').notNull(),
  createdAt: text('created_at').notNull(),
});

export type PatientRow = typeof patients.$inferSelect;
export type AnswerSetRow = typeof answerSets.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;
