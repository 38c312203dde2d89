import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, sameDatabase } from '../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink';
import { buildApp } from '../app';
import { testConfig } from '../../test/helpers';
import { CLAIM_MS, retryDelay } from './queue';
import { sqlAll, sqlGet, sqlRun } from '../../test/sql';

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
  t = undefined;
  sink = undefined;
});

const message = {
  kind: 'login_code',
  to: 'pharmacien@example.fr',
  subject: 'Votre code de connexion',
  text: 'Votre code : 123456',
};

async function emailRow(app: TestApp['app'], id: number) {
  return (await sqlGet(
    app,
    'SELECT status, attempts, last_error AS "lastError", sent_at AS "sentAt" FROM emails WHERE id = ?',
    id,
  )) as {
    status: string;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail queue', () => {
  it('sends at once on enqueue, without waiting for the poll', async () => {
    sink = await startSmtpSink();
    // A poll of one hour: only the kick of enqueue can send the message within the test.
    t = await buildTestApp({ config: { smtpUrl: sink.url, mailPollMs: 3_600_000 } });
    const id = await t.app.mailer.enqueue(message);
    const [received] = await sink.waitFor(1);
    expect(received?.envelopeTo).toEqual(['pharmacien@example.fr']);
    expect(received?.subject).toBe('Votre code de connexion');
    expect(received?.text).toContain('Votre code : 123456');
    await t.app.mailer.idle();
    expect(await emailRow(t.app, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('survives a pass the database refuses (busy for a moment): logged, the message sent at the next pass', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url, mailPollMs: 3_600_000 } });
    const claims = vi.spyOn(t.app.mailRepository, 'claimDue').mockRejectedValueOnce(new Error('database is locked'));
    const id = await t.app.mailer.enqueue(message);
    // The failed pass ends without an unhandled rejection (which would end the server).
    await t.app.mailer.idle();
    expect(claims).toHaveBeenCalledTimes(1);
    expect(await emailRow(t.app, id)).toMatchObject({ status: 'queued', attempts: 0 });
    t.app.mailer.kick();
    await t.app.mailer.idle();
    expect(await emailRow(t.app, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink.messages).toHaveLength(1);
  });

  it('retries while the SMTP server is down and delivers once it is back', async () => {
    sink = await startSmtpSink();
    const port = sink.port;
    await sink.close();
    sink = undefined;
    t = await buildTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailRetryBaseMs: 100,
        mailRetryMaxMs: 300,
        mailPollMs: 50,
        mailMaxAttempts: 100,
      },
    });
    const app = t.app;
    const id = await app.mailer.enqueue(message);
    await until(async () => (await emailRow(app, id)).attempts >= 2);
    const failing = await emailRow(app, id);
    expect(failing.status).toBe('queued');
    expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);

    sink = await startSmtpSink(port);
    const [received] = await sink.waitFor(1);
    expect(received?.subject).toBe('Votre code de connexion');
    await until(async () => (await emailRow(app, id)).status === 'sent');
    const sent = await emailRow(app, id);
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.sentAt).not.toBeNull();
    // Delivered once, not once per attempt.
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages).toHaveLength(1);
  });

  it('records a message that fails for good as failed, with its last error', async () => {
    const closed = await startSmtpSink();
    const port = closed.port;
    await closed.close();
    t = await buildTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailRetryBaseMs: 20,
        mailRetryMaxMs: 40,
        mailPollMs: 20,
        mailMaxAttempts: 3,
      },
    });
    const app = t.app;
    const id = await app.mailer.enqueue(message);
    await until(async () => (await emailRow(app, id)).status === 'failed');
    expect(await emailRow(app, id)).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect((await emailRow(app, id)).lastError).toMatch(/ECONNREFUSED|connect/i);
    const failed = await app.mailRepository.list({ status: 'failed' });
    expect(failed.map((m) => m.id)).toEqual([id]);
  });

  it('writes an .eml file to the outbox when no SMTP_URL is set', async () => {
    t = await buildTestApp();
    const id = await t.app.mailer.enqueue(message);
    await t.app.mailer.idle();
    expect((await emailRow(t.app, id)).status).toBe('sent');
    const outbox = t.config.outboxDir;
    expect(existsSync(outbox)).toBe(true);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(`${outbox}/${files[0]}`, 'utf8');
    expect(eml).toContain('To: pharmacien@example.fr');
    expect(eml).toContain('Votre code : 123456');
  });

  it('leaves a message another server is sending to it, and takes it back once that server’s claim has run out', async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: sink.url, mailPollMs: 60_000 } });
    const now = Date.now();
    // Another server of the base claimed it a moment ago and is sending it.
    const [inserted] = await sqlAll<{ id: number }>(
      t.app,
      "INSERT INTO emails (kind, \"to\", subject, text, attachments, status, attempts, next_attempt_at, created_at, claimed_until) VALUES ('test', 'a@example.fr', 'En cours ailleurs', 'Bonjour.', '[]', 'sending', 0, ?, ?, ?) RETURNING id",
      new Date(now).toISOString(),
      new Date(now).toISOString(),
      new Date(now + CLAIM_MS).toISOString(),
    );
    const id = inserted?.id as number;
    // This server (re)starts and makes its passes: it sends nothing of it.
    const config = testConfig(t.dir, { ...sameDatabase(t.config), smtpUrl: sink.url, mailPollMs: 20 });
    const second = await buildApp({ config });
    try {
      await second.ready();
      await new Promise((r) => setTimeout(r, 200));
      await second.mailer.idle();
      expect(sink.messages).toEqual([]);
      expect((await emailRow(t.app, id)).status).toBe('sending');
      // The other server stopped mid-send: once its claim has run out, this one sends it, once.
      await sqlRun(t.app, 'UPDATE emails SET claimed_until = ? WHERE id = ?', new Date(now - 1).toISOString(), id);
      await until(async () => (await emailRow(t!.app, id)).status === 'sent');
      expect(sink.messages.map((m) => m.subject)).toEqual(['En cours ailleurs']);
    } finally {
      await second.close();
    }
  });

  it('doubles the delay between attempts up to the cap', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelay(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
