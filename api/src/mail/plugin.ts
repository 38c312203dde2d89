import fp from 'fastify-plugin';
import { mailRepository, type OutgoingEmail, type StoredEmail } from './repository';
import { MailQueue } from './queue';
import { mailSealer } from './sealedText';
import { outboxTransport, smtpTransport, type MailTransport } from './transport';

interface Mailer {
  /** Stores the message and kicks an immediate send attempt; resolves with the queued id. */
  enqueue(message: OutgoingEmail): Promise<number>;
  /**
   * Makes and queues a message after the request that asked for it has been answered: `make`
   * (a lookup, a link stored) runs on its own, so that the answer's time says nothing of what it
   * found (the reset of an unknown address queues nothing: `make` answers undefined). Its failure
   * is logged; idle() and the app's close wait for it.
   */
  later(make: () => Promise<OutgoingEmail | undefined>): void;
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
    const log = app.log.child({ component: 'mailer' });
    const making = new Set<Promise<void>>();
    const mailer = {
      enqueue: (m: OutgoingEmail) => queue.enqueue(m),
      later(make: () => Promise<OutgoingEmail | undefined>) {
        const task: Promise<void> = (async () => {
          // After the handler's answer has gone out, not within its request.
          await new Promise<void>((resolve) => setImmediate(resolve));
          const message = await make();
          if (message) await mailer.enqueue(message);
        })()
          .catch((err: unknown) => log.error({ err }, 'e-mail non préparé'))
          .finally(() => making.delete(task));
        making.add(task);
      },
      kick: () => queue.kick(),
      async idle() {
        while (making.size > 0) await Promise.all(making);
        await queue.idle();
      },
      now: clock,
      transport: transport.kind,
      failed: (limit) => emails.list({ status: 'failed', limit }),
      countByStatus: () => emails.countByStatus(),
    } satisfies Mailer;
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      queue.start();
    });
    app.addHook('onClose', async () => {
      while (making.size > 0) await Promise.all(making);
      await queue.stop();
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'db', 'reports'] },
);
