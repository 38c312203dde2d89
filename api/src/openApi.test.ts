// The API document as a contract (issue 21): every bound it declares on a write route is enforced,
// each operation documents the answers it can give, and a refused input changes nothing stored.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, registerPatient, type TestApp } from '../test/helpers';
import { createAdmin, enableLogin, login, STAFF_PASSWORD } from '../test/accounts';
import { operationIdOf } from './plugins/docs';
import { tableRows } from '../test/sql';

interface Schema {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
  additionalProperties?: boolean | Schema;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
let tokens: Record<'patientToken' | 'pharmacistToken' | 'adminToken' | 'secondFactorToken', string>;

beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: false, devTools: true } });
  await enableLogin(t.app, t.pharmacy.id);
  const admin = await createAdmin(t.app);
  const secondFactor = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: t.pharmacy.email, password: STAFF_PASSWORD },
    remoteAddress: '10.0.0.9',
  });
  tokens = {
    patientToken: (await registerPatient(t)).token,
    pharmacistToken: await login(t.app, t.pharmacy.email),
    adminToken: await login(t.app, admin.email, undefined, '10.0.0.7'),
    secondFactorToken: (secondFactor.json() as { token: string }).token,
  };
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
});
afterAll(async () => {
  await t.close();
});

/** Every row of every table: what "nothing stored" is compared on. */
async function storedState(): Promise<string> {
  return createHash('sha256')
    .update(JSON.stringify(await tableRows(t.app)))
    .digest('hex');
}

/** A body that passes each route's schema (so that the one over-long field is the only fault). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'post /api/verify-recaptcha': { token: 'jeton' },
  'post /api/utilisateur/create': {
    civilite: 'Madame',
    nom: 'Lefèvre',
    prenom: 'Zoé',
    date_naissance: '1978-05-02',
    email: 'zoe@example.fr',
    clientId: 1,
    ticket: 'ticket',
  },
  'patch /api/utilisateur/me/responses': { pageKey: 'identite', reponses: {} },
  'post /api/utilisateur/me/resume': { jour: 2, mois: 5 },
  'post /api/utilisateur/me/still-here': {},
  'put /api/utilisateur/me/language': { language: 'en' },
  'post /api/send-test-email': {
    responses: {},
    ageGroup: '45to50',
    userForm: { email: 'demo@example.fr', ageGroup: '45to50' },
    ticket: 'ticket',
  },
  'post /api/storeJson': {
    responses: {},
    ageGroup: '45to50',
    userForm: { email: 'demo@example.fr', ageGroup: '45to50' },
    ticket: 'ticket',
  },
  'post /api/pdf/fill-pdf': { responses: {}, ageGroup: '45to50' },
  'post /api/pdf/generate-bilan': { responses: {}, ageGroup: '45to50' },
  'post /api/auth/login': { email: 'personne@example.fr', password: 'mot de passe' },
  'post /api/auth/verify': { email: 'personne@example.fr', code: '123456' },
  'post /api/auth/check-invite': { token: 'jeton' },
  'post /api/auth/register': {
    name: 'pharmacie',
    nom: 'Pharmacie',
    email: 'p@example.fr',
    password: 'mot de passe',
    inviteToken: 'jeton',
  },
  'post /api/auth/verify-email': { token: 'jeton' },
  'post /api/auth/request-reset': { email: 'personne@example.fr' },
  'post /api/auth/reset-password': { token: 'jeton', newPassword: 'mot de passe' },
  // Locks the pharmacist's session of this file: the calls after it answer 423, after their schema passed.
  'post /api/auth/lock': { code: '2468' },
  'post /api/auth/unlock': { code: '2468' },
  'post /api/acts/{actId}/status': { status: 'a_facturer', reference: null },
  'post /api/acts/{actId}/cancel': { reason: 'Erreur de fiche' },
  'put /api/forms/{id}/plan': {
    revision: 0,
    content: {
      priorities: [],
      notes: '',
      choices: { copyHandedOver: null, doctorTransmission: null, mesDeposit: null },
    },
  },
  'post /api/forms/{id}/plan/finalize': { revision: 0 },
  'put /api/dashboard/settings': {
    address: '3 place de la Mairie, 69001 Lyon',
    phone: '04 78 00 00 00',
    department: '69',
  },
  'post /api/admin/invitations': { email: 'p@example.fr', ttlDays: 7 },
};

const VALID_PARAMS: Record<string, string> = { clientName: 'pharmacie-test', id: '1', actId: '1', kind: 'bilan' };

/** Each bounded string or array of a schema: its path from the root and the value one over its bound. */
function overLimits(schema: Schema, path: string[] = []): { path: string[]; value: unknown; bound: string }[] {
  const found: { path: string[]; value: unknown; bound: string }[] = [];
  if (schema.maxLength !== undefined)
    found.push({ path, value: 'x'.repeat(schema.maxLength + 1), bound: `maxLength ${schema.maxLength}` });
  if (schema.maxItems !== undefined)
    found.push({
      path,
      value: Array.from({ length: schema.maxItems + 1 }, () => ({})),
      bound: `maxItems ${schema.maxItems}`,
    });
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    found.push(...overLimits(property, [...path, name]));
  return found;
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return body;
  const inner = (body[head] ?? {}) as Record<string, unknown>;
  return { ...body, [head]: rest.length === 0 ? value : withValue(inner, rest, value) };
}

