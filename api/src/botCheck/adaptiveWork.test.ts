import { afterEach, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { botTicket, buildTestApp, registerPatient, registrationBody, snapshot, type TestApp } from '../../test/helpers';

// Issue 30, point 5: a script solved the fixed proof of work in 0.7 s and registered patients at
// pharmacies by their sequential id. The challenge grows harder as an address asks for more of
// them or a pharmacy's registrations spike, and its ticket opens a registration at its pharmacy only.

let t: TestApp;
afterEach(async () => {
  await t.close();
});

type Parameters = Challenge['parameters'];
const challengeFor = async (remoteAddress: string, pharmacy?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bot-check/challenge${pharmacy === undefined ? '' : `?pharmacy=${pharmacy}`}`,
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Challenge;
};
const costOf = async (remoteAddress: string, pharmacy?: number) =>
  ((await challengeFor(remoteAddress, pharmacy)).parameters as Parameters).cost;

/** A verified proof of a challenge, as the widget posts it, with its parameters changed by `tamper`. */
async function verify(challenge: Challenge, tamper: (p: Parameters) => Parameters = (p) => p) {
  const solution = await solveChallenge({ challenge, deriveKey });
  const token = Buffer.from(
    JSON.stringify({ challenge: { ...challenge, parameters: tamper(challenge.parameters) }, solution }),
  ).toString('base64');
  return t.app.inject({ method: 'POST', url: '/api/verify-recaptcha', payload: { token } });
}

describe('the proof of work', () => {
  it('costs what is configured for a person, and doubles as one address asks for more, up to 64 times', async () => {
    t = await buildTestApp({ config: { altchaCost: 3 } });
    const costs: number[] = [];
    // One a second: under the route's own limit (60 a minute), within the 10 minutes counted.
    for (let i = 0; i < 80; i++) {
      costs.push(await costOf('198.51.100.7'));
      t.advanceClock(1000);
    }
    expect(costs.slice(0, 10)).toEqual(Array(10).fill(3));
    expect(costs[10]).toBe(6);
    expect(costs[20]).toBe(12);
    expect(costs.at(-1)).toBe(3 * 64);
    // Another address, and the same address ten minutes later, start again.
    expect(await costOf('198.51.100.8')).toBe(3);
    t.advanceClock(10 * 60_000 + 1);
    expect(await costOf('198.51.100.7')).toBe(3);
  });

  it('doubles for a pharmacy whose registrations spike, not for the others', async () => {
    t = await buildTestApp();
    for (let i = 0; i < 16; i++) await registerPatient(t);
    t.advanceClock(30 * 60_000);
    expect(await costOf('198.51.100.20', t.pharmacy.id)).toBe(4);
    expect(await costOf('198.51.100.21', t.otherPharmacy.id)).toBe(1);
    // An hour after them, the pharmacy is calm again.
    t.advanceClock(31 * 60_000);
    expect(await costOf('198.51.100.22', t.pharmacy.id)).toBe(1);
  });
});

describe('a ticket', () => {
  it('opens a registration only at the pharmacy its challenge was made for', async () => {
    t = await buildTestApp();
    const register = async (ticket: string, clientId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/utilisateur/create',
        payload: await registrationBody(t, { ticket, clientId }),
      });
    const forOther = await botTicket(t.app, t.otherPharmacy.id);
    const forNone = await botTicket(t.app);
    const before = await snapshot(t.app);
    for (const ticket of [forOther, forNone]) {
      const res = await register(ticket, t.pharmacy.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bot_check_failed');
    }
    expect(await snapshot(t.app)).toEqual(before);
    expect((await register(forOther, t.otherPharmacy.id)).statusCode).toBe(201);
    expect((await register(await botTicket(t.app, t.pharmacy.id), t.pharmacy.id)).statusCode).toBe(201);
  });

  it('cannot be moved to another pharmacy by rewriting its challenge, nor cheapened', async () => {
    t = await buildTestApp();
    const challenge = await challengeFor('198.51.100.30', t.pharmacy.id);
    expect(challenge.parameters.data).toEqual({ pharmacy: t.pharmacy.id });
    for (const tamper of [
      (p: Parameters) => ({ ...p, data: { pharmacy: t.otherPharmacy.id } }),
      ({ data: _dropped, ...p }: Parameters) => p,
    ]) {
      const res = await verify(challenge, tamper);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bot_check_failed');
    }
  });
});

describe('a ticket spent later', () => {
  // Issue 41, point 1: twenty challenges fetched ahead from two addresses all carried the base
  // cost, and spent afterwards opened twenty registrations at one pharmacy before the cost rose.
  it('must have cost what the pharmacy requires when it is spent, not when its challenge was issued', async () => {
    t = await buildTestApp();
    const challenges: Challenge[] = [];
    for (const address of ['198.51.100.40', '198.51.100.41'])
      for (let i = 0; i < 10; i++) challenges.push(await challengeFor(address, t.pharmacy.id));
    expect(challenges.map((c) => c.parameters.cost)).toEqual(Array(20).fill(1));
    const tickets: string[] = [];
    for (const challenge of challenges) {
      const res = await verify(challenge);
      expect(res.statusCode, res.body).toBe(200);
      tickets.push(res.json().ticket as string);
    }
    const register = async (ticket: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/utilisateur/create',
        payload: await registrationBody(t, { ticket }),
      });
    // Ten registrations an hour at the base cost, then the cost doubles every five more.
    for (const ticket of tickets.slice(0, 11)) expect((await register(ticket)).statusCode).toBe(201);
    const before = await snapshot(t.app, ['patients', 'forms', 'bot_check_solutions']);
    for (const ticket of tickets.slice(11)) {
      const res = await register(ticket);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bot_check_failed');
    }
    expect(await snapshot(t.app, ['patients', 'forms', 'bot_check_solutions'])).toEqual(before);
    // A challenge issued now costs what is required now, and its ticket opens the registration
    // (a minute later: the route's own limit per address has counted the refusals).
    t.advanceClock(60_000);
    expect(await costOf('198.51.100.42', t.pharmacy.id)).toBe(2);
    expect((await register(await botTicket(t.app, t.pharmacy.id))).statusCode).toBe(201);
  });
});
