// Fuzzing of every write route with fast-check, over inject: random payloads built from the
// routes' real schemas, mutations of valid payloads, raw garbage. Shared by the tests (1,000 cases
// per route) and `pnpm bench` (a larger run). Invariants checked on every case:
//   - never a 5xx;
//   - every refusal (4xx) is a JSON error { code, message, error };
//   - a refused request leaves the database as it was.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sectionSchema, type BandCode } from '@bilan/engine';
import { latestDefinition } from '../../src/questionnaire/definitions';
import { accountTokens, invitations, loginCodes } from '../../src/db/schema';
import { hashLoginCode, newSecretToken } from '../../src/accounts/secretToken';
import { issueMfaToken } from '../../src/accounts/staffTokens';
import { createAdmin, enableLogin, login, STAFF_PASSWORD } from '../accounts';
import type { TestApp } from '../helpers';
import { BANDS, botTicket, identityFor, injectCall, registerPatient, savePage, typicalPages, type RegisteredPatient } from './patientFlow';
import { anyJson, applyMutations, fromSchema, mutations, nastyString, rawBody, type JsonSchema, type Mutation } from './schemaArbitrary';

/**
 * What a case compares: every table, minus columns that legitimately change on their own or on
 * a refusal. The mail worker updates a queued message's status in the background, and a wrong
 * second-factor code is counted (login_codes.attempts) precisely because it was refused.
 */
const fingerprintQueries: Record<string, string> = {
  accounts: 'SELECT * FROM accounts ORDER BY id',
  patients: 'SELECT * FROM patients ORDER BY id',
  forms: 'SELECT * FROM forms ORDER BY id',
  documents: 'SELECT id, form_id, kind, bytes FROM documents ORDER BY id',
  emails: 'SELECT id, kind, "to" FROM emails ORDER BY id',
  bot_check_solutions: 'SELECT key, kind, used_at FROM bot_check_solutions ORDER BY key',
  demo_submissions: 'SELECT * FROM demo_submissions ORDER BY id',
  invitations: 'SELECT * FROM invitations ORDER BY id',
  account_tokens: 'SELECT * FROM account_tokens ORDER BY id',
  login_codes: 'SELECT id, account_id, challenge_id, used_at FROM login_codes ORDER BY id',
  staff_sessions: 'SELECT * FROM staff_sessions ORDER BY jti',
  audit_log: 'SELECT * FROM audit_log ORDER BY id',
};

export function fingerprint(sqlite: Database.Database): string {
  return JSON.stringify(Object.entries(fingerprintQueries).map(([t, q]) => [t, sqlite.prepare(q).all()]));
}

export interface FuzzRequest {
  method: 'POST' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  /** A JSON-serialisable body, or a raw body with its media type. */
  json?: unknown;
  raw?: { contentType: string; body: string };
}

export interface FuzzStats {
  route: string;
  cases: number;
  byStatus: Record<number, number>;
}

let ipCounter = 0;
/** A distinct client address per case, so that per-address rate limits do not hide the handlers. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Sends one case and checks the invariants; throws (so fast-check reports and shrinks) when broken. */
async function sendAndCheck(app: FastifyInstance, req: FuzzRequest, stats: FuzzStats, ip: string): Promise<void> {
  const before = fingerprint(app.sqlite);
  const headers: Record<string, string> = { ...req.headers };
  let payload: string | undefined;
  if (req.raw) {
    headers['content-type'] = req.raw.contentType;
    payload = req.raw.body;
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  }
  const res = await app.inject({ method: req.method, url: req.url, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload }) });
  stats.cases += 1;
  stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500) throw new Error(`${req.url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      throw new Error(`${req.url}: refusal ${res.statusCode} is not JSON (${String(res.headers['content-type'])}): ${res.body.slice(0, 200)}`);
    }
    const body = JSON.parse(res.body) as Record<string, unknown>;
    if (typeof body.code !== 'string' || !/^[a-z0-9_]+$/.test(body.code) || typeof body.message !== 'string' || body.message === '' || body.error !== body.message) {
      throw new Error(`${req.url}: refusal ${res.statusCode} without a stable error body: ${res.body.slice(0, 300)}`);
    }
    // The mail worker may still be marking earlier messages sent; the fingerprint ignores that.
    const after = fingerprint(app.sqlite);
    if (after !== before) throw new Error(`${req.url}: refusal ${res.statusCode} (${body.code}) changed the database`);
  }
}

type CaseOf<T> = { kind: 'random'; value: unknown } | { kind: 'mutated'; edits: Mutation[]; extra: T } | { kind: 'raw'; raw: { contentType: string; body: string } };

/** Random (from the schema) 4, mutated valid 4, raw 1, any JSON 1. */
function caseArbitrary<T>(schema: JsonSchema, keys: readonly string[], extra: fc.Arbitrary<T>): fc.Arbitrary<CaseOf<T>> {
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema(schema).map((value) => ({ kind: 'random' as const, value })) },
    { weight: 4, arbitrary: fc.tuple(mutations(keys), extra).map(([edits, x]) => ({ kind: 'mutated' as const, edits, extra: x })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ kind: 'raw' as const, raw })) },
    { weight: 1, arbitrary: anyJson.map((value) => ({ kind: 'random' as const, value })) },
  );
}

/** A valid token, a damaged copy of it, or something else entirely. */
function tokenVariant(valid: string, others: string[]): fc.Arbitrary<string | null> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(valid) },
    fc.nat({ max: valid.length - 1 }).map((i) => `${valid.slice(0, i)}${valid[i] === 'A' ? 'B' : 'A'}${valid.slice(i + 1)}`),
    fc.nat({ max: valid.length - 1 }).map((i) => valid.slice(0, i)),
    fc.constantFrom<string | null>(null, '', 'null', 'eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.', ...others),
    nastyString,
  );
}

function authHeader(token: string | null): Record<string, string> {
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

/** The OpenAPI body schema of a route (the one Fastify validates with). */
export function bodySchemaOf(app: FastifyInstance, path: string, method: 'post' | 'patch'): JsonSchema {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no body schema for ${method.toUpperCase()} ${path}`);
  return schema;
}

