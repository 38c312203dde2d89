import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
