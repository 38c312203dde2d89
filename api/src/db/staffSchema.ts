import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, expiresAt, idColumn, singleUse, usedAt } from './schemaColumns';

// The staff's tables (schema.ts holds the rest of the database): the accounts of the pharmacies
// and administrators, the invitations that open them, and what signing in keeps (single-use
// tokens and codes, sessions, failures, trusted devices).

/** The account a row belongs to. */
const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id);
/**
 * A login: an administrator of the platform (role 'admin') or a pharmacy (role 'pharmacy').
 * A pharmacy's `name` is the route segment of its patient links (the spec's {clientName});
 * `displayName` is what people read (the spec's JSON `nom`).
 */
export const accounts = sqliteTable(
  'accounts',
  {
    id: idColumn(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'pharmacy'] })
      .notNull()
      .default('pharmacy'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: text('email_verified_at'),
    twoFactorEnabled: integer('two_factor_enabled', { mode: 'boolean' }).notNull().default(true),
    disabledAt: text('disabled_at'),
    /** Bumped to end every session of the account (logout everywhere, reset, disablement). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Retention of a pharmacy's forms and PDFs, in months (3 years by default). */
    retentionMonths: integer('retention_months').notNull().default(36),
    createdAt: createdAt(),
    /** The pharmacy's postal address and phone, printed on the plan's copies (D33); null until set. */
    address: text('address'),
    phone: text('phone'),
    /**
     * The pharmacy's department (« 75 », « 2A », « 971 »): it sets the act's amount (30,00 euros in
     * mainland France, 31,50 euros in 971 to 976); null until set, and no act is recorded until then (D44).
     */
    department: text('department'),
  },
  (t) => [uniqueIndex('accounts_name_unique').on(t.name), uniqueIndex('accounts_email_unique').on(t.email)],
);

/** Sign-up invitations created by an admin: the only way to open a pharmacy account. */
export const invitations = sqliteTable(
  'invitations',
  {
    id: idColumn(),
    /** sha256 (hex) of the 256-bit token carried by the register link. */
    tokenHash: text('token_hash').notNull(),
    /** When set, the account must be opened with this address (lower-cased). */
    email: text('email'),
    expiresAt: expiresAt(),
    usedAt: usedAt(),
    usedByAccountId: integer('used_by_account_id').references(() => accounts.id),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_hash_unique').on(t.tokenHash)],
);

/** Single-use tokens sent by e-mail: address verification and password reset. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: idColumn(),
    accountId: accountId(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    ...singleUse(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_unique').on(t.tokenHash),
    index('account_tokens_account_idx').on(t.accountId),
  ],
);

/**
 * E-mailed second-factor codes (D16). One row per login step; `challengeId` is the jti of the
 * temporary 'mfa' token, so a code only works with the login attempt that asked for it.
 */
export const loginCodes = sqliteTable(
  'login_codes',
  {
    id: idColumn(),
    accountId: accountId(),
    challengeId: text('challenge_id').notNull(),
    /** HMAC-SHA256 of the code keyed by a server secret: six digits are too few for a bare hash. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ...singleUse(),
  },
  (t) => [
    uniqueIndex('login_codes_challenge_unique').on(t.challengeId),
    index('login_codes_account_idx').on(t.accountId),
  ],
);

/**
 * Staff sessions by jti, so a single logout revokes exactly one token before it expires, and a
 * lock (patient mode) holds exactly one device.
 */
export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    jti: text('jti').primaryKey(),
    accountId: accountId(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    revokedAt: text('revoked_at'),
    /**
     * Patient mode (D40): when the pharmacist handed this device to a patient. While set, every
     * staff route refuses the session but its unlock and logout; null while the session is open.
     */
    lockedAt: text('locked_at'),
    /** argon2id of the optional short code chosen at the lock; null without one. */
    unlockCodeHash: text('unlock_code_hash'),
    /** Codes tried since the lock: from the fifth on, only the account's password unlocks. */
    unlockCodeTries: integer('unlock_code_tries').notNull().default(0),
  },
  (t) => [index('staff_sessions_account_idx').on(t.accountId)],
);

/**
 * Failed logins and second-factor codes, counted per key: `pair:<e-mail>|<address>`,
 * `address:<address>` (an IPv6 /64 counts once), `account:<e-mail>`, `device:<trusted device id>`.
 * Each failure past a key's allowance doubles the delay before the next attempt
 * (accounts/loginLimiter.ts); a key is forgotten a day after its last failure.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: text('last_failure_at').notNull(),
    blockedUntil: text('blocked_until').notNull(),
  },
  (t) => [index('login_failures_last_idx').on(t.lastFailureAt)],
);

/**
 * Devices that completed a login (password and code) for an account: the hash of the random
 * token their browser keeps in an httpOnly cookie. Such a device is not held by the limits meant
 * for attackers (it keeps its own small failure allowance); unused for 90 days, it is forgotten.
 */
export const trustedDevices = sqliteTable(
  'trusted_devices',
  {
    id: idColumn(),
    accountId: accountId(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at').notNull(),
    expiresAt: expiresAt(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_hash_unique').on(t.tokenHash),
    index('trusted_devices_account_idx').on(t.accountId),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type InvitationRow = typeof invitations.$inferSelect;
