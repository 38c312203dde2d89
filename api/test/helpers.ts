import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AccountRow } from '../src/db/schema';
import { sqlRun, tableRows } from './sql';
import { fixtureOf } from '@bilan/fixtures';

/** The fixed business clock of the tests: a Tuesday in March, in Paris. */
export const TEST_NOW = new Date('2026-03-10T10:00:00.000Z');

/** `months` calendar months (UTC) and `days` days after `d`. */
export function addMonths(d: Date, months: number, days = 0): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return new Date(r.getTime() + days * 86_400_000);
}

/** Birth dates that fall in each band on TEST_NOW, and one that falls in none. */
export const BIRTH_DATES = {
  '18to25': '2004-01-15',
  '45to50': '1978-05-02',
  '60to65': '1963-06-01',
  '70to75': '1953-01-20',
  ineligible: '1990-01-01',
} as const;

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  config: Config;
  /** The seeded pharmacies. */
  pharmacy: AccountRow;
  otherPharmacy: AccountRow;
  /** Moves the default test clock forward (no effect when the test passed its own clock). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** Whether this run proves the suites on PostgreSQL (TEST_DATABASE=postgres). */
export const onPostgres = () => process.env.TEST_DATABASE === 'postgres';

/** The database settings of a running test app: a second server on the same database. */
export const sameDatabase = (config: Config): Pick<Config, 'databaseFile' | 'databaseUrl'> => ({
  databaseFile: config.databaseFile,
  databaseUrl: config.databaseUrl,
});

/** A configuration for tests: a temp data folder, fixed secrets, an easy ALTCHA, fast mail retries. */
export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  // Made on purpose: the server refuses a DATA_DIR that does not exist.
  mkdirSync(dir, { recursive: true });
  return loadConfig(
    { DATA_DIR: dir, PUBLIC_URL: 'http://bilan.test' },
    {
      jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
      altchaHmacKey: 'test-altcha-hmac-key-that-is-long-enough-0123',
      codeHashKey: 'test-code-hash-key-that-is-long-enough-012345',
      mailEncryptionKey: 'test-mail-encryption-key-long-enough-0123456',
      ssnEncryptionKey: 'test-ssn-encryption-key-long-enough-01234567',
      altchaMaxNumber: 50,
      altchaCost: 1,
      mailRetryBaseMs: 50,
      mailRetryMaxMs: 200,
      mailPollMs: 50,
      webDist: join(dir, 'no-web'),
      // Tests call one app from one address far more often than a pharmacy would; the global
      // limit itself is tested with its own figure.
      rateLimitPerMinute: 10_000_000,
      // Suites register many patients at one pharmacy; the cap itself is tested with its own figure.
      newFormsPerPharmacyHour: 10_000_000,
      ...overrides,
    },
  );
}

/**
 * The app over a fresh SQLite file in a temp folder, with two pharmacies; over a fresh database
 * of the run's PostgreSQL server instead when TEST_DATABASE=postgres (the api-postgres project of
 * vitest.config.ts runs the repository and route suites that way).
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; clock?: () => Date; mailClock?: () => Date } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'bilan-api-'));
  const databaseUrl = onPostgres() ? await (await import('./postgresDatabase')).freshPostgresDatabase() : null;
  const config = testConfig(dir, { ...(databaseUrl ? { databaseUrl } : {}), ...options.config });
  let elapsedMs = 0;
  const app = await buildApp(
    {
      config,
      clock: options.clock ?? (() => new Date(TEST_NOW.getTime() + elapsedMs)),
      mailClock: options.mailClock,
    },
    // The start's onReady work (retention purge, PDF catch-up) writes with synchronous=FULL: on a
    // shared disk busy with other suites' commits it has taken over Fastify's 10 s default.
    { pluginTimeout: 60_000 },
  );
  const now = TEST_NOW.toISOString();
  const pharmacy = await app.accountsRepository.insert({
    name: 'pharmacie-test',
    displayName: 'Pharmacie de l’Étoile',
    email: 'contact@pharmacie-etoile.test',
    createdAt: now,
  });
  const otherPharmacy = await app.accountsRepository.insert({
    name: 'autre-pharmacie',
    displayName: 'Pharmacie du Port',
    email: 'contact@pharmacie-port.test',
    createdAt: now,
  });
  return {
    app,
    dir,
    config,
    pharmacy,
    otherPharmacy,
    advanceClock(ms) {
      elapsedMs += ms;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Solves a real ALTCHA challenge of the app (the widget's path) and returns the base64 payload;
 * with a pharmacy, the challenge of a registration there (its ticket opens only that pharmacy's).
 */
