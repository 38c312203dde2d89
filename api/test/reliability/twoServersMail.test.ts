import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink, type SmtpSink } from '../smtpSink';
import { serverEnv, startServerProcess, type ServerProcess } from './serverProcess';

// Two server processes on one database, both polling the mail queue: every queued e-mail reaches
// the SMTP server once, neither lost nor sent twice.

const MAILS = 200;
const dir = mkdtempSync(join(tmpdir(), 'bilan-two-servers-'));
const servers: ServerProcess[] = [];
let sink: SmtpSink | undefined;

afterAll(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two servers on one database', () => {
  it(`deliver each of ${MAILS} queued e-mails once`, async () => {
    sink = await startSmtpSink();
    const env = serverEnv(dir, { SMTP_URL: sink.url, MAIL_POLL_MS: '20' });
    // The first start creates the base; the e-mails are queued while both run.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const db = new Database(env.DATABASE_FILE as string);
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      "INSERT INTO emails (kind, \"to\", subject, text, attachments, status, attempts, next_attempt_at, created_at) VALUES ('test', ?, ?, 'Bonjour.', '[]', 'queued', 0, ?, ?)",
    );
    const now = new Date().toISOString();
    for (let i = 0; i < MAILS; i++) insert.run(`destinataire-${i}@example.fr`, `Message ${i}`, now, now);
    const deadline = Date.now() + 60_000;
    const sent = () => (db.prepare("SELECT count(*) AS n FROM emails WHERE status = 'sent'").get() as { n: number }).n;
    while (sent() < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Time for a second copy to arrive, were one on its way.
    await new Promise((r) => setTimeout(r, 500));
    db.close();
    const subjects = sink.messages.filter((m) => m.subject.startsWith('Message ')).map((m) => m.subject);
    expect(subjects.length).toBe(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
  });
});
