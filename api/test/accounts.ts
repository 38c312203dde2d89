// Test support for the accounts routes (imported by *.test.ts only).
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { loadFixtures } from '@bilan/fixtures';
import type { Answers, BandCode } from '@bilan/engine';
import { accounts, documents, emails, forms, patients } from '../src/db/schema';
import { latestDefinition } from '../src/questionnaire/definitions';
import { renderPdf } from '../src/reports/render';
import { hashPassword } from '../src/accounts/passwordHash';

export const STAFF_PASSWORD = 'cheval agrafe pile correcte';

/** A JWT built by hand with the given header, to forge what the app must refuse. */
export function forgeJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
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
export async function enableLogin(app: FastifyInstance, accountId: number, extra: Partial<typeof accounts.$inferInsert> = {}): Promise<void> {
  cachedHash ??= await hashPassword(STAFF_PASSWORD);
  app.db
    .update(accounts)
    .set({ passwordHash: cachedHash, emailVerifiedAt: '2026-01-01T00:00:00.000Z', ...extra })
    .where(eq(accounts.id, accountId))
    .run();
}

export async function createAdmin(app: FastifyInstance): Promise<{ id: number; email: string }> {
  const row = app.db
    .insert(accounts)
    .values({ name: 'admin', displayName: 'Administration', email: 'admin@bilan.test', role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' })
    .returning()
    .get();
  await enableLogin(app, row.id);
  return { id: row.id, email: row.email };
}

/** The last login code e-mailed to an address, read from the mail queue. */
export function lastCode(app: FastifyInstance, to: string): string {
  const rows = app.db.select().from(emails).where(eq(emails.to, to)).all().filter((m) => m.kind === 'login_code');
  const match = /code de vérification est : (\d{6})/.exec(rows.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no login code for ${to}`);
  return match[1];
}

/** The last link of a kind of e-mail sent to an address. */
export function lastLink(app: FastifyInstance, to: string, kind: string): string {
  const rows = app.db.select().from(emails).where(eq(emails.to, to)).all().filter((m) => m.kind === kind);
  const match = /(https?:\/\/\S+)/.exec(rows.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${kind} link for ${to}`);
  return match[1];
}

/** Full login (password then e-mailed code) through the routes; returns the staff token. */
export async function login(app: FastifyInstance, email: string, password = STAFF_PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const first = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  if (first.statusCode !== 200) throw new Error(`login: ${first.statusCode} ${first.body}`);
  const { step, token } = first.json() as { step?: string; token: string };
  if (step !== 'verify') return token;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { authorization: `Bearer ${token}` },
    payload: { email, code: lastCode(app, email) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

// Birth dates inside each band for forms submitted in 2026.
const BIRTH_DATES: Record<BandCode, string> = { '18to25': '2004-05-02', '45to50': '1978-05-02', '60to65': '1963-05-02', '70to75': '1953-05-02' };

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
  const typical = loadFixtures(band).find((f) => f.name === 'typical');
  if (!typical) throw new Error(`fixture ${band}/typical missing`);
  const answers = who.answers ?? typical.expected.normalized;
  const patient = app.db
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
    .returning()
    .get();
  const form = app.db
    .insert(forms)
    .values({
      patientId: patient.id,
      definitionId: def.id,
      definitionVersion: def.version,
      answers: JSON.stringify(answers),
      savedSections: JSON.stringify(Object.keys(answers)),
      status: 'submitted',
      createdAt: who.submittedAt,
      updatedAt: who.submittedAt,
      submittedAt: who.submittedAt,
    })
    .returning()
    .get();
  for (const kind of ['questionnaire', 'bilan'] as const) {
    const content = await renderPdf({ content: [`${kind} de ${who.firstName} ${who.lastName}`] });
    app.db.insert(documents).values({ formId: form.id, kind, content, bytes: content.length, createdAt: who.submittedAt }).run();
  }
  return { patientId: patient.id, answers };
}
