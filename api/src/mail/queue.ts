import type { FastifyBaseLogger } from 'fastify';
import type { DocumentRow } from '../db/schema';
import type { mailRepository, OutgoingEmail, StoredEmail } from './repository';
import type { MailAttachment, MailTransport } from './transport';
import { isSealed, type Sealer } from './sealedText';

export interface MailQueueOptions {
  emails: ReturnType<typeof mailRepository>;
  /** Where attachments given by reference (a stored PDF) are read. */
  documents: { findById(id: number): Promise<DocumentRow | undefined> };
  transport: MailTransport;
  /** Seals the text of secret messages before they are stored, opens it to send them. */
  sealer: Sealer;
  from: string;
  log: FastifyBaseLogger;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  pollMs: number;
  /** Wall clock of the queue. Retries are scheduled in real time, whatever the app's business clock. */
  now?: () => number;
}

/**
 * How long a server owns the messages it claimed: far longer than one send can take (the SMTP
 * transport gives up after 10 s to connect, 10 s for the greeting, 30 s of silence). A server that
 * stops mid-send leaves its messages to the others, or to itself once restarted, after this.
 */
export const CLAIM_MS = 5 * 60_000;

/** Delay before the next attempt after `attempts` failures: doubling from the base, capped. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The e-mail queue (D15): messages are stored first, then sent. Enqueueing kicks an immediate
 * attempt (login codes must leave within a second); a timer retries failures with back-off; a
 * message that keeps failing ends 'failed' with its last error, for the admin to see.
 */
export class MailQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly o: MailQueueOptions) {
    this.now = o.now ?? Date.now;
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  async enqueue(message: OutgoingEmail): Promise<number> {
    const { sealer } = this.o;
    const stored = message.secret
      ? { ...message, text: sealer.seal(message.text), html: message.html == null ? null : sealer.seal(message.html) }
      : message;
    const id = await this.o.emails.enqueue(stored, this.iso());
    this.kick();
    return id;
  }

  /** Asks for a pass over due messages now (coalesced with a pass already running). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A pass that fails (the database busy or unreachable for a moment) is logged; the next poll
    // tries again. Unhandled, its rejection would end the process.
    this.running = this.loop()
      .catch((err: unknown) =>
        this.o.log.error({ err }, 'passage de la file des e-mails en échec, nouvel essai au prochain passage'),
      )
      .finally(() => {
        this.running = null;
      });
  }

  /** Waits until the current pass (and any pass it asked for) is over: for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.o.pollMs);
    // The poll alone must not keep a process alive (scripts, tests).
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      let batch: StoredEmail[];
      do {
        const now = this.now();
        batch = await this.o.emails.claimDue(this.iso(now), 10, this.iso(now + CLAIM_MS));
        for (const email of batch) await this.deliver(email);
      } while (batch.length > 0 && !this.stopped);
    } while (this.again && !this.stopped);
  }

  private async attachments(email: StoredEmail): Promise<MailAttachment[]> {
    const out: MailAttachment[] = [];
    for (const a of email.attachments) {
      if ('base64' in a) {
        out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') });
      } else {
        const doc = await this.o.documents.findById(a.documentId);
        if (!doc) throw new Error(`document ${a.documentId} not found`);
        out.push({ filename: a.filename, contentType: a.contentType, content: doc.content });
      }
    }
    return out;
  }

  private async deliver(email: StoredEmail): Promise<void> {
    const attempts = email.attempts + 1;
    // A secret message's text is deleted once delivered, or once it failed for good.
    const secret = isSealed(email.text);
    try {
      await this.o.transport.send({
        from: this.o.from,
        to: email.to,
        subject: email.subject,
        text: this.o.sealer.open(email.text),
        html: email.html == null ? email.html : this.o.sealer.open(email.html),
        attachments: await this.attachments(email),
      });
      await this.o.emails.markSent(email.id, attempts, this.iso(), secret);
      this.o.log.info({ emailId: email.id, kind: email.kind, attempts }, 'e-mail sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempts >= this.o.maxAttempts) {
        await this.o.emails.markFailed(email.id, attempts, message, secret);
        this.o.log.error({ emailId: email.id, kind: email.kind, attempts, err: message }, 'e-mail failed for good');
      } else {
        const next = this.now() + retryDelay(attempts, this.o.retryBaseMs, this.o.retryMaxMs);
        await this.o.emails.markRetry(email.id, attempts, this.iso(next), message);
        this.o.log.warn(
          { emailId: email.id, kind: email.kind, attempts, err: message },
          'e-mail send failed, will retry',
        );
      }
    }
  }
}
