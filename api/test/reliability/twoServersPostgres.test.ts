import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/db/postgres';
import { freshPostgresDatabase } from '../postgresDatabase';
import { startSmtpSink, type SmtpSink } from '../smtpSink';
import { completeFlow, httpCall, identityFor, type Call } from './patientFlow';
import { serverEnv, startServerProcess, type ServerProcess } from './serverProcess';

// Two server processes on one PostgreSQL database behind a balancer that sends each call to the
// next server: every patient's calls (bot check, registration, pages, finishing call) are spread
// over both. No form is lost or written twice, each e-mail reaches the SMTP server once, and the
// retention purge of their simultaneous start runs on one of them.

const PATIENTS = 200;
const AT_ONCE = 10;
const BANDS = ['18to25', '45to50', '60to65', '70to75'] as const;
const dir = mkdtempSync(join(tmpdir(), 'bilan-two-servers-pg-'));
const servers: ServerProcess[] = [];
let sink: SmtpSink | undefined;
let client: pg.Client | undefined;

afterAll(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  await sink?.close();
  await client?.end();
  rmSync(dir, { recursive: true, force: true });
});

describe('two servers on one PostgreSQL database', () => {
  it(
    `take ${PATIENTS} patients whose calls alternate between them: every form once, every e-mail once, one purge`,
    { timeout: 600_000 },
    async () => {
      const url = await freshPostgresDatabase();
      const pool = new pg.Pool({ connectionString: url });
      await migratePostgres(pool);
      await pool.end();
      client = new pg.Client({ connectionString: url });
      await client.connect();
      const count = async (query: string, params: unknown[] = []) =>
        Number((await (client as pg.Client).query<{ n: string }>(query, params)).rows[0]?.n);
      // Thirteen months and more ago: the purge at start removes it, once.
      await client.query(
        "INSERT INTO accounts (name, display_name, email, role, created_at) VALUES ('ancienne', 'Ancienne', 'ancienne@example.fr', 'pharmacy', '2020-01-01T00:00:00.000Z')",
      );
      await client.query(
        "INSERT INTO audit_log (actor_account_id, action, created_at) SELECT id, 'export', '2020-01-02T00:00:00.000Z' FROM accounts WHERE name = 'ancienne'",
      );

      sink = await startSmtpSink();
      const env = serverEnv(dir, {
        DATABASE_URL: url,
        SMTP_URL: sink.url,
        MAIL_POLL_MS: '20',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'info',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '1000',
      });
      // Started together, as replicas of a deployment: both seed, both purge at start.
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const pharmacyId = Number(
        (await client.query<{ id: string }>("SELECT id FROM accounts WHERE name = 'pharmacie-demo'")).rows[0]?.id,
      );
      expect(await count("SELECT count(*) AS n FROM accounts WHERE name = 'pharmacie-demo'")).toBe(1);

      const flows: { email: string; saved: unknown }[] = [];
      for (let start = 0; start < PATIENTS; start += AT_ONCE) {
        const batch = Array.from({ length: Math.min(AT_ONCE, PATIENTS - start) }, async (_, k) => {
          const i = start + k;
          // One address per patient (behind the trusted proxy): the per-address limits stay out of the way.
          const address = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
          const calls = [httpCall(a.url, address), httpCall(b.url, address)];
          let next = i % 2;
          const balanced: Call = (req) => (calls[next++ % 2] as Call)(req);
          const band = BANDS[i % BANDS.length] as (typeof BANDS)[number];
          const identity = identityFor(i, band, new Date());
          const { saved } = await completeFlow(balanced, pharmacyId, identity, band);
          flows.push({ email: identity.email, saved });
        });
        await Promise.all(batch);
      }

      // Every form, once, submitted, with the answers the servers acknowledged.
      const forms = (
        await client.query<{ email: string; status: string; answers: string }>(
          'SELECT p.email, f.status, f.answers FROM patients p JOIN forms f ON f.patient_id = p.id WHERE p.pharmacy_id = $1',
          [pharmacyId],
        )
      ).rows;
      expect(forms).toHaveLength(PATIENTS);
      expect(new Set(forms.map((f) => f.email)).size).toBe(PATIENTS);
      const stored = new Map(forms.map((f) => [f.email, f]));
      for (const flow of flows) {
        const form = stored.get(flow.email);
        expect(form?.status, flow.email).toBe('submitted');
        expect(JSON.parse(form?.answers ?? '{}'), flow.email).toMatchObject(flow.saved as object);
      }

      // Every queued e-mail sent, and received once.
      const queued = await count('SELECT count(*) AS n FROM emails');
      expect(queued).toBe(2 * PATIENTS);
      const deadline = Date.now() + 120_000;
      while ((await count("SELECT count(*) AS n FROM emails WHERE status = 'sent'")) < queued && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(await count("SELECT count(*) AS n FROM emails WHERE status = 'sent'")).toBe(queued);
      // Time for a second copy to arrive, were one on its way.
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.messages).toHaveLength(queued);
      const perRecipient = new Map<string, number>();
      for (const m of sink.messages)
        for (const to of m.envelopeTo) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      for (const flow of flows) expect(perRecipient.get(flow.email), flow.email).toBe(1);
      expect(perRecipient.get('pharmacie-demo@bilan-prevention.local')).toBe(PATIENTS);

      // Both PDFs of every form, rendered after the answers by the server that took the finishing call.
      const pdfs = () =>
        count("SELECT count(*) AS n FROM documents d JOIN forms f ON f.id = d.form_id WHERE f.status = 'submitted'");
      const rendered = Date.now() + 180_000;
      while ((await pdfs()) < 2 * PATIENTS && Date.now() < rendered) await new Promise((r) => setTimeout(r, 500));
      expect(await pdfs()).toBe(2 * PATIENTS);
      // One purge removed the old record; the other server found the purge taken or nothing left.
      expect(await count("SELECT count(*) AS n FROM audit_log WHERE created_at < '2021-01-01'")).toBe(0);
      const purged = servers.filter((s) => /"technical":[1-9]/.test(s.output()));
      expect(purged).toHaveLength(1);
    },
  );
});
