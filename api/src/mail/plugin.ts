import fp from 'fastify-plugin';
import { mailRepository, type OutgoingEmail, type StoredEmail } from './repository';
import { MailQueue } from './queue';
import { mailSealer } from './sealedText';
import { outboxTransport, smtpTransport, type MailTransport } from './transport';

interface Mailer {
  /** Stores the message and kicks an immediate send attempt; resolves with the queued id. */
  enqueue(message: OutgoingEmail): Promise<number>;
  /** A pass over due messages now (after rows were queued inside another transaction). */
  kick(): void;
  /** Resolves once no pass is running: tests wait on it instead of sleeping. */
  idle(): Promise<void>;
  /**
   * The queue's clock, on which messages fall due and retries are scheduled: real time, not the
   * app's business clock (a test that fixes the business clock still gets its e-mails sent). A
   * message stored with it as its due time goes at the next pass.
   */
  now(): Date;
  readonly transport: MailTransport['kind'];
  /** The messages that failed for good (D15), newest first: the admin's list. */
  failed(limit: number): Promise<StoredEmail[]>;
  /** Messages per status (queued, sending, sent, failed), for the metrics. */
  countByStatus(): Promise<Record<string, number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail feature's service: the queue. */
    mailer: Mailer;
    /** The queue's table. */
    mailRepository: ReturnType<typeof mailRepository>;
  }
}

interface MailerPluginOptions {
  /** The queue's clock; real time unless a test fixes it. */
  clock?: () => Date;
}

/** The queued mailer over SMTP (SMTP_URL) or the outbox folder; its worker stops with the app. */
export default fp<MailerPluginOptions>(
  async (app, opts) => {
    const clock = opts.clock ?? (() => new Date());
    const { config } = app;
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(config.outboxDir, app.log);
    const emails = mailRepository(app.store);
    app.decorate('mailRepository', emails);
    const queue = new MailQueue({
      emails,
      // Registered after this plugin: read when a message attaches a stored PDF.
      documents: { findById: (id) => app.reportsService.storedDocument(id) },
      transport,
      sealer: mailSealer(config.mailEncryptionKey),
      from: config.mailFrom,
      log: app.log.child({ component: 'mailer' }),
      retryBaseMs: config.mailRetryBaseMs,
      retryMaxMs: config.mailRetryMaxMs,
      maxAttempts: config.mailMaxAttempts,
      pollMs: config.mailPollMs,
      now: () => clock().getTime(),
    });
    app.decorate('mailer', {
      enqueue: (m: OutgoingEmail) => queue.enqueue(m),
      kick: () => queue.kick(),
      idle: () => queue.idle(),
      now: clock,
      transport: transport.kind,
      failed: (limit) => emails.list({ status: 'failed', limit }),
      countByStatus: () => emails.countByStatus(),
    } satisfies Mailer);
    app.addHook('onReady', async () => {
      queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.stop();
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'db'] },
);