function bodyOf<T>(c: CaseOf<T>, valid: () => Record<string, unknown>): Pick<FuzzRequest, 'json' | 'raw'> {
  if (c.kind === 'raw') return { raw: c.raw };
  if (c.kind === 'random') return { json: c.value };
  return { json: applyMutations(valid(), c.edits) };
}

export interface FuzzTarget {
  route: string;
  run(numRuns: number): Promise<FuzzStats>;
}

async function property<T>(numRuns: number, arb: fc.Arbitrary<T>, body: (value: T) => Promise<void>): Promise<void> {
  await fc.assert(fc.asyncProperty(arb, body), { numRuns, endOnFailure: true });
}

/** POST /api/utilisateur/create: identity, consent and a real single-use bot-check ticket. */
export function fuzzCreate(t: TestApp): FuzzTarget {
  const route = 'POST /api/utilisateur/create';
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/utilisateur/create', 'post');
      const keys = Object.keys(schema.properties ?? {});
      await property(numRuns, caseArbitrary(schema, [...keys, 'consent', 'ticket'], fc.constantFrom<BandCode>(...BANDS)), async (c) => {
        let valid: Record<string, unknown> = {};
        if (c.kind === 'mutated') {
          valid = { ...identityFor(stats.cases, c.extra, t.app.clock()), clientId: t.pharmacy.id, consent: true, ticket: await botTicket(injectCall(t.app, nextIp())) };
        }
        await sendAndCheck(t.app, { method: 'POST', url: '/api/utilisateur/create', ...bodyOf(c, () => valid) }, stats, nextIp());
      });
      return stats;
    },
  };
}

/** PATCH /api/utilisateur/me/responses: section answers from the definitions' own schemas. */
export async function fuzzSavePage(t: TestApp): Promise<FuzzTarget> {
  const route = 'PATCH /api/utilisateur/me/responses';
  const patients: RegisteredPatient[] = [];
  for (const [i, band] of BANDS.entries()) patients.push(await registerPatient(injectCall(t.app, nextIp()), t.pharmacy.id, identityFor(100 + i, band, t.app.clock()), band));
  const pages = patients.flatMap((p) =>
    typicalPages(p.band).map((page) => ({ patient: p, section: page.section, answers: page.answers, schema: sectionSchema(latestDefinition(p.band), page.section) as JsonSchema })),
  );
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const arb = fc.integer({ min: 0, max: pages.length - 1 }).chain((i) => {
        const page = pages[i] as (typeof pages)[number];
        const fieldKeys = Object.keys(page.schema.properties ?? {});
        const reponses = fc.oneof(
          { weight: 5, arbitrary: fromSchema(page.schema) },
          { weight: 4, arbitrary: mutations(fieldKeys.length > 0 ? fieldKeys : ['x']).map((edits) => applyMutations(page.answers as Record<string, unknown>, edits)) },
          { weight: 1, arbitrary: anyJson },
        );
        const pageKey = fc.oneof({ weight: 8, arbitrary: fc.constant<unknown>(page.section) }, { weight: 1, arbitrary: fc.constantFrom(...pages.map((p) => p.section)) }, { weight: 1, arbitrary: anyJson });
        const body = fc.oneof(
          { weight: 8, arbitrary: fc.record({ pageKey, reponses }).map((json) => ({ json }) as Pick<FuzzRequest, 'json' | 'raw'>) },
          { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
          { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
        );
        const others = patients.filter((p) => p !== page.patient).map((p) => p.token);
        return fc.tuple(body, tokenVariant(page.patient.token, others.slice(0, 1)));
      });
      await property(numRuns, arb, async ([body, token]) => {
        await sendAndCheck(t.app, { method: 'PATCH', url: '/api/utilisateur/me/responses', headers: authHeader(token), ...body }, stats, nextIp());
      });
      return stats;
    },
  };
}

