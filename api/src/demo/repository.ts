import { and, count, eq, gt } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import { first, type Store } from '../db/store';
import { consumeTicket } from '../botCheck';
import { queuedEmailValues, type OutgoingEmail } from '../mail';

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
export function demoRepository(store: Store) {
  const { db, tables } = store;
  const { demoSubmissions, emails } = tables;
  return {
    async insert(band: string, answers: Answers, now: string): Promise<number> {
      const [row] = await db
        .insert(demoSubmissions)
        .values({ band, answers: JSON.stringify(answers), createdAt: now })
        .returning({ id: demoSubmissions.id });
      return (row as { id: number }).id;
    },

    /**
     * Queues a demo e-mail and spends its bot-check ticket in one transaction, unless the
     * recipient already got its share of demo e-mails (then the ticket stays unspent). Requests
     * for one recipient take turns, so that two servers cannot both count below the share.
     */
    async queueEmail(r: DemoEmailRequest): Promise<'queued' | 'ticket_invalid' | 'recipient_limit'> {
      return store.transaction(async (tx) => {
        await store.lockKey(tx, `demo-email:${r.email.to}`);
        const sent = await first(
          tx
            .select({ n: count() })
            .from(emails)
            .where(and(eq(emails.kind, r.email.kind), eq(emails.to, r.email.to), gt(emails.createdAt, r.since))),
        );
        if ((sent?.n ?? 0) >= r.max) return 'recipient_limit' as const;
        if (!(await consumeTicket(tx, tables, r.ticketKey, r.now))) return 'ticket_invalid' as const;
        await tx.insert(emails).values(queuedEmailValues(r.email, r.queuedAt));
        return 'queued' as const;
      });
    },
  };
}
