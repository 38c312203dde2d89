import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { privateDir } from '../privateFiles';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: MailAttachment[];
}

/** Where the queue hands messages: SMTP, or the outbox folder of an offline first run. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * nodemailer's transporter, created at the first message: an idle server does not hold
 * nodemailer (a few megabytes of resident memory).
 */
function lazyTransporter(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let transporter: Promise<Transporter> | null = null;
  return {
    async sendMail(message: SendMailOptions) {
      transporter ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(options));
      return (await transporter).sendMail(message);
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}

/**
 * Pooled SMTP from SMTP_URL (smtp://user:pass@host:port or smtps://...). On a loopback smtp://
 * relay STARTTLS is skipped (ignoreTLS): the message never leaves the machine, and local sinks
 * often offer STARTTLS with a certificate nobody can check.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transporter = lazyTransporter({
    pool: true,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: !secure && loopbackHosts.has(url.hostname),
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({ ...message, html: message.html ?? undefined });
      return { messageId: String(info.messageId) };
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL each message is written as an .eml file (the raw MIME a mail client opens), so
 * that a first run works offline and the operator can still read what would have been sent.
 */
export function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transporter.sendMail({ ...message, html: message.html ?? undefined });
      // The outbox holds what would have been sent (codes included): 0700 folder, 0600 files.
      privateDir(dir);
      seq += 1;
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${seq}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file }, 'e-mail written to the outbox (no SMTP_URL)');
      return { messageId: String(info.messageId) };
    },
    close() {
      transporter.close();
    },
  };
}