/**
 * POST /api/utilisateur/me/submit (the finishing call): damaged tokens and stray bodies against
 * an unfinished questionnaire, then `storedRuns` questionnaires whose stored answers are random
 * values of the section schemas (as an older client or a bug might have left them), every page
 * marked saved: the call must produce the PDFs or refuse cleanly.
 */
export async function fuzzSubmit(t: TestApp, storedRuns: number): Promise<FuzzTarget> {
  const route = 'POST /api/utilisateur/me/submit';
  const call = injectCall(t.app);
  const unfinished = await registerPatient(call, t.pharmacy.id, identityFor(200, '45to50', t.app.clock()), '45to50');
  const first = typicalPages('45to50')[0];
  if (first) await savePage(call, unfinished.token, first.section, first.answers);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const body = fc.oneof(
        { weight: 3, arbitrary: fc.constant<Pick<FuzzRequest, 'json' | 'raw'>>({}) },
        { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
        { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
      );
      await property(Math.max(numRuns - storedRuns, 1), fc.tuple(body, tokenVariant(unfinished.token, [])), async ([b, token]) => {
        await sendAndCheck(t.app, { method: 'POST', url: '/api/utilisateur/me/submit', headers: authHeader(token), ...b }, stats, nextIp());
      });

      const bandArb = fc.constantFrom<BandCode>(...BANDS);
      const stored = bandArb.chain((band) => {
        const def = latestDefinition(band);
        return fc.tuple(fc.constant(band), fc.tuple(...def.pages.map((p) => fromSchema(sectionSchema(def, p.section) as JsonSchema))));
      });
      await property(storedRuns, stored, async ([band, pageAnswers]) => {
        const p = await registerPatient(injectCall(t.app, nextIp()), t.pharmacy.id, identityFor(300 + stats.cases, band, t.app.clock()), band);
        const def = latestDefinition(band);
        const answers = Object.fromEntries(def.pages.map((page, i) => [page.section, pageAnswers[i]]));
        t.app.sqlite
          .prepare('UPDATE forms SET answers = ?, saved_sections = ? WHERE patient_id = ?')
          .run(JSON.stringify(answers), JSON.stringify(def.pages.map((page) => page.section)), p.userId);
        await sendAndCheck(t.app, { method: 'POST', url: '/api/utilisateur/me/submit', headers: authHeader(p.token) }, stats, nextIp());
      });
      return stats;
    },
  };
}

/** POST /api/auth/login. Addresses come from a small pool, so the login limiter is part of the run. */
/**
 * POST /api/auth/login. One valid login in ten, the clock moving 20 s per case, forty client
 * addresses (the route's own per-address limit, 30 a minute of real time, would otherwise answer
 * almost every case): the login limiter's windows reopen as they would in a day of use, so the
 * run reaches the handler's successes as well as its refusals whatever order fast-check draws
 * the cases in.
 */
export async function fuzzLogin(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/login';
  await enableLogin(t.app, t.pharmacy.id);
  const ips = Array.from({ length: 40 }, (_, i) => `10.200.0.${i + 1}`);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/login', 'post');
      const valid = () => ({ email: t.pharmacy.email, password: STAFF_PASSWORD });
      const validCase = fc.constant<CaseOf<null>>({ kind: 'mutated', edits: [], extra: null });
      const arb = fc.oneof({ weight: 9, arbitrary: caseArbitrary(schema, ['email', 'password'], fc.constant(null)) }, { weight: 1, arbitrary: validCase });
      await property(numRuns, fc.tuple(arb, fc.constantFrom(...ips)), async ([c, ip]) => {
        t.advanceClock(20_000);
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/login', ...bodyOf(c, valid) }, stats, ip);
      });
      return stats;
    },
  };
}

