import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink, type SmtpSink } from '../smtpSink';
import {
  bearer,
  botTicket,
  httpCall,
  identityFor,
  saveAllPages,
  submit,
  type Call,
  type CallRequest,
  type CallResponse,
} from './patientFlow';
import { serverEnv, startServerProcess, type ServerProcess } from './serverProcess';

// One full flow against the real server process, whose log (stdout) is then searched for every
// secret and every health value the flow carried.

const SSN = '178057512345628';
const ANSWER_MARKER = 'Confidentiel-réponse-7Q3Z';
const OTHER_MARKER = 'Autre-sujet-intime-K8W2';
const NEW_PASSWORD = 'nouveau mot de passe très sûr';

let dir: string;
let smtp: SmtpSink;
let server: ServerProcess;
let env: Record<string, string>;
const exchanges: { req: CallRequest; res: CallResponse }[] = [];
/** Every value that must not reach the log. */
const secrets: { what: string; value: string }[] = [];
let log = '';

function recording(call: Call): Call {
  return async (req) => {
    const res = await call(req);
    exchanges.push({ req, res });
    return res;
  };
}

function json<T>(res: CallResponse, status: number): T {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}

/** The first message to `to` received after index `from` whose text matches, waiting for it. */
async function mailMatching(to: string, from: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const hit = smtp.messages.slice(from).find((m) => m.envelopeTo.includes(to) && pattern.test(m.text));
    const value = hit ? pattern.exec(hit.text)?.[1] : undefined;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`no message to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function staffLogin(call: Call, email: string, password: string): Promise<string> {
  const before = smtp.messages.length;
  const first = json<{ step?: string; token: string }>(
    await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    200,
  );
  secrets.push({ what: 'mfa token', value: first.token });
  const code = await mailMatching(email, before, /code de vérification est\s: (\d{6})/);
  secrets.push({ what: 'login code', value: code });
  const verified = json<{ token: string }>(
    await call({ method: 'POST', url: '/api/auth/verify', headers: bearer(first.token), payload: { email, code } }),
    200,
  );
  secrets.push({ what: 'staff token', value: verified.token });
  return verified.token;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bilan-logs-'));
  smtp = await startSmtpSink();
  env = serverEnv(dir, { SMTP_URL: smtp.url, LOG_LEVEL: 'info' });
  secrets.push(
    { what: 'admin password', value: env.ADMIN_PASSWORD as string },
    { what: 'pharmacy password', value: env.DEMO_PHARMACY_PASSWORD as string },
  );
  server = await startServerProcess(env);
  const call = recording(httpCall(server.url));

  // The patient: registration with a social security number, every page, a free-text answer.
  const { client: pharmacy } = json<{ client: { id: number } }>(
    await call({ method: 'GET', url: '/api/clients/public/pharmacie-demo' }),
    200,
  );
  const ticket = await botTicket(call, pharmacy.id);
  secrets.push({ what: 'bot-check ticket', value: ticket });
  const identity = { ...identityFor(1, '45to50', new Date()), numero_securite_sociale: SSN };
  const created = json<{ token: string; userId: number }>(
    await call({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: { ...identity, clientId: pharmacy.id, consent: true, ticket },
    }),
    201,
  );
  secrets.push({ what: 'patient token', value: created.token });
  const patient = { token: created.token, userId: created.userId, band: '45to50' as const };
  await saveAllPages(call, patient);
  json(
    await call({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: bearer(patient.token),
      payload: { pageKey: 'healthQuestions', reponses: { otherSexualHealth: OTHER_MARKER } },
    }),
    200,
  );
  const last = await call({ method: 'GET', url: '/api/utilisateur/me', headers: bearer(patient.token) });
  const stored = (JSON.parse(last.body) as { reponses: Record<string, Record<string, unknown>> }).reponses;
  json(
    await call({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: bearer(patient.token),
      payload: {
        pageKey: 'addictionAndMentalHealth',
        reponses: { ...stored.addictionAndMentalHealth, customFocusTopics: ANSWER_MARKER },
      },
    }),
    200,
  );
  secrets.push(
    { what: 'free-text answer', value: ANSWER_MARKER },
    { what: 'free-text answer', value: OTHER_MARKER },
    { what: 'social security number', value: SSN },
  );
  await submit(call, patient.token);
  // A refused save, which the error path logs.
  await call({
    method: 'PATCH',
    url: '/api/utilisateur/me/responses',
    headers: bearer(patient.token),
    payload: { pageKey: 'healthQuestions', reponses: { otherSexualHealth: ANSWER_MARKER } },
  });

  // The pharmacist: a wrong password, then login with the e-mailed code, the list, a PDF, the export.
  const pharmacyEmail = 'pharmacie-demo@bilan-prevention.local';
  await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: pharmacyEmail, password: 'mauvais mot de passe 123' },
  });
  secrets.push({ what: 'wrong password', value: 'mauvais mot de passe 123' });
  const staff = await staffLogin(call, pharmacyEmail, env.DEMO_PHARMACY_PASSWORD as string);
  const list = json<{ records: { id: number }[] }>(
    await call({ method: 'GET', url: '/api/responses/grouped', headers: bearer(staff) }),
    200,
  );
  expect(list.records.map((r) => r.id)).toContain(patient.userId);
  await call({ method: 'GET', url: `/api/pdf-download/${patient.userId}/bilan`, headers: bearer(staff) });
  await call({ method: 'GET', url: '/api/utilisateurs/export', headers: bearer(staff) });

  // Password reset through the e-mailed link.
  const before = smtp.messages.length;
  await call({ method: 'POST', url: '/api/auth/request-reset', payload: { email: pharmacyEmail } });
  const link = await mailMatching(pharmacyEmail, before, /reset-password#token=([A-Za-z0-9_-]+)/);
  secrets.push({ what: 'reset token', value: link }, { what: 'new password', value: NEW_PASSWORD });
  const reset = await call({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: link, newPassword: NEW_PASSWORD },
  });
  expect(reset.statusCode, reset.body).toBe(200);

  // The admin creates an invitation, whose token is shown once.
  const admin = await staffLogin(call, 'admin@bilan-prevention.local', env.ADMIN_PASSWORD as string);
  const invitation = json<{ token: string }>(
    await call({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: bearer(admin),
      payload: { email: null, ttlDays: 7 },
    }),
    201,
  );
  secrets.push({ what: 'invitation token', value: invitation.token });
  await call({ method: 'POST', url: '/api/auth/check-invite', payload: { token: invitation.token } });

  await server.kill('SIGTERM');
  log = server.output();
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('logs of a full flow', () => {
  it('were captured: the log has the requests of the flow', () => {
    expect(log).toContain('/api/utilisateur/me/responses');
    expect(log).toContain('/api/auth/verify');
    // One line per answered request.
    expect(log.split('\n').filter((l) => l.includes('"request completed"')).length).toBeGreaterThan(20);
  });

  it('never contain a password, a code, a token, the social security number or an answer', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(14);
    for (const s of secrets) {
      // Digits-only secrets (codes, the number) must not appear as a whole number; the rest anywhere.
      const found = /^\d+$/.test(s.value) ? new RegExp(`(?<!\\d)${s.value}(?!\\d)`).test(log) : log.includes(s.value);
      expect(found, `${s.what} found in the log`).toBe(false);
    }
  });

  it('do not carry the answers of the questionnaire (typical answers of a whole page)', () => {
    expect(log).not.toMatch(/"reponses"\s*:\s*\{/);
    expect(log).not.toContain('customFocusTopics');
  });
});

describe('headers', () => {
  it('every API response of the flow says Cache-Control: no-store', () => {
    const api = exchanges.filter((e) => e.req.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(20);
    for (const e of api)
      expect(String(e.res.headers['cache-control']), `${e.req.method} ${e.req.url}`).toContain('no-store');
  });

  it('a Content-Security-Policy without unsafe-eval or inline script, and the usual hardening headers', () => {
    for (const e of exchanges) {
      const csp = String(e.res.headers['content-security-policy'] ?? '');
      expect(csp, `${e.req.method} ${e.req.url}`).not.toBe('');
      expect(csp).not.toContain('unsafe-eval');
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      const scripts = directives['script-src'] ?? directives['default-src'] ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(e.res.headers['x-content-type-options']).toBe('nosniff');
      expect(e.res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('the PDF download and the export, which carry health data, are not cached either', () => {
    const downloads = exchanges.filter(
      (e) => e.req.url.startsWith('/api/pdf-download/') || e.req.url.startsWith('/api/utilisateurs/export'),
    );
    expect(downloads).toHaveLength(2);
    for (const d of downloads) {
      expect(d.res.statusCode).toBe(200);
      expect(String(d.res.headers['cache-control'])).toContain('no-store');
    }
  });
});
