import { and, count, eq, gt } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import type { Db } from '../db/client';
import { demoSubmissions, emails } from '../db/schema';
import { consumeTicket } from '../botCheck/repository';
import { queuedEmailValues, type OutgoingEmail } from '../mail/repository';

export interface DemoEmailRequest {
  email: OutgoingEmail;
  /** Hash of the bot-check ticket, spent with the insert. */
  ticketKey: string;
  /** Business time (the ticket's clock) and wall time (the mail queue's clock). */
  now: string;
  queuedAt: string;
  /** Demo e-mails already sent to the recipient since this instant (wall clock) count against `max`. */
  since: string;
  max: number;
}

/** The demo: its e-mail, and the answers of the submission test screen (test data, no identity). */
export function demoRepository(db: Db) {
  return {
    async insert(band: string, answers: Answers, now: string): Promise<number> {
      return db.insert(demoSubmissions).values({ band, answers: JSON.stringify(answers), createdAt: now }).returning({ id: demoSubmissions.id }).get().id;
    },

    /**
     * Queues a demo e-mail and spends its bot-check ticket in one transaction, unless the
     * recipient already got its share of demo e-mails (then the ticket stays unspent).
     */
    async queueEmail(r: DemoEmailRequest): Promise<'queued' | 'ticket_invalid' | 'recipient_limit'> {
      return db.transaction((tx) => {
        const sent = tx
          .select({ n: count() })
          .from(emails)
          .where(and(eq(emails.kind, r.email.kind), eq(emails.to, r.email.to), gt(emails.createdAt, r.since)))
          .get();
        if ((sent?.n ?? 0) >= r.max) return 'recipient_limit' as const;
        if (!consumeTicket(tx, r.ticketKey, r.now)) return 'ticket_invalid' as const;
        tx.insert(emails).values(queuedEmailValues(r.email, r.queuedAt)).run();
        return 'queued' as const;
      });
    },
  };
}

export type DemoRepository = ReturnType<typeof demoRepository>;
