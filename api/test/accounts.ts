// Test support for the accounts routes (imported by *.test.ts only).
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { fixtureOf } from '@bilan/fixtures';
import type { Answers, BandCode } from '@bilan/engine';
import { accounts, documents, forms, patients } from './tables';
import { latestDefinition } from '../src/questionnaire/definitions';
import { formTriageOf, storedTriage } from '../src/questionnaire/triage';
import { renderPdf } from '../src/reports/render';
import { hashPassword } from '../src/accounts/passwordHash';
import { decodeWords, parseMime } from './smtpSink';
import { buildTestApp, type TestApp } from './helpers';
import { one } from './sql';

export const STAFF_PASSWORD = 'cheval agrafe pile correcte';

/** A JWT built by hand with the given header, to forge what the app must refuse. */
export function forgeJwt(
  payload: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc(header)}.${enc(payload)}`;
  if (header.alg === 'none') return `${head}.`;
  const algo = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${createHmac(algo, secret).update(head).digest('base64url')}`;
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

let cachedHash: string | undefined;
/** Gives a seeded account a password and a verified address (one argon2 hash per test file). */
export async function enableLogin(
  app: FastifyInstance,
  accountId: number,
  extra: Partial<typeof accounts.$inferInsert> = {},
): Promise<void> {
  cachedHash ??= await hashPassword(STAFF_PASSWORD);
  await app.store.db
    .update(accounts)
    .set({ passwordHash: cachedHash, emailVerifiedAt: '2026-01-01T00:00:00.000Z', ...extra })
    .where(eq(accounts.id, accountId));
}

export async function createAdmin(app: FastifyInstance): Promise<{ id: number; email: string }> {
  const row = await one(
    app.store.db
      .insert(accounts)
      .values({
        name: 'admin',
        displayName: 'Administration',
        email: 'admin@bilan.test',
        role: 'admin',
        createdAt: '2026-01-01T00:00:00.000Z',
      })
      .returning(),
  );
  await enableLogin(app, row.id);
  return { id: row.id, email: row.email };
}

/**
 * The messages delivered to an address, oldest first, as the recipient reads them: the queue keeps
 * no code or link in clear, so tests read what was delivered (the outbox .eml files of an app
 * without SMTP_URL).
 */
export async function deliveredTo(app: FastifyInstance, to: string): Promise<{ subject: string; text: string }[]> {
  await app.mailer.idle();
  const dir = app.config.outboxDir;
  if (!existsSync(dir)) return [];
  // Names are <ISO time>-<pid>-<sequence>.eml: order by time, then by sequence.
  const order = (f: string) => [f.slice(0, 24), Number(/-(\d+)\.eml$/.exec(f)?.[1] ?? 0)] as const;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => {
      const [ta, sa] = order(a);
      const [tb, sb] = order(b);
      return ta === tb ? sa - sb : ta < tb ? -1 : 1;
    });
  return files
    .map((f) => parseMime(readFileSync(join(dir, f), 'utf8')))
    .filter((m) => (m.headers.to ?? '').includes(to))
    .map((m) => ({ subject: decodeWords(m.headers.subject ?? ''), text: m.text }));
}

/** The last login code e-mailed to an address. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const texts = (await deliveredTo(app, to)).map((m) => m.text);
  const match = /code de vérification est\s: (\d{6})/.exec(
    texts.filter((t) => t.includes('code de vérification')).at(-1) ?? '',
  );
  if (!match?.[1]) throw new Error(`no login code for ${to}`);
  return match[1];
}

const LINK_PATHS: Record<string, string> = {
  verify_email: '/email-verifie#token=',
  reset_password: '/reset-password#token=',
};

/** The token a link carries in its fragment (`#token=…` or `#invite=…`). */
export function fragmentToken(link: string): string {
  return new URLSearchParams(new URL(link).hash.slice(1)).values().next().value ?? '';
}

/** The last link of a kind of e-mail (verify_email, reset_password) delivered to an address. */
export async function lastLink(app: FastifyInstance, to: string, kind: string): Promise<string> {
  const path = LINK_PATHS[kind] ?? kind;
  const links = (await deliveredTo(app, to))
    .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
    .filter((l) => l.includes(path));
  const link = links.at(-1);
  if (!link) throw new Error(`no ${kind} link for ${to}`);
  return link;
}

