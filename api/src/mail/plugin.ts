import fp from 'fastify-plugin';
import type { OutgoingEmail } from './repository';
import { MailQueue } from './queue';
import { mailSealer } from './sealedText';
import { outboxTransport, smtpTransport, type MailTransport } from './transport';

export interface Mailer {
  /** Stores the message and kicks an immediate send attempt; resolves with the queued id. */
  enqueue(message: OutgoingEmail): Promise<number>;
  /** A pass over due messages now (after rows were queued inside another transaction). */
  kick(): void;
  /** Resolves once no pass is running: tests wait on it instead of sleeping. */
  idle(): Promise<void>;
  readonly transport: MailTransport['kind'];
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The queued mailer over SMTP (SMTP_URL) or the outbox folder; its worker stops with the app. */
export default fp(
  async (app) => {
    const { config } = app;
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(config.outboxDir, app.log);
    const queue = new MailQueue({
      emails: app.repos.mail,
      documents: app.repos.reports,
      transport,
      sealer: mailSealer(config.mailEncryptionKey),
      from: config.mailFrom,
      log: app.log.child({ component: 'mailer' }),
      retryBaseMs: config.mailRetryBaseMs,
      retryMaxMs: config.mailRetryMaxMs,
      maxAttempts: config.mailMaxAttempts,
      pollMs: config.mailPollMs,
    });
    app.decorate('mailer', {
      enqueue: (m: OutgoingEmail) => queue.enqueue(m),
      kick: () => queue.kick(),
      idle: () => queue.idle(),
      transport: transport.kind,
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
