import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, type EmailRow } from '../db/schema';

/** An attachment given inline (demo PDFs) or by reference to a stored document. */
export type EmailAttachment =
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
}

export interface StoredEmail extends Omit<EmailRow, 'attachments'> {
  attachments: EmailAttachment[];
}

function parse(row: EmailRow): StoredEmail {
  return { ...row, attachments: JSON.parse(row.attachments) as EmailAttachment[] };
}

/** Values of a new queued row, also used by other repositories inside their own transactions. */
export function queuedEmailValues(msg: OutgoingEmail, now: string, dueAt: string = now) {
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
  };
}

/** The e-mail queue (D15): queued → sending → sent, or back to queued with a later attempt, or failed. */
export function mailRepository(db: Db) {
  return {
    async enqueue(msg: OutgoingEmail, now: string): Promise<number> {
      return db.insert(emails).values(queuedEmailValues(msg, now)).returning({ id: emails.id }).get().id;
    },
    /**
     * Takes the due messages and marks them 'sending' in one transaction, so that two workers (or a
     * kick during a poll) never send the same message twice.
     */
    async claimDue(now: string, limit: number, ids?: number[]): Promise<StoredEmail[]> {
      return db.transaction((tx) => {
        const where = ids
          ? and(eq(emails.status, 'queued'), lte(emails.nextAttemptAt, now), inArray(emails.id, ids))
          : and(eq(emails.status, 'queued'), lte(emails.nextAttemptAt, now));
        const rows = tx.select().from(emails).where(where).orderBy(asc(emails.nextAttemptAt), asc(emails.id)).limit(limit).all();
        if (rows.length > 0) {
          tx.update(emails)
            .set({ status: 'sending' })
            .where(inArray(emails.id, rows.map((r) => r.id)))
            .run();
        }
        return rows.map(parse);
      });
    },
    async markSent(id: number, attempts: number, now: string): Promise<void> {
      db.update(emails).set({ status: 'sent', attempts, sentAt: now, lastError: null }).where(eq(emails.id, id)).run();
    },
    async markRetry(id: number, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
      db.update(emails).set({ status: 'queued', attempts, nextAttemptAt, lastError: error }).where(eq(emails.id, id)).run();
    },
    async markFailed(id: number, attempts: number, error: string): Promise<void> {
      db.update(emails).set({ status: 'failed', attempts, lastError: error }).where(eq(emails.id, id)).run();
    },
    /** Messages left 'sending' by a crash are due again at start. */
    async requeueInterrupted(now: string): Promise<number> {
      return db.update(emails).set({ status: 'queued', nextAttemptAt: now }).where(eq(emails.status, 'sending')).run().changes;
    },
    async findById(id: number): Promise<StoredEmail | undefined> {
      const row = db.select().from(emails).where(eq(emails.id, id)).get();
      return row ? parse(row) : undefined;
    },
    /** For the admin: the latest messages, optionally of one status (e.g. 'failed'). */
    async list(options: { status?: EmailRow['status']; limit?: number } = {}): Promise<StoredEmail[]> {
      const q = db.select().from(emails);
      const rows = (options.status ? q.where(eq(emails.status, options.status)) : q)
        .orderBy(desc(emails.id))
        .limit(options.limit ?? 100)
        .all();
      return rows.map(parse);
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