/** Full login (password then e-mailed code) through the routes; returns the staff token. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = STAFF_PASSWORD,
  ip = '10.0.0.1',
): Promise<string> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (first.statusCode !== 200) throw new Error(`login: ${first.statusCode} ${first.body}`);
  const { step, token } = first.json() as { step?: string; token: string };
  if (step !== 'verify') return token;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { authorization: `Bearer ${token}` },
    payload: { email, code: await lastCode(app, email) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/**
 * Full login from a browser that keeps the trusted-device cookie (sent when given, as a browser
 * would): answers the staff token and the cookie the server set, to send next time.
 */
export async function loginWithDevice(
  app: FastifyInstance,
  email: string,
  options: { password?: string; ip?: string; cookie?: string } = {},
): Promise<{ token: string; cookie: string }> {
  const { password = STAFF_PASSWORD, ip = '10.0.0.1', cookie } = options;
  const headers = cookie ? { cookie } : {};
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers,
  });
  if (first.statusCode !== 200) throw new Error(`login: ${first.statusCode} ${first.body}`);
  const { token } = first.json() as { token: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload: { email, code: await lastCode(app, email) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  const set = String(res.headers['set-cookie'] ?? '');
  return { token: (res.json() as { token: string }).token, cookie: set.split(';')[0] ?? '' };
}

// Birth dates inside each band for forms submitted in 2026.
const BIRTH_DATES: Record<BandCode, string> = {
  '18to25': '2004-05-02',
  '45to50': '1978-05-02',
  '60to65': '1963-05-02',
  '70to75': '1953-05-02',
};

/**
 * A submitted form of a pharmacy (45-50 unless told), stored as the finishing call stores it: the
 * typical fixture's normalized answers (or the given ones) and two real PDFs (whose text names the
 * patient and the kind).
 */
export async function submittedForm(
  app: FastifyInstance,
  pharmacyId: number,
  who: { lastName: string; firstName: string; submittedAt: string; band?: BandCode; answers?: Answers },
) {
  const band = who.band ?? '45to50';
  const def = latestDefinition(band);
  const typical = fixtureOf(band, 'typical');
  const answers = who.answers ?? typical.expected.normalized;
  const patient = await one(
    app.store.db
      .insert(patients)
      .values({
        pharmacyId,
        civility: 'Madame',
        lastName: who.lastName,
        firstName: who.firstName,
        birthDate: BIRTH_DATES[band],
        email: `${who.firstName.toLowerCase()}@example.fr`,
        band,
        consentAt: who.submittedAt,
        createdAt: who.submittedAt,
      })
      .returning(),
  );
  const form = await one(
    app.store.db
      .insert(forms)
      .values({
        patientId: patient.id,
        pharmacyId,
        definitionId: def.id,
        definitionVersion: def.version,
        answers: JSON.stringify(answers),
        savedSections: JSON.stringify(Object.keys(answers)),
        status: 'submitted',
        createdAt: who.submittedAt,
        updatedAt: who.submittedAt,
        submittedAt: who.submittedAt,
        ...storedTriage(
          formTriageOf({
            definition: def,
            answers,
            date: new Date(who.submittedAt),
            patient: { civility: 'Madame', birthDate: BIRTH_DATES[band] },
          }),
        ),
      })
      .returning(),
  );
  for (const kind of ['questionnaire', 'bilan'] as const) {
    const content = await renderPdf({ content: [`${kind} de ${who.firstName} ${who.lastName}`] });
    await app.store.db
      .insert(documents)
      .values({ formId: form.id, kind, content, bytes: content.length, createdAt: who.submittedAt });
  }
  return { patientId: patient.id, answers };
}

/**
 * A fresh test app for each test of the file, its pharmacy able to log in, closed after the test.
 * Read it as the TestApp itself (`t.app`, `t.pharmacy`); reading it outside a test throws.
 */
export function eachAppWithPharmacyLogin(): TestApp {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await buildTestApp();
    await enableLogin(current.app, current.pharmacy.id);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('the test app is read outside a test');
      return Reflect.get(current, key);
    },
  });
}