const writeOperations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => method !== 'get')
      .map(([method, op]) => ({ method, path, op, key: `${method} ${path}` })),
  );

const tokenFor = (op: Operation): string | undefined => {
  const scheme = Object.keys(op.security?.[0] ?? {})[0] as keyof typeof tokens | undefined;
  return scheme ? tokens[scheme] : undefined;
};

const urlOf = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? VALID_PARAMS[name] ?? ''));

describe('the API document as a contract', () => {
  it('refuses, on every write route, a string one character over each declared maxLength and an array one item over maxItems: 400 with a code, nothing stored', async () => {
    let checked = 0;
    for (const { method, path, op, key } of writeOperations()) {
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const cases = [
        ...(bodySchema ? overLimits(bodySchema).map((c) => ({ ...c, where: 'body' as const })) : []),
        ...(op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .flatMap((p) => overLimits(p.schema, [p.name]).map((c) => ({ ...c, where: 'path' as const }))),
      ];
      for (const c of cases) {
        const base = VALID_BODIES[key] ?? {};
        const payload = c.where === 'body' ? withValue(base, c.path, c.value) : base;
        const params = c.where === 'path' ? { [c.path[0] ?? '']: String(c.value) } : {};
        const token = tokenFor(op);
        const before = await storedState();
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: urlOf(path, params),
          headers: token ? auth(token) : {},
          payload,
        });
        const label = `${key} ${c.where}/${c.path.join('/')} (${c.bound})`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        const answer = res.json() as { code: string; details?: { path: string; message: string }[] };
        expect(answer.code, label).toBe('invalid_request');
        // Refused for that field's bound, not for another fault of the body.
        expect(
          answer.details?.map((d) => d.path),
          label,
        ).toContain(`${c.where === 'body' ? 'body' : 'params'}/${c.path.join('/')}`);
        expect(await storedState(), `${label}: something was stored`).toBe(before);
        checked += 1;
      }
    }
    // Every bounded input of the write routes (a route added with bounds adds cases here).
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it('refuses a key the schema does not name on every closed body (additionalProperties false), storing nothing', async () => {
    let checked = 0;
    for (const { method, path, op, key } of writeOperations()) {
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      if (bodySchema?.additionalProperties !== false) continue;
      const token = tokenFor(op);
      const before = await storedState();
      const res = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url: urlOf(path, {}),
        headers: token ? auth(token) : {},
        payload: { ...VALID_BODIES[key], inconnu: 1 },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect((res.json() as { code: string }).code, key).toBe('invalid_request');
      expect(await storedState(), `${key}: something was stored`).toBe(before);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('the base bodies of that test pass the schemas (so its 400s come from the bound alone)', async () => {
    for (const { method, path, op, key } of writeOperations()) {
      if (!op.requestBody) continue;
      const token = tokenFor(op);
      const res = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url: urlOf(path, {}),
        headers: token ? auth(token) : {},
        payload: VALID_BODIES[key] ?? {},
      });
      const answer = res.statusCode === 400 ? (res.json() as { details?: unknown }) : {};
      // A schema refusal lists the fields at fault; the routes' own refusals (a page unknown to
      // the form, an invitation not found) come after the schema passed.
      expect(Array.isArray(answer.details), `${key}: ${res.body}`).toBe(false);
    }
  });

  it('documents a 400 on every operation that takes an input, a 401 on every one with a scheme, a 500 on all, and a name', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const label = `${method} ${path}`;
        const codes = Object.keys(op.responses);
        if ((op.requestBody || (op.parameters ?? []).length > 0) && !codes.includes('400'))
          missing.push(`${label}: 400`);
        if ((op.security ?? []).some((s) => Object.keys(s).length > 0) && !codes.includes('401'))
          missing.push(`${label}: 401`);
        if (!codes.includes('500')) missing.push(`${label}: 500`);
        if (op.operationId !== operationIdOf(method, path.replace(/\{(\w+)\}/g, ':$1')))
          missing.push(`${label}: operationId`);
      }
    }
    expect(missing).toEqual([]);
  });
});
