// Fuzzing of every write route with fast-check, over inject: random payloads built from the
// routes' real schemas, mutations of valid payloads, raw garbage. Shared by the tests (1,000 cases
// per route) and `pnpm bench` (a larger run). Invariants checked on every case:
//   - never a 5xx;
//   - every refusal (4xx) is a JSON error { code, message, error };
//   - a refused request leaves the database as it was.
// This file is the harness; the targets are in fuzzPatientTargets.ts and fuzzAccountTargets.ts.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import {
  anyJson,
  applyMutations,
  fromSchema,
  mutations,
  nastyString,
  rawBody,
  type JsonSchema,
  type Mutation,
} from './schemaArbitrary';
import { sqlAll } from '../sql';

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

async function fingerprint(app: FastifyInstance): Promise<string> {
  const tables: [string, unknown[]][] = [];
  for (const [table, query] of Object.entries(fingerprintQueries)) tables.push([table, await sqlAll(app, query)]);
  return JSON.stringify(tables);
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
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Sends one case and checks the invariants; throws (so fast-check reports and shrinks) when broken. */
export async function sendAndCheck(
  app: FastifyInstance,
  req: FuzzRequest,
  stats: FuzzStats,
  ip: string,
): Promise<void> {
  // What an earlier accepted case does after its answer (a reset's link and e-mail) is done first.
  await app.mailer.idle();
  const before = await fingerprint(app);
  const headers: Record<string, string> = { ...req.headers };
  let payload: string | undefined;
  if (req.raw) {
    headers['content-type'] = req.raw.contentType;
    payload = req.raw.body;
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  }
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload }),
  });
  await app.mailer.idle();
  stats.cases += 1;
  stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500) throw new Error(`${req.url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      throw new Error(
        `${req.url}: refusal ${res.statusCode} is not JSON (${String(res.headers['content-type'])}): ${res.body.slice(0, 200)}`,
      );
    }
    const body = JSON.parse(res.body) as Record<string, unknown>;
    if (
      typeof body.code !== 'string' ||
      !/^[a-z0-9_]+$/.test(body.code) ||
      typeof body.message !== 'string' ||
      body.message === '' ||
      body.error !== body.message
    ) {
      throw new Error(`${req.url}: refusal ${res.statusCode} without a stable error body: ${res.body.slice(0, 300)}`);
    }
    // The mail worker may still be marking earlier messages sent; the fingerprint ignores that.
    const after = await fingerprint(app);
    if (after !== before) throw new Error(`${req.url}: refusal ${res.statusCode} (${body.code}) changed the database`);
  }
}

export type CaseOf<T> =
  | { kind: 'random'; value: unknown }
  | { kind: 'mutated'; edits: Mutation[]; extra: T }
  | { kind: 'raw'; raw: { contentType: string; body: string } };

/** Random (from the schema) 4, mutated valid 4, raw 1, any JSON 1. */
export function caseArbitrary<T>(
  schema: JsonSchema,
  keys: readonly string[],
  extra: fc.Arbitrary<T>,
): fc.Arbitrary<CaseOf<T>> {
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema(schema).map((value) => ({ kind: 'random' as const, value })) },
    {
      weight: 4,
      arbitrary: fc.tuple(mutations(keys), extra).map(([edits, x]) => ({ kind: 'mutated' as const, edits, extra: x })),
    },
    // The valid payload untouched: the routes refuse unknown keys now, so the edits above seldom
    // leave one that passes, and the happy path must stay among the cases.
    { weight: 1, arbitrary: extra.map((x) => ({ kind: 'mutated' as const, edits: [], extra: x })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ kind: 'raw' as const, raw })) },
    { weight: 1, arbitrary: anyJson.map((value) => ({ kind: 'random' as const, value })) },
  );
}

/** A valid token, a damaged copy of it, or something else entirely. */
export function tokenVariant(valid: string, others: string[]): fc.Arbitrary<string | null> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(valid) },
    fc
      .nat({ max: valid.length - 1 })
      .map((i) => `${valid.slice(0, i)}${valid[i] === 'A' ? 'B' : 'A'}${valid.slice(i + 1)}`),
    fc.nat({ max: valid.length - 1 }).map((i) => valid.slice(0, i)),
    fc.constantFrom<string | null>(null, '', 'null', 'eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.', ...others),
    nastyString,
  );
}

export function authHeader(token: string | null): Record<string, string> {
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

/** The OpenAPI body schema of a route (the one Fastify validates with). */
export function bodySchemaOf(app: FastifyInstance, path: string, method: 'post' | 'patch'): JsonSchema {
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no body schema for ${method.toUpperCase()} ${path}`);
  return schema;
}

export function bodyOf<T>(c: CaseOf<T>, valid: () => Record<string, unknown>): Pick<FuzzRequest, 'json' | 'raw'> {
  if (c.kind === 'raw') return { raw: c.raw };
  if (c.kind === 'random') return { json: c.value };
  return { json: applyMutations(valid(), c.edits) };
}

export interface FuzzTarget {
  route: string;
  run(numRuns: number): Promise<FuzzStats>;
}

export async function property<T>(
  numRuns: number,
  arb: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
): Promise<void> {
  await fc.assert(fc.asyncProperty(arb, body), { numRuns, endOnFailure: true });
}
