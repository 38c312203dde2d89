// The acts (D34, issue 40): their rows and their ledger, apart from the patients' tables (schema.ts).
import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, idColumn } from './schemaColumns';
import { accounts } from './staffSchema';

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
    /** 1, 2, 3 and so on: the entry's place in the chain, unique, so that two servers never append the same one. */
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

export type ActRow = typeof acts.$inferSelect;
export type ActEntryRow = typeof actEntries.$inferSelect;