export async function solveAltcha(app: FastifyInstance, pharmacyId?: number): Promise<string> {
  const query = pharmacyId === undefined ? '' : `?pharmacy=${pharmacyId}`;
  const res = await app.inject({ method: 'GET', url: `/api/bot-check/challenge${query}` });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A valid single-use ticket, obtained through the real challenge → verify path (for a registration at `pharmacyId`). */
export async function botTicket(app: FastifyInstance, pharmacyId?: number): Promise<string> {
  const token = await solveAltcha(app, pharmacyId);
  const res = await app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return (res.json() as { ticket: string }).ticket;
}

export interface RegisterInput {
  civilite?: string;
  nom?: string;
  prenom?: string;
  date_naissance?: string;
  email?: string;
  numero_securite_sociale?: string | null;
  clientId?: number;
  consent?: boolean;
  ticket?: string;
}

/** The registration body of a typical patient of `t.pharmacy`, with a fresh ticket. */
export async function registrationBody(t: TestApp, overrides: RegisterInput = {}): Promise<Record<string, unknown>> {
  return {
    civilite: 'Madame',
    nom: 'Lefèvre',
    prenom: 'Zoé',
    date_naissance: BIRTH_DATES['45to50'],
    email: 'zoe.lefevre@example.fr',
    clientId: t.pharmacy.id,
    consent: true,
    ticket: overrides.ticket ?? (await botTicket(t.app, overrides.clientId ?? t.pharmacy.id)),
    ...overrides,
  };
}

/** Registers a patient and returns its token and id. */
export async function registerPatient(
  t: TestApp,
  overrides: RegisterInput = {},
): Promise<{ token: string; userId: number; ageGroup: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/utilisateur/create',
    payload: await registrationBody(t, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function auth(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * Every row of the given tables, to show that a refused request changed nothing. Waits for the
 * mail queue first: messages queued by an earlier, accepted request may still be going out.
 */
export async function snapshot(
  app: FastifyInstance,
  tables: string[] = ['patients', 'forms', 'documents', 'emails', 'bot_check_solutions', 'demo_submissions'],
): Promise<Record<string, unknown[]>> {
  await app.mailer.idle();
  return tableRows(app, tables);
}

/**
 * Writes a form's answers as they are, without the page saves' replay: what an older client or a
 * bug might have left, for the tests of what the server makes of stored answers.
 */
export async function storeAnswersAsIs(
  app: FastifyInstance,
  patientId: number,
  answers: unknown,
  savedSections: string[],
): Promise<void> {
  await sqlRun(
    app,
    'UPDATE forms SET answers = ?, saved_sections = ? WHERE patient_id = ?',
    JSON.stringify(answers),
    JSON.stringify(savedSections),
    patientId,
  );
}

/** Saves every page of the typical 45-50 patient (fixtures), as « Suivant » does; a refused page stops the test. */
export async function saveTypicalPages(t: TestApp, token: string): Promise<void> {
  for (const [pageKey, reponses] of Object.entries(fixtureOf('45to50', 'typical').answers)) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/utilisateur/me/responses',
      headers: auth(token),
      payload: { pageKey, reponses },
    });
    if (res.statusCode !== 200) throw new Error(`${pageKey} refused: ${res.statusCode} ${res.body}`);
  }
}
