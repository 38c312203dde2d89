import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { clients } from './schema';

// Timestamps are ISO-8601 UTC strings, as in schema.ts. Every secret that reaches a browser or a
// mailbox (invitation, reset and verification tokens, login codes) is stored only as a hash, so a
// copy of the database does not let anyone sign up, reset a password or pass the second factor.

/** Sign-up invitations created by an admin: the only way to open a pharmacy account. */
export const invitations = sqliteTable(
  'invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** sha256 (hex) of the 256-bit token carried by the register link. */
    tokenHash: text('token_hash').notNull(),
    /** When set, the account must be opened with this address (lower-cased). */
    email: text('email'),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    usedByClientId: integer('used_by_client_id').references(() => clients.id),
    createdByClientId: integer('created_by_client_id').references(() => clients.id),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('invitations_token_hash_unique').on(t.tokenHash)],
);

/** Single-use tokens sent by e-mail: address verification and password reset. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id').notNull().references(() => clients.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('account_tokens_token_hash_unique').on(t.tokenHash), index('account_tokens_client_idx').on(t.clientId)],
);

/**
 * E-mailed second-factor codes (D16). One row per login step; `challengeId` is the jti of the
 * temporary 'mfa' token, so a code only works with the login attempt that asked for it.
 */
export const loginCodes = sqliteTable(
  'login_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id').notNull().references(() => clients.id),
    challengeId: text('challenge_id').notNull(),
    /** HMAC-SHA256 of the code keyed by a server secret: six digits are too few for a bare hash. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('login_codes_challenge_unique').on(t.challengeId), index('login_codes_client_idx').on(t.clientId)],
);

/** Staff sessions by jti, so a single logout revokes exactly one token before it expires. */
export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    jti: text('jti').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('staff_sessions_client_idx').on(t.clientId)],
);

/** D18: every read of health data by staff (list, PDF, export): who, what, when. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorClientId: integer('actor_client_id').notNull().references(() => clients.id),
    action: text('action', { enum: ['list_forms', 'download_formulaire', 'download_bilan', 'export'] }).notNull(),
    /** The patient whose data was read; null for reads over many patients (list, export). */
    patientId: integer('patient_id'),
    /** What else identifies the read: filters of a list, number of rows of an export. */
    detail: text('detail'),
    ip: text('ip'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorClientId), index('audit_log_patient_idx').on(t.patientId)],
);

export type InvitationRow = typeof invitations.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
