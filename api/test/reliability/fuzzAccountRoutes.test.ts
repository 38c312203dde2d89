import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import type { FuzzStats } from './fuzz';
import { fuzzInvitation, fuzzLogin, fuzzRegister, fuzzReset, fuzzVerify } from './fuzzAccountTargets';

const RUNS = 1000;
// Fuzzing is slow by nature (argon2 on the paths that reach it): a generous bound, not a speed check.
const TIMEOUT = 180_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const refusals = (stats: FuzzStats) =>
  Object.entries(stats.byStatus).reduce((n, [s, c]) => (Number(s) >= 400 ? n + c : n), 0);
const successes = (stats: FuzzStats) =>
  Object.entries(stats.byStatus).reduce((n, [s, c]) => (Number(s) < 300 ? n + c : n), 0);

describe('fuzzing the account write routes (no 5xx, JSON refusals, nothing stored on a refusal)', () => {
  it(`POST /api/auth/login: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await (await fuzzLogin(t)).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    expect(successes(stats)).toBeGreaterThan(0);
    expect(stats.byStatus[401] ?? 0).toBeGreaterThan(0);
  });

  it(`POST /api/auth/verify: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await (await fuzzVerify(t)).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    expect(successes(stats)).toBeGreaterThan(0);
    expect(refusals(stats)).toBeGreaterThan(RUNS / 2);
  });

  it(`POST /api/auth/register: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await fuzzRegister(t).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    expect(stats.byStatus[201] ?? 0).toBeGreaterThan(0);
    expect(refusals(stats)).toBeGreaterThan(RUNS / 2);
  });

  it(`POST /api/auth/request-reset and reset-password: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await (await fuzzReset(t)).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    expect(successes(stats)).toBeGreaterThan(0);
    expect(refusals(stats)).toBeGreaterThan(0);
  });

  it(`POST /api/admin/invitations: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await (await fuzzInvitation(t)).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    expect(stats.byStatus[201] ?? 0).toBeGreaterThan(0);
    expect(refusals(stats)).toBeGreaterThan(0);
  });
});
