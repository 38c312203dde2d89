import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server';
import { startSmtpSink, type SmtpSink } from '../smtpSink';
import { runLoad, verifyNothingLost } from './loadRun';
import { serverEnv } from './serverProcess';

// 200 simulated patients complete whole flows (bot check, registration, four pages, the finishing
// call with both PDFs and two e-mails) against the real server on 127.0.0.1, ten at a time.
// A correctness test under load, not a speed check: `pnpm bench` measures and runs a longer one.

const PATIENTS = 200;
const CONCURRENCY = 10;

let dir: string;
let smtp: SmtpSink;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bilan-load-'));
  smtp = await startSmtpSink();
  server = await startServer({
    ...serverEnv(dir, { SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'error', MAIL_POLL_MS: '100' }),
  });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`load: ${PATIENTS} patients completing whole flows, ${CONCURRENCY} at a time`, () => {
  it(
    'no error, every questionnaire stored as submitted with its answers, its two PDFs and its two e-mails',
    // What it proves is that nothing is lost, not a speed (pnpm bench measures that): about a minute
    // alone, it took over four on a two-core machine shared with browser tests and builds.
    { timeout: 600_000 },
    async () => {
      const pharmacy = server.app.sqlite.prepare("SELECT id FROM accounts WHERE name = 'pharmacie-demo'").get() as {
        id: number;
      };
      const result = await runLoad({
        url: server.url,
        pharmacyId: pharmacy.id,
        patients: PATIENTS,
        concurrency: CONCURRENCY,
      });
      expect(result.errors).toEqual([]);
      expect(result.completed).toHaveLength(PATIENTS);
      expect(verifyNothingLost(server.app.config.databaseFile, result)).toEqual([]);

      // The PDFs are rendered just after each answer (reports/formPdfs.ts).
      await server.app.formPdfs.idle();
      const db = server.app.sqlite;
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count("SELECT count(*) AS n FROM forms WHERE status = 'submitted'")).toBe(PATIENTS);
      expect(count("SELECT count(*) AS n FROM documents WHERE kind = 'questionnaire'")).toBe(PATIENTS);
      expect(count("SELECT count(*) AS n FROM documents WHERE kind = 'bilan'")).toBe(PATIENTS);
      expect(count('SELECT count(*) AS n FROM emails')).toBe(2 * PATIENTS);
      // The queue delivers every message to the SMTP server.
      await smtp.waitFor(2 * PATIENTS, 60_000);
      expect(smtp.messages).toHaveLength(2 * PATIENTS);
      expect((db.pragma('integrity_check') as { integrity_check: string }[])[0]?.integrity_check).toBe('ok');
    },
  );
});
