import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { EmailRow } from '../db/schema';
import { isSealed } from './sealedText';

/** An attachment given inline (demo PDFs) or by reference to a stored document. */
type EmailAttachment =
  | { filename: string; contentType: string; base64: string }
  | { filename: string; contentType: string; documentId: number };

export interface OutgoingEmail {
  /** What the message is, for the admin's list: 'pharmacy_new_bilan', 'patient_confirmation', 'demo', 'login_code'... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: EmailAttachment[];
  /**
   * The message carries a secret (a login code, a verification or reset link): the queue stores
   * its text sealed (sealedText.ts) and deletes it once delivered.
   */
  secret?: boolean;
  /** The patient it names or is sent to: the message is deleted with the patient. */
  patientId?: number;
}

export interface StoredEmail extends Omit<EmailRow, 'attachments'> {
  attachments: EmailAttachment[];
}

function parse(row: EmailRow): StoredEmail {
  return { ...row, attachments: JSON.parse(row.attachments) as EmailAttachment[] };
}

/** What is left of a secret message's text once it was delivered (or failed for good). */
export const DELETED_TEXT = '[supprimé après envoi]';

/** Values of a new queued row, also used by other repositories inside their own transactions. */
export function queuedEmailValues(msg: OutgoingEmail, now: string, dueAt: string = now) {
  // A secret in clear must never reach the table: the queue seals it before (MailQueue.enqueue).
  if (msg.secret && (!isSealed(msg.text) || (msg.html != null && !isSealed(msg.html))))
    throw new Error(`e-mail ${msg.kind} carries a secret but is not sealed`);
  return {
    kind: msg.kind,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    attachments: JSON.stringify(msg.attachments ?? []),
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: dueAt,
    createdAt: now,
    patientId: msg.patientId ?? null,
  };
}

/** The e-mail queue (D15): queued → sending → sent, or back to queued with a later attempt, or failed. */
export function mailRepository({ db, dialect, tables: { emails } }: Store) {
  return {
    async enqueue(msg: OutgoingEmail, now: string): Promise<number> {
      const [row] = await db.insert(emails).values(queuedEmailValues(msg, now)).returning({ id: emails.id });
      return (row as { id: number }).id;
    },
    /**
     * Takes the due messages, and those whose sender's claim ran out (a server stopped mid-send),
     * and marks them 'sending' until `claimedUntil`, in one statement: two workers, two servers on
     * the base, or a kick during a poll never send the same message twice. SQLite runs the
     * statement under its write lock; PostgreSQL locks the rows it picks and skips those another
     * server is claiming (FOR UPDATE SKIP LOCKED), so servers never wait on each other.
     */
    async claimDue(now: string, limit: number, claimedUntil: string, ids?: number[]): Promise<StoredEmail[]> {
      const due = or(
        and(eq(emails.status, 'queued'), lte(emails.nextAttemptAt, now)),
        and(eq(emails.status, 'sending'), or(isNull(emails.claimedUntil), lt(emails.claimedUntil, now))),
      );
      const picked = db
        .select({ id: emails.id })
        .from(emails)
        .where(ids ? and(due, inArray(emails.id, ids)) : due)
        .orderBy(asc(emails.nextAttemptAt), asc(emails.id))
        .limit(limit);
      const rows = await db
        .update(emails)
        .set({ status: 'sending', claimedUntil })
        .where(sql`${emails.id} IN (${picked}${dialect === 'postgres' ? sql` FOR UPDATE SKIP LOCKED` : sql``})`)
        .returning();
      return rows
        .sort((a, b) => (a.nextAttemptAt < b.nextAttemptAt ? -1 : a.nextAttemptAt > b.nextAttemptAt ? 1 : a.id - b.id))
        .map(parse);
    },
    /** Delivered; a sealed (secret) text is deleted at the same time. */
    async markSent(id: number, attempts: number, now: string, deleteText: boolean): Promise<void> {
      await db
        .update(emails)
        .set({
          status: 'sent',
          attempts,
          sentAt: now,
          lastError: null,
          ...(deleteText ? { text: DELETED_TEXT, html: null } : {}),
        })
        .where(eq(emails.id, id));
    },
    async markRetry(id: number, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
      await db
        .update(emails)
        .set({ status: 'queued', attempts, nextAttemptAt, lastError: error })
        .where(eq(emails.id, id));
    },
    /** Failed for good; a sealed (secret) text is deleted too: its code or link has expired by then. */
    async markFailed(id: number, attempts: number, error: string, deleteText: boolean): Promise<void> {
      await db
        .update(emails)
        .set({
          status: 'failed',
          attempts,
          lastError: error,
          ...(deleteText ? { text: DELETED_TEXT, html: null } : {}),
        })
        .where(eq(emails.id, id));
    },

    async findById(id: number): Promise<StoredEmail | undefined> {
      const row = await first(db.select().from(emails).where(eq(emails.id, id)));
      return row ? parse(row) : undefined;
    },
    /** Messages per status (queued, sending, sent, failed), for the metrics. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db.select({ status: emails.status, n: count() }).from(emails).groupBy(emails.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
    /** For the admin: the latest messages, optionally of one status (e.g. 'failed'). */
    async list(options: { status?: EmailRow['status']; limit?: number } = {}): Promise<StoredEmail[]> {
      const q = db.select().from(emails);
      const rows = await (options.status ? q.where(eq(emails.status, options.status)) : q)
        .orderBy(desc(emails.id))
        .limit(options.limit ?? 100);
      return rows.map(parse);
    },
  };
}