/** POST /api/auth/verify: a fresh login step (challenge and known code) for each case. */
export async function fuzzVerify(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/verify';
  await enableLogin(t.app, t.pharmacy.id);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/verify', 'post');
      const arb = fc.tuple(caseArbitrary(schema, ['email', 'code'], fc.constant(null)), fc.integer({ min: 0, max: 9 }), fc.nat(), fc.constantFrom('123456', '000000'));
      await property(numRuns, arb, async ([c, tokenKind, cut, code]) => {
        const challengeId = randomUUID();
        const now = t.app.clock();
        t.app.db
          .insert(loginCodes)
          .values({
            accountId: t.pharmacy.id,
            challengeId,
            codeHash: hashLoginCode(code, challengeId, t.app.config.jwtSecret),
            expiresAt: new Date(now.getTime() + 600_000).toISOString(),
            createdAt: now.toISOString(),
          })
          .run();
        const mfa = issueMfaToken(t.app, t.pharmacy.id, challengeId);
        // Mostly the right token; sometimes a damaged one or none.
        const token = tokenKind < 7 ? mfa : tokenKind === 7 ? mfa.slice(0, cut % mfa.length) : tokenKind === 8 ? `${mfa}x` : null;
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/verify', headers: authHeader(token), ...bodyOf(c, () => ({ email: t.pharmacy.email, code })) }, stats, nextIp());
      });
      return stats;
    },
  };
}

function insertInvitation(t: TestApp, email: string | null = null): string {
  const { token, hash } = newSecretToken();
  const now = t.app.clock();
  t.app.db.insert(invitations).values({ tokenHash: hash, email, expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(), createdAt: now.toISOString() }).run();
  return token;
}

/** POST /api/auth/register: a fresh invitation for each mutated case. */
export function fuzzRegister(t: TestApp): FuzzTarget {
  const route = 'POST /api/auth/register';
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/auth/register', 'post');
      const keys = Object.keys(schema.properties ?? {});
      await property(numRuns, caseArbitrary(schema, keys, fc.nat()), async (c) => {
        let valid: Record<string, unknown> = {};
        if (c.kind === 'mutated') {
          const n = `${stats.cases}-${c.extra}`;
          valid = { name: `pharmacie-${n}`, nom: `Pharmacie ${n}`, email: `pharmacie-${n}@example.fr`, password: STAFF_PASSWORD, inviteToken: insertInvitation(t) };
        }
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/register', ...bodyOf(c, () => valid) }, stats, nextIp());
      });
      return stats;
    },
  };
}

/** POST /api/auth/request-reset and POST /api/auth/reset-password (a fresh reset link per mutated case). */
export async function fuzzReset(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/auth/request-reset + reset-password';
  await enableLogin(t.app, t.pharmacy.id);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const requestSchema = bodySchemaOf(t.app, '/api/auth/request-reset', 'post');
      const resetSchema = bodySchemaOf(t.app, '/api/auth/reset-password', 'post');
      const half = Math.ceil(numRuns / 2);
      await property(half, caseArbitrary(requestSchema, ['email'], fc.constant(null)), async (c) => {
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/request-reset', ...bodyOf(c, () => ({ email: t.pharmacy.email })) }, stats, nextIp());
      });
      // Passwords: mostly too short or common (refused before any hashing), sometimes acceptable.
      const password = fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 11 }) },
        { weight: 1, arbitrary: fc.constantFrom('motdepasse123', 'azertyuiop123', 'aaaaaaaaaaaaaaaa') },
        { weight: 1, arbitrary: fc.string({ minLength: 12, maxLength: 40 }) },
      );
      await property(numRuns - half, caseArbitrary(resetSchema, ['token', 'newPassword'], password), async (c) => {
        let valid: Record<string, unknown> = {};
        if (c.kind === 'mutated') {
          const { token, hash } = newSecretToken();
          const now = t.app.clock();
          t.app.db
            .insert(accountTokens)
            .values({ accountId: t.pharmacy.id, purpose: 'reset_password', tokenHash: hash, expiresAt: new Date(now.getTime() + 3600_000).toISOString(), createdAt: now.toISOString() })
            .run();
          valid = { token, newPassword: c.extra };
        }
        await sendAndCheck(t.app, { method: 'POST', url: '/api/auth/reset-password', ...bodyOf(c, () => valid) }, stats, nextIp());
      });
      return stats;
    },
  };
}

/** POST /api/admin/invitations, with the admin's token (sometimes damaged, or a pharmacist's). */
export async function fuzzInvitation(t: TestApp): Promise<FuzzTarget> {
  const route = 'POST /api/admin/invitations';
  const admin = await createAdmin(t.app);
  const adminToken = await login(t.app, admin.email);
  await enableLogin(t.app, t.pharmacy.id);
  const pharmacistToken = await login(t.app, t.pharmacy.email, STAFF_PASSWORD, '10.0.0.2');
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/admin/invitations', 'post');
      const arb = fc.tuple(caseArbitrary(schema, ['email', 'ttlDays'], fc.constant(null)), tokenVariant(adminToken, [pharmacistToken]));
      await property(numRuns, arb, async ([c, token]) => {
        await sendAndCheck(
          t.app,
          { method: 'POST', url: '/api/admin/invitations', headers: authHeader(token), ...bodyOf(c, () => ({ email: 'nouvelle@pharmacie.test', ttlDays: 7 })) },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}
