// A simulated patient for the reliability tests and the benchmark (not a test file itself): it
// goes through the real routes, over `inject` or over HTTP on loopback, with a real ALTCHA
// solution for the bot check.
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Answers, BandCode } from '@bilan/engine';
import { fixtureOf } from '@bilan/fixtures';
import { latestDefinition } from '../../src/questionnaire/definitions';

export interface CallRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

export interface CallResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** One HTTP exchange; the same flow runs over inject (tests) and over a socket (server, bench). */
export type Call = (req: CallRequest) => Promise<CallResponse>;

export function injectCall(app: FastifyInstance, remoteAddress = '127.0.0.1'): Call {
  return async (req) => {
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      remoteAddress,
      ...(req.payload === undefined ? {} : { payload: req.payload as Record<string, unknown> }),
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  };
}

/**
 * Calls over HTTP to a listening server. `forwardedFor` gives each simulated patient its own
 * address (the server must trust the proxy header: TRUST_PROXY=127.0.0.1), so that the per-address
 * rate limits of registration apply per patient as they would in real life.
 */
export function httpCall(baseUrl: string, forwardedFor?: string): Call {
  return async (req) => {
    const headers: Record<string, string> = { ...req.headers };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    if (req.payload !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${req.url}`, {
      method: req.method,
      headers,
      body: req.payload === undefined ? undefined : JSON.stringify(req.payload),
    });
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      out[k] = v;
    });
    return { statusCode: res.status, headers: out, body: await res.text() };
  };
}

/** A typical age for each band, for birth dates that fall in the band on any day. */
const typicalAge: Record<BandCode, number> = { '18to25': 21, '45to50': 47, '60to65': 62, '70to75': 72 };

/** A birth date (YYYY-MM-DD) that puts the patient in `band` on `now`. */
export function birthDateForBand(band: BandCode, now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - typicalAge[band], now.getUTCMonth(), 1));
  d.setUTCMonth(d.getUTCMonth() - 3);
  return d.toISOString().slice(0, 10);
}

/** The typical fixture's answers of a band, page by page in the definition's order. */
export function typicalPages(band: BandCode): { section: string; answers: Answers[string] }[] {
  const typical = fixtureOf(band, 'typical');
  return latestDefinition(band).pages.map((p) => ({
    section: p.section,
    answers: typical.expected.normalized[p.section] ?? {},
  }));
}

async function expectJson<T>(res: CallResponse, status: number, what: string): Promise<T> {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}

/**
 * A single-use bot-check ticket through the real challenge → solve → verify path; for a
 * registration, the challenge of its pharmacy (the ticket opens only that pharmacy's).
 */
export async function botTicket(call: Call, pharmacyId?: number): Promise<string> {
  const query = pharmacyId === undefined ? '' : `?pharmacy=${pharmacyId}`;
  const challenge = await expectJson<Challenge>(
    await call({ method: 'GET', url: `/api/bot-check/challenge${query}` }),
    200,
    'challenge',
  );
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const verified = await expectJson<{ ticket: string }>(
    await call({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } }),
    200,
    'verify',
  );
  return verified.ticket;
}

export interface Identity {
  civilite: 'Madame' | 'Monsieur' | 'Autre';
  nom: string;
  prenom: string;
  date_naissance: string;
  email: string;
  numero_securite_sociale?: string;
}

/** `i` spelt in letters (0 → a, 25 → z, 26 → ba): a name holds no digit (isPersonName). */
function spelt(i: number): string {
  let text = '';
  for (let n = i; ; n = Math.floor(n / 26)) {
    text = String.fromCharCode(97 + (n % 26)) + text;
    if (n < 26) return text;
  }
}

export function identityFor(i: number, band: BandCode, now: Date): Identity {
  return {
    civilite: i % 2 === 0 ? 'Madame' : 'Monsieur',
    nom: `Patient ${spelt(i)}`,
    prenom: `Prénom ${spelt(i)}`,
    date_naissance: birthDateForBand(band, now),
    email: `patient${i}@example.fr`,
  };
}

export interface RegisteredPatient {
  token: string;
  userId: number;
  band: BandCode;
}

export async function registerPatient(
  call: Call,
  pharmacyId: number,
  identity: Identity,
  band: BandCode,
): Promise<RegisteredPatient> {
  // A ticket must cost what the pharmacy requires when it is spent: when other registrations
  // raised the cost meanwhile, the person solves a new challenge, as the web form has them do.
  let res: CallResponse | undefined;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const ticket = await botTicket(call, pharmacyId);
    res = await call({
      method: 'POST',
      url: '/api/utilisateur/create',
      payload: { ...identity, clientId: pharmacyId, consent: true, ticket },
    });
    if (res.statusCode !== 400 || !res.body.includes('"bot_check_failed"')) break;
  }
  if (!res) throw new Error('create: no attempt');
  const body = await expectJson<{ token: string; userId: number; ageGroup: string }>(res, 201, 'create');
  if (body.ageGroup !== band) throw new Error(`create: band ${body.ageGroup}, expected ${band}`);
  return { token: body.token, userId: body.userId, band };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function savePage(
  call: Call,
  token: string,
  section: string,
  answers: Answers[string],
): Promise<CallResponse> {
  return call({
    method: 'PATCH',
    url: '/api/utilisateur/me/responses',
    headers: bearer(token),
    payload: { pageKey: section, reponses: answers },
  });
}

/** Saves every page of the typical answers; returns what the server answered for each. */
export async function saveAllPages(call: Call, patient: RegisteredPatient): Promise<Answers> {
  const saved: Answers = {};
  for (const page of typicalPages(patient.band)) {
    const body = await expectJson<{ reponses: Answers[string] }>(
      await savePage(call, patient.token, page.section, page.answers),
      200,
      `save ${page.section}`,
    );
    saved[page.section] = body.reponses;
  }
  return saved;
}

export async function submit(call: Call, token: string): Promise<{ status: string; submittedAt: string }> {
  return expectJson(
    await call({ method: 'POST', url: '/api/utilisateur/me/submit', headers: bearer(token) }),
    200,
    'submit',
  );
}

export interface MeView {
  id: number;
  status: 'in_progress' | 'submitted';
  reponses: Answers;
  savedPages: string[];
}

export async function me(call: Call, token: string): Promise<MeView> {
  return expectJson(await call({ method: 'GET', url: '/api/utilisateur/me', headers: bearer(token) }), 200, 'me');
}

/** Registration, every page, the finishing call: the whole patient flow. */
export async function completeFlow(
  call: Call,
  pharmacyId: number,
  identity: Identity,
  band: BandCode,
): Promise<{ patient: RegisteredPatient; saved: Answers }> {
  const patient = await registerPatient(call, pharmacyId, identity, band);
  const saved = await saveAllPages(call, patient);
  await submit(call, patient.token);
  return { patient, saved };
}
